//===- PartialCountersCheck.cpp - headroom-partial-counters ---------------===//
///
/// \file
/// Launches in configurations that were not sampled: the prediction covers
/// only the sampled ones.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Message.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::PartialCounters, DiagnosticLevel::Note,
    "Some launches of the kernel ran in configurations without counters; "
    "the prediction covers only the sampled configurations.",
    "Sample more configurations (docs/runtime.md) if the others matter."};

class PartialCountersCheck : public QualifyingCheck {
public:
  PartialCountersCheck() : QualifyingCheck(Info) {}
  bool applies(const KernelReport &K) const override {
    return K.Finding && K.ModeledLaunches < K.Launches;
  }
  std::string message(const KernelReport &K) const override {
    return headroom::message(
        Msg::QualPartialCounters,
        {Arg::count(double(K.Launches - K.ModeledLaunches)),
         Arg::count(double(K.Launches))});
  }
};

} // namespace

const QualifyingCheck &checkPartialCounters() {
  static const PartialCountersCheck Instance;
  return Instance;
}

} // namespace headroom
