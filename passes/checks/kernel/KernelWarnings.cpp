//===- KernelWarnings.cpp - A kernel's finding, in words ------------------===//

#include "checks/kernel/KernelWarnings.h"

#include "checks/Notes.h"
#include "checks/StallReasons.h"
#include "checks/Vocabulary.h"
#include "support/Quantities.h"

#include <algorithm>
#include <cmath>

namespace headroom {

namespace {

/// Units the floors note names, slowest first.
constexpr std::size_t MaxUnitsNamed = 4;

/// From this unevenness of the busiest SM's share, what to try is the grid.
constexpr double UnevenGrid = 1.5;

/// Phrases joined by "; ", or empty.
std::string joined(const std::vector<std::string> &Parts) {
  std::string Out;
  for (const std::string &P : Parts)
    Out =
        Out.empty() ? P : message(Msg::Joined, {Arg::text(Out), Arg::text(P)});
  return Out;
}

/// Why the floor's unit caps the kernel, as the counters tell.
std::string capPhrases(const KernelFinding &F) {
  const CapEvidence &C = F.Cap;
  std::vector<std::string> Parts;
  if (C.WavefrontsPerFma)
    Parts.push_back(
        message(Msg::CapWavefronts, {Arg::number(*C.WavefrontsPerFma)}));
  if (C.TrafficOverDram)
    Parts.push_back(message(Msg::CapTraffic, {Arg::times(*C.TrafficOverDram)}));
  if (C.ConstantCyclesPerInstruction)
    Parts.push_back(message(Msg::CapConstant,
                            {Arg::number(*C.ConstantCyclesPerInstruction)}));
  if (C.ShareOfIssued)
    Parts.push_back(
        !F.Units.empty() && F.Units.front().Id == Unit::Issue
            ? message(Msg::CapFmaShare, {Arg::percent(*C.ShareOfIssued)})
            : message(Msg::CapShare, {Arg::percent(*C.ShareOfIssued)}));
  if (C.Unevenness)
    Parts.push_back(message(
        Msg::CapUneven, {Arg::text(C.PerScheduler ? "scheduler" : "SM"),
                         Arg::times(*C.Unevenness),
                         Arg::counted(double(F.MinBlocks), "block", "blocks"),
                         Arg::count(F.Sms)}));
  return joined(Parts);
}

/// "16.2 > O_dev ...": where the thesis puts the kernel against the ridge.
std::string ridge(const MixEvidence &M) {
  if (std::isinf(M.Margin))
    return message(Msg::RidgeNoTraffic);
  if (M.Margin == 0)
    return message(Msg::RidgeNoOperations);
  if (std::fabs(M.Margin - 1) < 0.005)
    return message(Msg::RidgeOn);
  return M.Margin > 1 ? message(Msg::RidgeAbove, {Arg::times(M.Margin)})
                      : message(Msg::RidgeBelow, {Arg::times(1 / M.Margin)});
}

/// What sets the predicted time, as the prediction note names it.
std::string setter(const KernelFinding &F) {
  switch (F.SetBy.What) {
  case PredictedBy::Kind::Unit:
    return message(Msg::SetByFloor, {Arg::text(unitName(F.SetBy.U))});
  case PredictedBy::Kind::Estimate:
    return message(Msg::SetByEstimate, {Arg::text(estimateName(F.SetBy.E))});
  case PredictedBy::Kind::Fitted:
    return message(Msg::SetByFitted);
  case PredictedBy::Kind::Roof:
    break;
  }
  if (!F.Mix || !F.RoofTime)
    return message(Msg::SetByFitted);
  const MixEvidence &M = *F.Mix;
  return message(Msg::SetByRoof,
                 {Arg::text(roofName(*F.RoofTime)),
                  Arg::text(formatIntensity(M.OKrn)),
                  Arg::text(F.Verdict == Regime::Compute ? ">" : "<="),
                  Arg::text(formatIntensity(M.ODev)), Arg::text(opUnit(M.Type)),
                  Arg::text(ridge(M))});
}

/// "L1 41.14 ms, compute 34.59 ms, ...": each stage with work, slowest
/// first.
std::string stages(const StageTimes &Ms) {
  std::array<std::size_t, NumStages> Order{};
  for (std::size_t S = 0; S < NumStages; ++S)
    Order[S] = S;
  std::stable_sort(Order.begin(), Order.end(),
                   [&](std::size_t A, std::size_t B) { return Ms[A] > Ms[B]; });
  std::string Out;
  for (std::size_t S : Order)
    if (Ms[S] > 0)
      Out += (Out.empty() ? "" : ", ") +
             message(Msg::Timed, {Arg::text(stageName(static_cast<Stage>(S))),
                                  Arg::time(Ms[S])});
  return Out;
}

/// The load rounds, as the prediction and the latency cause name them.
Diagnostic roundsNote(const KernelReport &K, const LoadRoundsEvidence &R) {
  return note(K.where(), message(Msg::NoteLoadRounds,
                                 {Arg::counted(R.LoadsPerWarp, "global load",
                                               "global loads"),
                                  Arg::number(R.LoadsPerRound, 2),
                                  Arg::time(R.LatencySeconds * 1e3)}));
}

bool waitsOnDependentLoads(const KernelFinding &F) {
  return std::any_of(F.Causes.begin(), F.Causes.end(),
                     [](const LatencyCause &C) {
                       return C.Kind == LatencyCauseKind::DependentLoads;
                     });
}

/// The notes that say what sets the predicted time and why.
void addPredictionNotes(const KernelReport &K, const KernelFinding &F,
                        std::vector<Diagnostic> &Notes) {
  if (F.MeasuredMs)
    Notes.push_back(
        note(K.where(),
             message(Msg::NotePredicted,
                     {Arg::time(F.PredictedMs), Arg::time(*F.MeasuredMs),
                      Arg::times(*F.headroomToCap()), Arg::text(setter(F))})));
  else
    Notes.push_back(note(
        K.where(), message(Msg::NotePredictedUnmeasured,
                           {Arg::time(F.PredictedMs), Arg::text(setter(F))})));
  const std::optional<HopperEvidence> &E = F.Refinements;
  if (F.SetBy.What == PredictedBy::Kind::Estimate && E) {
    switch (F.SetBy.E) {
    case Estimate::DramLatency:
      if (const std::optional<DramInFlight> &I = E->InFlight)
        Notes.push_back(note(
            K.where(),
            message(Msg::NoteInFlight,
                    {Arg::bytes(I->ReadBytesPerWarp * I->ResidentWarpsPerSm),
                     Arg::bytes(I->ReadBytesPerWarp),
                     Arg::count(I->ResidentWarpsPerSm),
                     Arg::bytes(I->NeededPerSm)})));
      break;
    case Estimate::IssueAndLoadLatency:
      Notes.push_back(note(
          K.where(), message(Msg::NoteIssueAndWait,
                             {Arg::time(E->IssueWait.IssueMs),
                              Arg::text(message(E->Rounds ? Msg::WaitsOnLoads
                                                          : Msg::WaitsOnDram)),
                              Arg::time(E->IssueWait.WaitMs)})));
      // Once: a latency-bound kernel's cause has named the rounds.
      if (E->Rounds && !waitsOnDependentLoads(F))
        Notes.push_back(roundsNote(K, *E->Rounds));
      break;
    case Estimate::PartialOverlap:
      Notes.push_back(
          note(K.where(),
               message(Msg::NoteStages, {Arg::text(stages(E->StageMs))})));
      break;
    }
  }
  // Why the floor's unit caps the kernel, where the busiest unit's note
  // does not already say it.
  std::string Cap = capPhrases(F);
  if (!Cap.empty() && !F.Units.empty() &&
      (!F.Busiest || F.Busiest->Id != F.Units.front().Id))
    Notes.push_back(
        note(K.where(),
             message(Msg::NoteFloorBecause,
                     {Arg::text(unitName(F.Units.front().Id)),
                      Arg::time(F.Units.front().FloorMs), Arg::text(Cap)})));
}

/// The floors of the slowest units: what bounds the kernel and what would
/// next.
std::optional<Diagnostic> floorsNote(const KernelReport &K,
                                     const KernelFinding &F) {
  std::string List;
  for (std::size_t I = 0; I < F.Units.size() && I < MaxUnitsNamed; ++I)
    List += (I ? ", " : "") +
            message(Msg::Timed, {Arg::text(unitName(F.Units[I].Id)),
                                 Arg::time(F.Units[I].FloorMs)});
  if (List.empty())
    return std::nullopt;
  return note(K.where(), message(Msg::NoteFloors, {Arg::text(List)}));
}

/// The thesis model's instruction mix: what caps compute (4.13-4.17).
Diagnostic mixNote(const KernelReport &K, const MixEvidence &M) {
  const char *Unit = opUnit(M.Type);
  std::string Ops = std::string(kernelTypeName(M.Type));
  std::string Shares =
      M.LdStShare >= M.OtherShare
          ? message(Msg::MixLoadStoreFirst,
                    {Arg::percent(M.LdStShare), Arg::percent(M.OtherShare),
                     Arg::text(Ops), Arg::percent(M.OpShare)})
          : message(Msg::MixOtherFirst,
                    {Arg::percent(M.OtherShare), Arg::percent(M.LdStShare),
                     Arg::text(Ops), Arg::percent(M.OpShare)});
  double FmaShare = 2 * M.EMix - 1;
  if (M.Type != KernelType::Int && FmaShare < 0.005)
    Shares = message(Msg::MixNoFma, {Arg::text(Shares), Arg::percent(M.EMix)});
  else if (M.Type != KernelType::Int && FmaShare < 0.995)
    Shares =
        message(Msg::MixSomeFma, {Arg::text(Shares), Arg::percent(FmaShare),
                                  Arg::percent(M.EMix)});
  return note(K.where(),
              message(Msg::NoteMix,
                      {Arg::text(formatRate(M.TOpEff, Unit)),
                       Arg::percent(M.TOp > 0 ? M.TOpEff / M.TOp : 0),
                       Arg::text(formatRate(M.TOp, Unit)), Arg::text(Shares)}));
}

/// Zhang & Owens: each component's time, the bottleneck and the next.
std::optional<Diagnostic> componentsNote(const KernelReport &K,
                                         const ComponentTimes &C) {
  if (C.Times.size() < 2)
    return std::nullopt;
  std::string List;
  for (const ComponentTime &T : C.Times)
    List += (List.empty() ? "" : ", ") +
            message(Msg::Timed,
                    {Arg::text(componentName(T.Which)), Arg::time(T.Ms)});
  return note(
      K.where(),
      message(Msg::NoteComponents,
              {Arg::text(List), Arg::text(componentName(C.bottleneck()->Which)),
               Arg::text(componentName(C.next()->Which)),
               Arg::time(C.next()->Ms)}));
}

/// What a kernel's warp-stall samples say it waits on: the reason most of
/// them name, and the line that holds most of that reason's samples.
std::optional<Diagnostic> stallCauseNote(const KernelReport &K) {
  if (!K.Stalls || K.Stalls->Dominant.empty())
    return std::nullopt;
  const StallLines &S = *K.Stalls;
  Arg Doing = Arg::text(stallReasonPhrase(S.Dominant));
  Arg Share = Arg::percent(double(S.Reasons.at(S.Dominant)) /
                           double(std::max<std::uint64_t>(S.Samples, 1)));
  const StallLine *L = S.lineOf(S.Dominant);
  if (!L)
    return note(K.where(), message(Msg::CauseStallsNoLine, {Doing, Share}));
  std::optional<SourceLocation> At = K.where();
  Arg Line = Arg::text(std::to_string(L->Where.Line));
  Arg Where = Arg::text(
      At && At->File == L->Where.File
          ? message(Msg::StallLineHere, {Line})
          : message(Msg::StallLineIn, {Arg::text(L->Where.File), Line}));
  return note(K.where(), message(Msg::CauseStalls, {Doing, Share, Where}));
}

/// One note per cause of a latency-bound kernel's waiting: first what its
/// stall samples name, then what its counters name.
void addCauseNotes(const KernelReport &K, const KernelFinding &F,
                   std::vector<Diagnostic> &Notes) {
  std::optional<Diagnostic> Stalls = stallCauseNote(K);
  if (Stalls)
    Notes.push_back(std::move(*Stalls));
  if (F.Causes.empty()) {
    // Without samples, the counters are all there is.
    if (!K.Stalls)
      Notes.push_back(note(K.where(), message(Msg::CauseNone)));
    return;
  }
  for (const LatencyCause &C : F.Causes) {
    std::string Text;
    switch (C.Kind) {
    case LatencyCauseKind::OneThread:
      Text = C.ResidentSms
                 ? message(Msg::CauseOneThread,
                           {Arg::number(*C.ResidentSms, 2), Arg::count(C.Sms),
                            Arg::number(C.ThreadsPerInst, 2)})
                 : message(Msg::CauseOneThreadOneBlock,
                           {Arg::number(C.ThreadsPerInst, 2)});
      break;
    case LatencyCauseKind::IdleSms:
      Text =
          message(Msg::CauseIdleSms, {Arg::number(C.ResidentSms.value_or(0), 2),
                                      Arg::count(C.Sms)});
      break;
    case LatencyCauseKind::AtomicContention:
      Text = C.Fp32OneWordClocks > 0
                 ? message(Msg::CauseAtomicsFp32,
                           {Arg::percent(C.ShareOfTime),
                            Arg::number(C.Fp32OneWordClocks, 2)})
                 : message(Msg::CauseAtomics, {Arg::percent(C.ShareOfTime)});
      break;
    case LatencyCauseKind::DependentLoads:
      Text = message(Msg::CauseDependentLoads, {Arg::percent(C.ShareOfTime)});
      break;
    case LatencyCauseKind::FewBlocks:
      Text = message(Msg::CauseFewBlocks,
                     {Arg::counted(double(C.Blocks), "block", "blocks"),
                      Arg::count(C.Sms)});
      break;
    case LatencyCauseKind::FewWarps:
      Text = message(Msg::CauseFewWarps, {Arg::number(C.WarpsPerScheduler, 2),
                                          Arg::percent(C.OccupancyPct / 100)});
      break;
    case LatencyCauseKind::MemoryLatency:
      Text = message(Msg::CauseMemoryLatency, {Arg::number(C.StallCycles, 2)});
      break;
    case LatencyCauseKind::DependentInstructions:
      Text = message(Msg::CauseDependentInstructions,
                     {Arg::number(C.StallCycles, 2)});
      break;
    case LatencyCauseKind::Barriers:
      Text = message(Msg::CauseBarriers, {Arg::number(C.StallCycles, 2)});
      break;
    case LatencyCauseKind::ShortLaunches:
      Text = message(Msg::CauseShortLaunches, {Arg::time(C.LaunchUs / 1e3)});
      break;
    }
    Notes.push_back(note(K.where(), Text));
    if (C.Kind == LatencyCauseKind::DependentLoads && F.Refinements &&
        F.Refinements->Rounds)
      Notes.push_back(roundsNote(K, *F.Refinements->Rounds));
  }
}

/// The claim about \p Kernel: the regime, and how far it runs from its roof.
std::string findingClaim(const Arg &Kernel, const KernelFinding &F) {
  Arg Device = Arg::text(F.Device);
  std::optional<double> ToRoof = F.headroomToRoof();
  if (!F.MeasuredMs)
    return message(Msg::KernelBoundUnmeasured,
                   {Kernel, Arg::text(regimeName(F.Verdict)), Device});
  if (F.Verdict == Regime::Latency) {
    if (ToRoof)
      return message(Msg::KernelLatencyBound,
                     {Kernel, Device, Arg::times(*ToRoof),
                      Arg::text(roofName(*F.RoofTime))});
    return message(
        Msg::KernelLatencyBoundNoRoof,
        {Kernel, Device, Arg::percent(F.Busiest ? F.Busiest->Share : 0)});
  }
  // A model that is not a bound (the thesis') may predict more than was
  // measured.
  double H = ToRoof ? *ToRoof : F.headroomToCap().value_or(1);
  Arg Ratio = Arg::times(H >= 1 ? H : 1 / H);
  Arg Regime = Arg::text(regimeName(F.Verdict));
  if (ToRoof)
    return message(
        H >= 1 ? Msg::KernelBound : Msg::KernelBoundFaster,
        {Kernel, Regime, Device, Ratio, Arg::text(roofName(*F.RoofTime))});
  return message(H >= 1 ? Msg::KernelBoundNoRoof : Msg::KernelBoundNoRoofFaster,
                 {Kernel, Regime, Device, Ratio});
}

/// What to try for unit \p U.
Msg unitAdvice(Unit U) {
  switch (U) {
  case Unit::Issue:
    return Msg::TryFewerInstructions;
  case Unit::FmaPipe:
    return Msg::TryTensorCores;
  case Unit::FmaHeavyPipe:
  case Unit::AluPipe:
    return Msg::TryFewerIntegerOps;
  case Unit::Fp64Pipe:
    return Msg::TryFp32;
  case Unit::XuPipe:
    return Msg::TryFastMath;
  case Unit::LsuPipe:
    return Msg::TryVectorAccess;
  case Unit::AduPipe:
    return Msg::TryFewerBarriers;
  case Unit::TensorPipe:
    return Msg::TryTensorAlgorithm;
  case Unit::ConstantCache:
    return Msg::TryUniformConstants;
  case Unit::L1Wavefronts:
    return Msg::TryRegisterTiling;
  case Unit::L1Bytes:
    return Msg::TryL1Reuse;
  case Unit::L2Bytes:
    return Msg::TryL2Reuse;
  case Unit::L2Requests:
    return Msg::TryL2Requests;
  case Unit::L2Atomics:
    return Msg::TryAtomics;
  case Unit::Dram:
    return Msg::TryFewerBytes;
  }
  return Msg::TryFewerBytes;
}

/// What to try for a latency-bound kernel: its first cause's remedy.
std::string latencyAdvice(const KernelFinding &F) {
  if (F.Causes.empty())
    return message(Msg::TryMoreParallelism);
  switch (F.Causes.front().Kind) {
  case LatencyCauseKind::OneThread:
    return message(Msg::TrySpreadWork);
  case LatencyCauseKind::IdleSms:
    return message(Msg::TryBalanceBlocks);
  case LatencyCauseKind::AtomicContention:
    return message(Msg::TryAtomics);
  case LatencyCauseKind::DependentLoads:
  case LatencyCauseKind::MemoryLatency:
    return message(Msg::TryLoadsAhead);
  case LatencyCauseKind::FewBlocks:
    return message(Msg::TryMoreBlocks, {Arg::count(F.Sms)});
  case LatencyCauseKind::FewWarps:
    return message(Msg::TryMoreWarps);
  case LatencyCauseKind::DependentInstructions:
    return message(Msg::TryIndependentWork);
  case LatencyCauseKind::Barriers:
    return message(Msg::TryFewerSyncs);
  case LatencyCauseKind::ShortLaunches:
    return message(Msg::TryFuseLaunches);
  }
  return message(Msg::TryMoreParallelism);
}

} // namespace

std::string advice(const KernelFinding &F) {
  if (F.Verdict == Regime::Latency)
    return latencyAdvice(F);
  if (F.SetBy.What == PredictedBy::Kind::Estimate) {
    if (F.SetBy.E == Estimate::DramLatency)
      return message(Msg::TryBytesInFlight);
    if (F.SetBy.E == Estimate::IssueAndLoadLatency)
      return message(F.Refinements && F.Refinements->Rounds
                         ? Msg::TryLoadsAhead
                         : Msg::TryMoreWarps);
  }
  if (F.Mix && F.Units.empty()) {
    // The thesis model: the instruction mix or the bytes.
    if (F.Verdict == Regime::Memory)
      return message(Msg::TryFewerBytes);
    if (F.Mix->LdStShare >= F.Mix->OtherShare && F.Mix->LdStShare >= 0.25)
      return message(Msg::TryFewerLoadStores);
    // Mostly integer, control and conversion instructions: FMAs would
    // gain at most E_mix's 2x of the few fp operations.
    if (F.Mix->OtherShare >= 0.25 && F.Mix->OtherShare > F.Mix->OpShare)
      return message(Msg::TryFewerIntegerOps);
    if (F.Mix->Type != KernelType::Int && 2 * F.Mix->EMix - 1 < 0.5)
      return message(Msg::TryFmas);
    return message(Msg::TryFewerInstructions);
  }
  if (F.Units.empty())
    return message(Msg::TryFewerBytes);
  if (F.Cap.Unevenness && *F.Cap.Unevenness >= UnevenGrid)
    return message(Msg::TryEvenGrid, {Arg::count(F.Sms)});
  return message(unitAdvice(F.Units.front().Id));
}

Arg kernelSubject(const KernelReport &K) {
  return Arg::text(message(Msg::KernelSubject, {Arg::quoted(K.ShortName)}));
}

std::string claim(const KernelReport &K, const Arg &Subject) {
  if (K.Finding)
    return findingClaim(Subject, *K.Finding);
  return message(K.ModelError ? Msg::KernelInvalidCounters
                              : Msg::KernelNoCounters,
                 {Subject, Arg::time(K.TotalNs / 1e6),
                  Arg::counted(double(K.Launches), "launch", "launches"),
                  Arg::percent(K.ShareOfProfile)});
}

std::optional<Diagnostic> shortForNote(const KernelReport &K) {
  if (K.ShortName == K.Kernel)
    return std::nullopt;
  return note(K.where(), message(Msg::NoteShortFor, {Arg::quoted(K.ShortName),
                                                     Arg::quoted(K.Kernel)}));
}

Diagnostic findingWarning(const KernelReport &K, std::string_view Check,
                          std::vector<Diagnostic> MoreCauses) {
  const KernelFinding &F = *K.Finding;
  Diagnostic D = finding(DiagnosticLevel::Warning, Check, &K,
                         findingClaim(kernelSubject(K), F));
  std::vector<Diagnostic> &Notes = D.Notes;
  std::string Cap = capPhrases(F);
  if (F.Busiest && F.Verdict == Regime::Latency)
    Notes.push_back(
        note(K.where(), message(Msg::NoteNoUnitBusy,
                                {Arg::text(unitName(F.Busiest->Id)),
                                 Arg::percent(F.Busiest->Share, 3)})));
  else if (F.Busiest && !Cap.empty() && !F.Units.empty() &&
           F.Busiest->Id == F.Units.front().Id)
    Notes.push_back(note(
        K.where(), message(Msg::NoteBusiestBecause,
                           {Arg::text(unitName(F.Busiest->Id)),
                            Arg::percent(F.Busiest->Share), Arg::text(Cap)})));
  else if (F.Busiest)
    Notes.push_back(note(K.where(), message(Msg::NoteBusiest,
                                            {Arg::text(unitName(F.Busiest->Id)),
                                             Arg::percent(F.Busiest->Share)})));
  if (F.Verdict == Regime::Latency) {
    addCauseNotes(K, F, Notes);
    for (Diagnostic &N : MoreCauses)
      Notes.push_back(std::move(N));
  }
  addPredictionNotes(K, F, Notes);
  if (std::optional<Diagnostic> N = floorsNote(K, F))
    Notes.push_back(std::move(*N));
  if (F.Mix)
    Notes.push_back(mixNote(K, *F.Mix));
  if (std::optional<Diagnostic> N = componentsNote(K, F.Components))
    Notes.push_back(std::move(*N));
  return D;
}

Diagnostic unknownBoundWarning(const KernelReport &K, std::string_view Check,
                               Msg Id) {
  return finding(
      DiagnosticLevel::Warning, Check, &K,
      message(Id, {kernelSubject(K), Arg::time(K.TotalNs / 1e6),
                   Arg::counted(double(K.Launches), "launch", "launches"),
                   Arg::percent(K.ShareOfProfile)}));
}

} // namespace headroom
