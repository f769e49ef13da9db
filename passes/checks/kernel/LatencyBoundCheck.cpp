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
#include "checks/Message.h"
#include "checks/Notes.h"
#include "checks/kernel/KernelWarnings.h"

#include <optional>
#include <vector>

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
  Diagnostic warning(const KernelReport &K, const Analysis &A) const override {
    std::vector<Diagnostic> MoreCauses;
    if (std::optional<Diagnostic> N = whyNoStalls(K, A))
      MoreCauses.push_back(std::move(*N));
    return findingWarning(K, name(), std::move(MoreCauses));
  }

private:
  /// Why no stall samples name the line \p K waits at, where the profile
  /// says (collection.stall_sampling "unavailable" or "off"); nothing when
  /// it has samples, or the runtime predates stall sampling.
  static std::optional<Diagnostic> whyNoStalls(const KernelReport &K,
                                               const Analysis &A) {
    const std::optional<StallSamplingInfo> &S =
        A.Source.Collection.StallSampling;
    if (K.Stalls || !S)
      return std::nullopt;
    if (S->Mode == "unavailable")
      return note(K.where(), S->Note.empty()
                                 ? message(Msg::NoteStallsUnavailableNoReason)
                                 : message(Msg::NoteStallsUnavailable,
                                           {Arg::text(S->Note)}));
    if (S->Mode == "off")
      return note(K.where(), message(Msg::NoteStallsOff));
    return std::nullopt;
  }
};

} // namespace

const KernelWarningCheck &checkLatencyBound() {
  static const LatencyBoundCheck Instance;
  return Instance;
}

} // namespace headroom
