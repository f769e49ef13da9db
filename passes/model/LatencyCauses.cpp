//===- LatencyCauses.cpp - Why a latency-bound kernel waits ---------------===//

#include "model/LatencyCauses.h"

namespace headroom {

const char *latencyCauseKey(LatencyCauseKind K) {
  switch (K) {
  case LatencyCauseKind::OneThread:
    return "one-thread";
  case LatencyCauseKind::AtomicContention:
    return "atomic-contention";
  case LatencyCauseKind::DependentLoads:
    return "dependent-loads";
  case LatencyCauseKind::FewBlocks:
    return "few-blocks";
  case LatencyCauseKind::FewWarps:
    return "few-warps";
  case LatencyCauseKind::IdleSms:
    return "idle-sms";
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
  auto CauseOf = [](LatencyCauseKind K) {
    LatencyCause C;
    C.Kind = K;
    return C;
  };
  bool OneBlock = P.MinBlocks == 1;
  bool OneSmBusy = E.ResidentSms && *E.ResidentSms <= OneSm;
  if (E.ThreadsPerInst && *E.ThreadsPerInst <= OneThreadLanes &&
      (OneSmBusy || OneBlock)) {
    LatencyCause C = CauseOf(LatencyCauseKind::OneThread);
    C.Sms = P.Sms;
    C.Blocks = P.MinBlocks;
    C.ResidentSms = E.ResidentSms;
    C.ThreadsPerInst = *E.ThreadsPerInst;
    Causes.push_back(C);
  }
  if (const UnitTime *Atomics = P.timeOf(Unit::L2Atomics);
      Atomics && Atomics->FloorMs > 0 && P.MeasuredMs && *P.MeasuredMs > 0) {
    double Named = NamedAtomicShare * *P.MeasuredMs;
    double OneWordMs = P.Evidence.Atomics.AllOneWordFp32Ms;
    LatencyCause C = CauseOf(LatencyCauseKind::AtomicContention);
    C.ShareOfTime = Atomics->FloorMs / *P.MeasuredMs;
    // Adds to one word wait for one another: fp32 ones take several
    // clocks each, which the input cycles do not show.
    if (Atomics->FloorMs < Named && OneWordMs >= Named)
      C.Fp32OneWordClocks = OneWordMs / Atomics->FloorMs;
    if (Atomics->FloorMs >= Named || OneWordMs >= Named)
      Causes.push_back(C);
  }
  if (const std::optional<LoadRoundsEvidence> &Rounds = P.Evidence.Rounds;
      Rounds && P.MeasuredMs && *P.MeasuredMs > 0 &&
      Rounds->WaitMs >= NamedAtomicShare * *P.MeasuredMs) {
    LatencyCause C = CauseOf(LatencyCauseKind::DependentLoads);
    C.ShareOfTime = Rounds->WaitMs / *P.MeasuredMs;
    Causes.push_back(C);
  }
  bool FewBlocks = P.MinBlocks > 0 && P.MinBlocks < P.Sms;
  if (FewBlocks) {
    LatencyCause C = CauseOf(LatencyCauseKind::FewBlocks);
    C.Blocks = P.MinBlocks;
    C.Sms = P.Sms;
    Causes.push_back(C);
  }
  // Idle SMs that the grid's shape does not explain: blocks that return at
  // once, a few long blocks, a long tail.
  if (!FewBlocks && E.ResidentSms && P.Sms &&
      *E.ResidentSms < IdleSmShare * P.Sms &&
      (Causes.empty() || Causes.front().Kind != LatencyCauseKind::OneThread)) {
    LatencyCause C = CauseOf(LatencyCauseKind::IdleSms);
    C.Sms = P.Sms;
    C.ResidentSms = E.ResidentSms;
    Causes.push_back(C);
  }
  if (E.AchievedOccupancyPct) {
    double PerScheduler =
        *E.AchievedOccupancyPct / 100 * E.MaxWarpsPerSm / SchedulersPerSm;
    if (PerScheduler < FewWarpsPerScheduler) {
      LatencyCause C = CauseOf(LatencyCauseKind::FewWarps);
      C.WarpsPerScheduler = PerScheduler;
      C.OccupancyPct = *E.AchievedOccupancyPct;
      Causes.push_back(C);
    }
  }
  struct Stall {
    LatencyCauseKind Kind;
    double Cycles;
  };
  const Stall Stalls[] = {
      {LatencyCauseKind::MemoryLatency, E.LongScoreboard.value_or(0)},
      {LatencyCauseKind::DependentInstructions,
       E.Wait.value_or(0) + E.ShortScoreboard.value_or(0)},
      {LatencyCauseKind::Barriers, E.Barrier.value_or(0)},
  };
  const Stall *Top = nullptr;
  for (const Stall &S : Stalls)
    if (S.Cycles >= NamedStallCycles && (!Top || S.Cycles > Top->Cycles))
      Top = &S;
  if (Top) {
    LatencyCause C = CauseOf(Top->Kind);
    C.StallCycles = Top->Cycles;
    Causes.push_back(C);
  }
  if (E.MeanLaunchMs > 0 && E.MeanLaunchMs < ShortLaunchMs) {
    LatencyCause C = CauseOf(LatencyCauseKind::ShortLaunches);
    C.LaunchUs = E.MeanLaunchMs * 1e3;
    Causes.push_back(C);
  }
  return Causes;
}

} // namespace headroom
