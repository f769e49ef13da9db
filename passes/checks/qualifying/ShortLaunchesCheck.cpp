//===- ShortLaunchesCheck.cpp - headroom-short-launches -------------------===//
///
/// \file
/// Launches so short that launch overhead, which the model does not see, may
/// dominate (thesis 5.2.6; the threshold of the thesis author's toolkit).
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Message.h"

namespace headroom {

namespace {

constexpr double ShortLaunchNs = 100e3;
constexpr Threshold Thresholds[] = {
    {"ShortLaunchNs", ShortLaunchNs, ThresholdUnit::Nanoseconds}};

constexpr CheckInfo Info{
    checks::ShortLaunches, DiagnosticLevel::Note,
    "A launch takes under 100 us on average: launch overhead, which the "
    "model does not see, may dominate (thesis 5.2.6).",
    "Batch work into fewer, larger launches, or use CUDA graphs.", Thresholds};

class ShortLaunchesCheck : public QualifyingCheck {
public:
  ShortLaunchesCheck() : QualifyingCheck(Info) {}
  bool applies(const KernelReport &K) const override {
    return K.Launches && K.TotalNs > 0 && K.meanLaunchNs() < ShortLaunchNs;
  }
  std::string message(const KernelReport &K) const override {
    return headroom::message(Msg::QualShortLaunches,
                             {Arg::time(K.meanLaunchNs() / 1e6)});
  }
};

} // namespace

const QualifyingCheck &checkShortLaunches() {
  static const ShortLaunchesCheck Instance;
  return Instance;
}

} // namespace headroom
