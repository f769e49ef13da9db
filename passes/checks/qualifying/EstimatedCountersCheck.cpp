//===- EstimatedCountersCheck.cpp - headroom-estimated-counters -----------===//
///
/// \file
/// Launches whose counters the runtime estimated from sampled
/// configurations of the same kernel (the sampling bounds left their
/// configuration out): the prediction stands on scaled counters there.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Message.h"

#include <cmath>

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::EstimatedCounters, DiagnosticLevel::Note,
    "Some launches ran in configurations that were not sampled; their "
    "counters were estimated from sampled configurations of the same "
    "kernel, scaled by the number of threads.",
    "Sample every configuration with HEADROOM_SAMPLE_GROUPING=exact "
    "HEADROOM_BUDGET_PCT=off HEADROOM_SAMPLES_PER_KERNEL=off if the "
    "estimate matters (docs/runtime.md)."};

class EstimatedCountersCheck : public QualifyingCheck {
public:
  EstimatedCountersCheck() : QualifyingCheck(Info) {}
  bool applies(const KernelReport &K) const override {
    return K.Finding && K.EstimatedLaunches > 0;
  }
  std::string message(const KernelReport &K) const override {
    double Share = K.TotalNs > 0 ? K.EstimatedNs / K.TotalNs : 0.0;
    return headroom::message(Msg::QualEstimatedCounters,
                             {Arg::count(double(K.EstimatedLaunches)),
                              Arg::count(double(K.Launches)),
                              Arg::percent(Share)});
  }
};

} // namespace

const QualifyingCheck &checkEstimatedCounters() {
  static const EstimatedCountersCheck Instance;
  return Instance;
}

} // namespace headroom
