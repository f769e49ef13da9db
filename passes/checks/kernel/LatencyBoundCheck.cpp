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
#include "checks/Vocabulary.h"

#include "support/Format.h"
#include "support/Quantities.h"

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
    return K.Bounds && K.Bounds->regime() == Regime::Latency;
  }
  Diagnostic warning(const KernelReport &K, const Analysis &A) const override {
    const KernelBounds &B = *K.Bounds;
    const HopperPrediction &P = B.Prediction;
    const UnitTime *Busiest = P.busiestUnit();
    Diagnostic D;
    D.Location = K.Definition;
    D.Check = std::string(name());
    D.Message = "kernel '" + K.Kernel + "' is latency-bound on " +
                A.Device.Device.Name + ": its busiest unit, the " +
                std::string(unitName(Busiest->Id)) + ", is busy " +
                percent(*P.utilization()) + " of the time (measured " +
                formatMs(*P.MeasuredMs) + " ms, floor " +
                formatMs(P.floorMs()) + " ms)";
    if (B.Causes.empty()) {
      D.Message += "; the recorded counters name no single cause";
      return D;
    }
    D.Message += "; it waits because of: ";
    for (std::size_t I = 0; I < B.Causes.size(); ++I)
      D.Message += (I ? "; " : "") + B.Causes[I].Detail;
    return D;
  }
};

} // namespace

const KernelWarningCheck &checkLatencyBound() {
  static const LatencyBoundCheck Instance;
  return Instance;
}

} // namespace headroom
