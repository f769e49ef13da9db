//===- LatencyCauses.cpp - Why a latency-bound kernel waits ---------------===//

#include "model/LatencyCauses.h"

#include "support/Format.h"

#include <cstdio>

namespace headroom {

namespace {

/// \p Value with \p Digits significant digits ("3.2", "0.52").
std::string significant(double Value, int Digits) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.*g", Digits, Value);
  return Buf;
}

/// \p Pct as a whole percent ("33", "100"), or with two significant digits
/// below 1 ("0.52").
std::string percent(double Pct) {
  return Pct < 1 ? significant(Pct, 2) : formatFixed(Pct, 0);
}

} // namespace

std::string loadRoundsText(const LoadRoundsEvidence &R) {
  return formatFixed(R.LoadsPerWarp, R.LoadsPerWarp < 10 ? 1 : 0) +
         " global loads per warp, " + significant(R.LoadsPerRound, 2) +
         " in flight per round (from its SASS) at " +
         significant(R.LatencySeconds * 1e9, 3) + " ns per round";
}

const char *latencyCauseKey(LatencyCauseKind K) {
  switch (K) {
  case LatencyCauseKind::AtomicContention:
    return "atomic-contention";
  case LatencyCauseKind::DependentLoads:
    return "dependent-loads";
  case LatencyCauseKind::FewBlocks:
    return "few-blocks";
  case LatencyCauseKind::FewWarps:
    return "few-warps";
  case LatencyCauseKind::MemoryLatency:
    return "memory-latency";
  case LatencyCauseKind::DependentInstructions:
    return "dependent-instructions";
  case LatencyCauseKind::Barriers:
    return "barriers";
  case LatencyCauseKind::ShortLaunches:
    return "short-launches";
  }
  return "few-warps";
}

std::vector<LatencyCause> latencyCauses(const HopperPrediction &P,
                                        const LatencyEvidence &E) {
  std::vector<LatencyCause> Causes;
  if (P.regime() != Regime::Latency)
    return Causes;
  if (const UnitTime *Atomics = P.timeOf(Unit::L2Atomics);
      Atomics && Atomics->FloorMs > 0 && P.MeasuredMs && *P.MeasuredMs > 0) {
    double Named = NamedAtomicShare * *P.MeasuredMs;
    std::string Detail =
        "atomics on few addresses: the busiest L2 slice's atomic unit takes "
        "input " +
        percent(100 * Atomics->FloorMs / *P.MeasuredMs) + "% of the time";
    // Adds to one word wait for one another: fp32 ones take several
    // clocks each, which the input cycles do not show.
    double OneWordMs = P.Evidence.Atomics.AllOneWordFp32Ms;
    if (Atomics->FloorMs < Named && OneWordMs >= Named)
      Detail += ", and fp32 adds to one word take " +
                significant(OneWordMs / Atomics->FloorMs, 2) +
                " L2 clocks each";
    if (Atomics->FloorMs >= Named || OneWordMs >= Named)
      Causes.push_back({LatencyCauseKind::AtomicContention, Detail});
  }
  if (const std::optional<LoadRoundsEvidence> &Rounds = P.Evidence.Rounds;
      Rounds && P.MeasuredMs && *P.MeasuredMs > 0 &&
      Rounds->WaitMs >= NamedAtomicShare * *P.MeasuredMs)
    Causes.push_back(
        {LatencyCauseKind::DependentLoads,
         "dependent loads: " + loadRoundsText(*Rounds) + ": the rounds take " +
             percent(100 * Rounds->WaitMs / *P.MeasuredMs) + "% of the time"});
  if (P.MinBlocks > 0 && P.MinBlocks < P.Sms)
    Causes.push_back({LatencyCauseKind::FewBlocks,
                      std::to_string(P.MinBlocks) + " block" +
                          (P.MinBlocks == 1 ? "" : "s") + " for " +
                          std::to_string(P.Sms) + " SMs"});
  if (E.AchievedOccupancyPct) {
    double PerScheduler =
        *E.AchievedOccupancyPct / 100 * E.MaxWarpsPerSm / SchedulersPerSm;
    if (PerScheduler < FewWarpsPerScheduler)
      Causes.push_back({LatencyCauseKind::FewWarps,
                        significant(PerScheduler, 2) +
                            " warps per scheduler (" +
                            significant(*E.AchievedOccupancyPct, 2) +
                            "% achieved occupancy)"});
  }
  struct Stall {
    LatencyCauseKind Kind;
    double Cycles;
    const char *What;
  };
  const Stall Stalls[] = {
      {LatencyCauseKind::MemoryLatency, E.LongScoreboard.value_or(0),
       "warps wait on global or local memory (long scoreboard)"},
      {LatencyCauseKind::DependentInstructions,
       E.Wait.value_or(0) + E.ShortScoreboard.value_or(0),
       "warps wait on the result of their previous instruction (wait, "
       "short scoreboard)"},
      {LatencyCauseKind::Barriers, E.Barrier.value_or(0),
       "warps wait at barriers"},
  };
  const Stall *Top = nullptr;
  for (const Stall &S : Stalls)
    if (S.Cycles >= NamedStallCycles && (!Top || S.Cycles > Top->Cycles))
      Top = &S;
  if (Top)
    Causes.push_back({Top->Kind, std::string(Top->What) + ": " +
                                     significant(Top->Cycles, 2) +
                                     " cycles per issued instruction"});
  if (E.MeanLaunchMs > 0 && E.MeanLaunchMs < ShortLaunchMs)
    Causes.push_back({LatencyCauseKind::ShortLaunches,
                      "launches of " + significant(E.MeanLaunchMs * 1e3, 2) +
                          " us: start-up and tail of the grid weigh"});
  return Causes;
}

} // namespace headroom
