//===- LatencyBoundCheck.cpp - headroom-latency-bound ---------------------===//
///
/// \file
/// The warning of a kernel that keeps no unit of the GPU busy: the Hopper
/// model's busiest unit, at the rate of the whole GPU, explains less than
/// half of its measured time (Nsight Compute's Speed of Light calls such a
/// kernel latency-bound). Its floor says little about it; what it waits for
/// does: too few blocks or warps, memory latency, dependent instructions,
/// barriers, short launches.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/kernel/KernelWarnings.h"

namespace headroom {

namespace {

constexpr Threshold Thresholds[] = {
    {"busy share under which a kernel is latency-bound",
     100 * LatencyBoundBelow, ThresholdUnit::Percent},
    {"warps per scheduler under which latency is not hidden",
     FewWarpsPerScheduler, ThresholdUnit::Count},
};

constexpr CheckInfo Info{
    checks::LatencyBound, DiagnosticLevel::Warning,
    "The kernel keeps no unit of the GPU busy for half of its time: it "
    "waits (on memory, on dependent instructions, at barriers) rather than "
    "computes or moves data, and its floor does not bound it.",
    "Give the GPU more independent work: more blocks (at least one per SM, "
    "better several), more warps per block, several independent "
    "accumulators or elements per thread so dependent chains overlap, "
    "prefetch loads ahead of their use, and fuse or batch short launches.",
    Thresholds};

class LatencyBoundCheck : public KernelWarningCheck {
public:
  LatencyBoundCheck() : KernelWarningCheck(Info) {}
  bool applies(const KernelReport &K) const override {
    return K.Finding && K.Finding->Verdict == Regime::Latency;
  }
  Diagnostic warning(const KernelReport &K, const Analysis &) const override {
    return findingWarning(K, name());
  }
};

} // namespace

const KernelWarningCheck &checkLatencyBound() {
  static const LatencyBoundCheck Instance;
  return Instance;
}

} // namespace headroom
