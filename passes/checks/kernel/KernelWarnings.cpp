//===- KernelWarnings.cpp - The words of a kernel's warning ---------------===//

#include "checks/kernel/KernelWarnings.h"

#include "checks/Vocabulary.h"
#include "model/LatencyCauses.h"
#include "support/Format.h"
#include "support/Quantities.h"

#include <algorithm>
#include <cmath>

namespace headroom {

namespace {

/// The attainable percentage, with a decimal below 10%.
std::string attainablePercent(double Pct) {
  return formatFixed(Pct, Pct < 10 ? 1 : 0) + "%";
}

/// "3.0x below the ridge", "5.3x above the ridge", "on the ridge".
std::string ridgeDistance(const Prediction &P) {
  if (std::isinf(P.Margin))
    return "no DRAM traffic";
  if (P.Margin == 0)
    return "no compute operations";
  if (std::fabs(P.Margin - 1) < 0.005)
    return "on the ridge";
  return P.Margin > 1 ? formatTimes(P.Margin) + " above the ridge"
                      : formatTimes(1 / P.Margin) + " below the ridge";
}

/// "128 bytes read from DRAM per warp x 46 resident warps per SM = 5.8 KB
/// in flight per SM at most; DRAM needs 32.8 KB for 90% of its bandwidth".
std::string inFlightText(const DramInFlight &F) {
  auto kb = [](double Bytes) { return formatFixed(Bytes / 1e3, 1) + " KB"; };
  return formatFixed(F.ReadBytesPerWarp, 0) +
         " bytes read from DRAM per warp x " +
         formatFixed(F.ResidentWarpsPerSm, 0) + " resident warps per SM = " +
         kb(F.ReadBytesPerWarp * F.ResidentWarpsPerSm) +
         " in flight per SM at most; DRAM needs " + kb(F.NeededPerSm) +
         " for 90% of its bandwidth";
}

/// The load rounds and what to do about them.
std::string roundsText(const LoadRoundsEvidence &R) {
  return loadRoundsText(R) +
         ": load several values before using the first (unroll, or load the "
         "next iteration's values ahead)";
}

/// "compute 0.789 ms, L1 0.624 ms, DRAM 0.359 ms, L2 0.324 ms": the time
/// of each stage with work as the partial overlap adds them, slowest first.
std::string stagesText(const HopperPrediction &P) {
  const StageTimes &Slowest = P.Evidence.StageMs;
  std::array<std::size_t, NumStages> Order{};
  for (std::size_t S = 0; S < NumStages; ++S)
    Order[S] = S;
  std::stable_sort(
      Order.begin(), Order.end(),
      [&](std::size_t A, std::size_t B) { return Slowest[A] > Slowest[B]; });
  std::string Text;
  for (std::size_t S : Order)
    if (Slowest[S] > 0)
      Text += std::string(Text.empty() ? "" : ", ") +
              std::string(stageName(static_cast<Stage>(S))) + " " +
              formatMs(Slowest[S]) + " ms";
  return Text;
}

/// Why the bottleneck caps the kernel below its roof: the share of issued
/// warp instructions that the bottleneck pipe executes (or, for issue
/// itself, that the FMA pipe does), and the busiest SM's extra share when
/// the grid does not spread evenly.
std::string capCause(const KernelBounds &B, const Limiter &L) {
  if (const Estimate *E = std::get_if<Estimate>(&L)) {
    std::string Cause = "the " + std::string(estimateName(*E));
    std::vector<std::string> Why;
    const HopperEvidence &Ev = B.Prediction.Evidence;
    if (*E == Estimate::DramLatency && Ev.InFlight)
      Why.push_back(inFlightText(*Ev.InFlight));
    if (const UnitTime *Issue = B.Prediction.timeOf(Unit::Issue);
        *E == Estimate::IssueAndLoadLatency && Issue) {
      if (Ev.Rounds)
        Why.push_back(roundsText(*Ev.Rounds));
      Why.push_back("issue alone " + formatMs(Issue->FloorMs) +
                    " ms: while warps wait on " +
                    (Ev.Rounds ? "their loads" : "DRAM") +
                    ", too few others issue");
    }
    if (*E == Estimate::PartialOverlap)
      Why.push_back(stagesText(B.Prediction) +
                    " alone: a stage that waits on the next one idles");
    for (std::size_t I = 0; I < Why.size(); ++I)
      Cause += (I ? "; " : " (") + Why[I];
    return Why.empty() ? Cause : Cause + ")";
  }
  const UnitTime &Cap = *B.Prediction.timeOf(std::get<Unit>(L));
  const UnitInfo &U = unitInfo(Cap.Id);
  std::string Cause = "the " + std::string(unitName(Cap.Id));
  double Issued = B.Work[static_cast<std::size_t>(Unit::Issue)];
  std::vector<std::string> Why;
  auto WorkOf = [&](Unit X) { return B.Work[static_cast<std::size_t>(X)]; };
  if (Cap.Id == Unit::L1Wavefronts && WorkOf(Unit::FmaPipe) > 0)
    Why.push_back(
        formatFixed(WorkOf(Unit::L1Wavefronts) / WorkOf(Unit::FmaPipe), 2) +
        " wavefronts per FMA-pipe warp instruction");
  if ((Cap.Id == Unit::L1Bytes || Cap.Id == Unit::L2Bytes) &&
      WorkOf(Unit::Dram) > 0)
    Why.push_back(formatTimes(WorkOf(Cap.Id) / WorkOf(Unit::Dram)) +
                  " the DRAM traffic");
  if (Cap.Id == Unit::ConstantCache && Issued > 0)
    Why.push_back(formatFixed(WorkOf(Unit::ConstantCache) / Issued, 2) +
                  " request cycles per issued warp instruction: the lanes of "
                  "a warp that read different __constant__ addresses are "
                  "served one address per cycle");
  // The tensor pipe and the constant cache count busy cycles, not
  // instructions.
  if (Issued > 0 && U.Kind == UnitKind::Compute && Cap.Id != Unit::TensorPipe &&
      Cap.Id != Unit::ConstantCache) {
    if (Cap.Id == Unit::Issue)
      Why.push_back(
          "FMA-pipe instructions are " +
          percent(B.Work[static_cast<std::size_t>(Unit::FmaPipe)] / Issued) +
          " of issued warp instructions");
    else
      Why.push_back(percent(B.Work[static_cast<std::size_t>(Cap.Id)] / Issued) +
                    " of issued warp instructions");
  }
  if (Cap.RoofMs > 0 && Cap.FloorMs > 1.1 * Cap.RoofMs)
    Why.push_back(
        "its busiest " +
        std::string(U.Scope == UnitScope::Scheduler ? "scheduler" : "SM") +
        " does " + formatTimes(Cap.FloorMs / Cap.RoofMs) + " an even share (" +
        std::to_string(B.Prediction.MinBlocks) + " blocks on " +
        std::to_string(B.Prediction.Sms) + " SMs)");
  for (std::size_t I = 0; I < Why.size(); ++I)
    Cause += (I ? "; " : " (") + Why[I];
  return Why.empty() ? Cause : Cause + ")";
}

} // namespace

Diagnostic unitBoundWarning(const KernelReport &K, const Analysis &A,
                            std::string_view Check) {
  const KernelBounds &B = *K.Bounds;
  const HopperPrediction &P = B.Prediction;
  Diagnostic D;
  D.Location = K.Definition;
  D.Check = std::string(Check);
  D.Message = "kernel '" + K.Kernel + "' is " + regimeName(B.regime()) +
              "-bound on " + A.Device.Device.Name;
  if (const UnitTime *Busiest = P.busiestUnit(); Busiest && P.utilization())
    D.Message += " (busiest unit: the " + std::string(unitName(Busiest->Id)) +
                 ", " + percent(*P.utilization()) + " busy)";
  Limiter Cap = *P.limiter();
  auto limiterName = [](const Limiter &L) {
    if (const Unit *U = std::get_if<Unit>(&L))
      return std::string(unitName(*U));
    return std::string(estimateName(std::get<Estimate>(L)));
  };
  D.Message +=
      ": predicted " + std::string(B.predictsFloor() ? "floor " : "time ") +
      formatMs(B.predictedMs()) + " ms" +
      (B.FittedMs ? " (fitted model)" : " set by the " + limiterName(Cap));
  std::optional<double> H = B.headroom();
  if (!H)
    return D;
  double Measured = *P.MeasuredMs;
  D.Message += ", measured " + formatMs(Measured) + " ms, headroom ";
  bool Capped = B.Headline && B.Headline->Ms > 0 &&
                B.predictedMs() > 1.1 * B.Headline->Ms;
  if (B.Headline)
    D.Message +=
        formatFixed(Measured / B.Headline->Ms, 2) + "x to " + B.Headline->Name;
  if (B.Headline && !Capped && !B.FittedMs)
    return D;
  D.Message += std::string(B.Headline ? "; " : "") + formatFixed(*H, 2) +
               "x to " +
               (B.FittedMs ? std::string("the fitted prediction")
                           : "the cap set by " + capCause(B, Cap));
  return D;
}

Diagnostic boundWarning(const KernelReport &K, const Analysis &A,
                        std::string_view Check) {
  const Prediction &P = *K.Model;
  const char *Unit = opUnit(P.Type);
  bool Compute = P.Limit == Bound::Compute;
  Diagnostic D;
  D.Location = K.Definition;
  D.Check = std::string(Check);
  D.Message = "kernel '" + K.Kernel + "' is " + boundName(P.Limit) +
              "-bound on " + A.Device.Device.Name + " (O_krn " +
              formatIntensity(P.OKrn) + (Compute ? " > " : " <= ") + "O_dev " +
              formatIntensity(P.ODev) + " " + Unit + "/byte, " +
              ridgeDistance(P) + "): attainable " +
              formatRate(P.AttainableGops, Unit);
  if (!Compute)
    D.Message += " at " + formatBandwidth(P.BMem);
  D.Message += ", predicted floor " + formatMs(P.PredictedMs) + " ms";
  if (std::optional<double> H = P.headroom())
    D.Message += ", measured " + formatMs(*P.MeasuredMs) + " ms, headroom " +
                 formatFixed(*H, 2) + "x (" +
                 attainablePercent(*P.attainablePct()) + " of attainable)";
  return D;
}

Diagnostic unknownBoundWarning(const KernelReport &K, std::string_view Check,
                               const std::string &Why) {
  Diagnostic D;
  D.Location = K.Definition;
  D.Check = std::string(Check);
  D.Message = "kernel '" + K.Kernel + "' took " + formatDuration(K.TotalNs) +
              " in " + std::to_string(K.Launches) +
              (K.Launches == 1 ? " launch (" : " launches (") +
              percent(K.ShareOfProfile) +
              " of GPU time); its bound is unknown: " + Why;
  return D;
}

} // namespace headroom
