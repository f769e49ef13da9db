//===- ReportDiagnostics.cpp - Diagnostics from a profile report ----------===//

#include "report/ReportDiagnostics.h"

#include "model/ComponentTimes.h"
#include "report/Analysis.h"
#include "report/Checks.h"
#include "support/Format.h"
#include "support/Units.h"

#include <cmath>

namespace headroom {

const char *diagnosticLevelName(DiagnosticLevel L) {
  switch (L) {
  case DiagnosticLevel::Note:
    return "note";
  case DiagnosticLevel::Remark:
    return "remark";
  case DiagnosticLevel::Warning:
    return "warning";
  case DiagnosticLevel::Error:
    return "error";
  }
  return "warning";
}

namespace {

namespace q = qualification;

Diagnostic note(std::optional<SourceLocation> Loc, std::string Message,
                std::string_view Check = {}) {
  Diagnostic N;
  N.Level = DiagnosticLevel::Note;
  N.Location = std::move(Loc);
  N.Message = std::move(Message);
  N.Check = std::string(Check);
  return N;
}

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

/// The warning for a kernel the model could predict.
Diagnostic boundWarning(const KernelReport &K, const std::string &Device) {
  const Prediction &P = *K.Model;
  const char *Unit = opUnit(P.Type);
  bool Compute = P.Limit == Bound::Compute;
  Diagnostic D;
  D.Location = K.Definition;
  D.Check = std::string(Compute ? checks::ComputeBound : checks::MemoryBound);
  D.Message = "kernel '" + K.Kernel + "' is " + boundName(P.Limit) +
              "-bound on " + Device + " (O_krn " + formatIntensity(P.OKrn) +
              (Compute ? " > " : " <= ") + "O_dev " + formatIntensity(P.ODev) +
              " " + Unit + "/byte, " + ridgeDistance(P) + "): attainable " +
              formatRate(P.AttainableGops, Unit);
  if (!Compute)
    D.Message += " at " + formatBandwidth(P.BMem);
  D.Message += ", predicted floor " + formatMs(P.PredictedMs) + " ms";
  if (auto H = P.headroom())
    D.Message += ", measured " + formatMs(*P.MeasuredMs) + " ms, headroom " +
                 formatFixed(*H, 2) + "x (" +
                 attainablePercent(*P.attainablePct()) + " of attainable)";
  return D;
}

/// The note that names what caps compute: the instruction mix (4.13-4.17).
Diagnostic mixNote(const KernelReport &K) {
  const Prediction &P = *K.Model;
  const char *Unit = opUnit(P.Type);
  double Cost = P.COp + P.CLdSt + P.COther;
  std::string Ops = std::string(kernelTypeName(P.Type)) + " operations";
  std::string Message = "compute is capped at " + formatRate(P.TOpEff, Unit) +
                        " (" + percent(P.TOpEff / P.TOp) + " of the " +
                        formatRate(P.TOp, Unit) + " peak): ";
  // Name the largest non-useful share of issue slots first.
  double LdSt = Cost > 0 ? P.CLdSt / Cost : 0,
         Other = Cost > 0 ? P.COther / Cost : 0;
  if (LdSt >= Other)
    Message += "load/store instructions take " + percent(LdSt) +
               " of issue slots, other instructions " + percent(Other);
  else
    Message += "other (integer, control, conversion) instructions take " +
               percent(Other) + " of issue slots, load/store " + percent(LdSt);
  Message += ", " + Ops + " " + percent(P.EInstr);
  double FmaShare = 2 * P.EMix - 1;
  if (P.Type == KernelType::Int)
    ;
  else if (FmaShare < 0.005)
    Message += "; none of them are fused multiply-adds (E_mix " +
               percent(P.EMix) + ")";
  else if (FmaShare < 0.995)
    Message += "; only " + percent(FmaShare) +
               " of them are fused multiply-adds (E_mix " + percent(P.EMix) +
               ")";
  return note(K.Definition, Message);
}

/// Zhang & Owens: the time each component needs, the bottleneck and the
/// next one.
std::optional<Diagnostic> componentNote(const KernelReport &K) {
  const ComponentTimes &C = K.Components;
  if (C.Times.size() < 2)
    return std::nullopt;
  std::string Message = "time by component:";
  for (std::size_t I = 0; I < C.Times.size(); ++I)
    Message += std::string(I ? ", " : " ") + componentName(C.Times[I].Which) +
               " " + formatMs(C.Times[I].Ms) + " ms";
  Message += "; without the " +
             std::string(componentName(C.bottleneck()->Which)) +
             " bottleneck, " + componentName(C.next()->Which) +
             " would cap the kernel at " + formatMs(C.next()->Ms) + " ms";
  return note(K.Definition, Message);
}

/// True when a component the base model does not see (\p Which) needs more
/// time than the model's floor.
bool exceedsFloor(const KernelReport &K, Component Which) {
  auto T = K.Components.timeOf(Which);
  return T && K.Model && *T > K.Model->PredictedMs;
}

void addQualifyingNotes(const KernelReport &K, Diagnostic &D) {
  if (K.MinThreadsPerBlock && (K.MinThreadsPerBlock < q::MinThreadsPerBlock ||
                               K.MinBlocks < q::MinBlocks))
    D.Notes.push_back(note(
        K.Definition,
        "launched with as few as " + std::to_string(K.MinBlocks) +
            " blocks of " + std::to_string(K.MinThreadsPerBlock) +
            " threads: too little parallelism to hide latency" +
            (K.Model ? ", so the floor is only a lower bound on time" : ""),
        checks::LowParallelism));
  if (K.Launches && K.TotalNs > 0 && K.meanLaunchNs() < q::ShortLaunchNs)
    D.Notes.push_back(note(K.Definition,
                           "a launch takes " +
                               formatDuration(K.meanLaunchNs()) +
                               " on average: launch overhead, which the "
                               "model does not see, may dominate",
                           checks::ShortLaunches));
  if (!K.Model)
    return;
  if (K.Components.timeOf(Component::L2)) {
    if (exceedsFloor(K, Component::L2))
      D.Notes.push_back(
          note(K.Definition,
               "L2 bandwidth caps the kernel: its L2 traffic needs " +
                   formatMs(*K.Components.timeOf(Component::L2)) +
                   " ms at the calibrated L2 bandwidth, more than the model's "
                   "floor (" +
                   formatMs(K.Model->PredictedMs) + " ms)",
               checks::L2Bound));
  } else if (K.L2ToDramRatio && *K.L2ToDramRatio > q::L2ToDramLimit) {
    D.Notes.push_back(note(
        K.Definition,
        "L2 traffic is " + formatFixed(*K.L2ToDramRatio, 1) +
            "x DRAM traffic: the kernel may be bound by L2 bandwidth, which "
            "the base model does not see (calibrate l2_read to know)",
        checks::L2Bound));
  }
  if (exceedsFloor(K, Component::SharedMemory))
    D.Notes.push_back(note(
        K.Definition,
        "shared memory caps the kernel: its shared-memory wavefronts need " +
            formatMs(*K.Components.timeOf(Component::SharedMemory)) +
            " ms at the calibrated shared-memory rate, more than the "
            "model's floor (" +
            formatMs(K.Model->PredictedMs) + " ms)",
        checks::SharedMemoryBound));
  if (K.ThreadsPerWarpInst &&
      *K.ThreadsPerWarpInst < q::DivergentThreadsPerInst)
    D.Notes.push_back(note(K.Definition,
                           "divergence: on average " +
                               formatFixed(*K.ThreadsPerWarpInst, 1) +
                               " of 32 threads are active per warp "
                               "instruction",
                           checks::Divergence));
  if (K.Model->Type == KernelType::Int)
    D.Notes.push_back(note(K.Definition,
                           "integer-dominated kernel: the cost of integer "
                           "instructions varies 2-5x by opcode, so the "
                           "compute ceiling is approximate",
                           checks::IntegerHeavy));
  if (K.ModeledLaunches < K.Launches)
    D.Notes.push_back(note(K.Definition,
                           std::to_string(K.Launches - K.ModeledLaunches) +
                               " of " + std::to_string(K.Launches) +
                               " launches ran in configurations without "
                               "counters and are not in the prediction",
                           checks::PartialCounters));
}

/// One note per --target device: the projected bound and time.
void addProjectionNotes(const KernelReport &K, const std::string &Device,
                        Diagnostic &D) {
  for (const Prediction &P : K.Projections) {
    bool Changes = P.Limit != K.Model->Limit;
    std::string Message = "on " + P.Device + ": " + boundName(P.Limit) +
                          "-bound (O_dev " + formatIntensity(P.ODev) +
                          "), floor " + formatMs(P.PredictedMs) + " ms";
    if (P.Correction)
      Message += ", " + formatMs(P.Correction->CorrectedMs) +
                 " ms with E_util " + formatFixed(P.Correction->EUtil, 2);
    double Here = K.Model->MeasuredMs.value_or(K.Model->PredictedMs);
    double There = P.Correction ? P.Correction->CorrectedMs : P.PredictedMs;
    if (Here > 0)
      Message +=
          " (" + formatTimes(There / Here) + " the time on " + Device + ")";
    if (Changes)
      Message += "; changes bound: " + std::string(boundName(K.Model->Limit)) +
                 "-bound on " + Device;
    D.Notes.push_back(
        note(K.Definition, Message,
             Changes ? checks::BoundChanges : std::string_view()));
  }
}

void addSiteNotes(const KernelReport &K, Diagnostic &D) {
  for (const SiteUsage &U : K.Sites) {
    std::string Share =
        K.TotalNs > 0 ? percent(U.TotalNs / K.TotalNs) : std::string("0%");
    std::string Message =
        (U.Site ? "launched " : "launched outside instrumented code ") +
        std::to_string(U.Launches) + (U.Launches == 1 ? " time" : " times") +
        (U.Site ? " here" : "") + ", " + Share + " of the kernel's GPU time (" +
        formatDuration(U.TotalNs) + ")";
    D.Notes.push_back(
        note(U.Site ? std::optional(U.Site->Launch) : std::nullopt, Message));
  }
}

Diagnostic kernelDiagnostic(const Analysis &A, const KernelReport &K) {
  Diagnostic D;
  if (K.Model) {
    D = boundWarning(K, A.Device.Device.Name);
    D.Notes.push_back(mixNote(K));
    if (auto C = componentNote(K))
      D.Notes.push_back(*C);
    addQualifyingNotes(K, D);
    addProjectionNotes(K, A.Device.Device.Name, D);
  } else {
    D.Location = K.Definition;
    D.Check = std::string(K.ModelError ? checks::InvalidCounters
                                       : checks::NoCounters);
    D.Message =
        "kernel '" + K.Kernel + "' took " + formatDuration(K.TotalNs) + " in " +
        std::to_string(K.Launches) +
        (K.Launches == 1 ? " launch (" : " launches (") +
        percent(K.ShareOfProfile) + " of GPU time); its bound is unknown: " +
        (K.ModelError
             ? "the model cannot use its counters: " + K.ModelError->message()
             : "no hardware counters were collected");
    if (!K.ModelError)
      for (const std::string &W : A.Source.Collection.Warnings)
        D.Notes.push_back(note(K.Definition, "the profile says: " + W));
    addQualifyingNotes(K, D);
  }
  addSiteNotes(K, D);
  D.Kernel = K.Kernel;
  for (Diagnostic &N : D.Notes)
    if (!N.Check.empty())
      N.Kernel = K.Kernel;
  return D;
}

Diagnostic emptyProfile(const Analysis &A) {
  Diagnostic D;
  D.Check = std::string(checks::EmptyProfile);
  D.Message = A.Source.Path + " holds no kernel launches";
  if (!A.Source.Collection.Mode.empty())
    D.Message += " (collection mode '" + A.Source.Collection.Mode + "')";
  D.Message += ": nothing to report";
  for (const std::string &W : A.Source.Collection.Warnings)
    D.Notes.push_back(note(std::nullopt, "the profile says: " + W));
  if (!A.Source.Sites.empty())
    D.Notes.push_back(note(
        std::nullopt,
        std::to_string(A.Source.Sites.size()) +
            " instrumented launch sites were registered, but no launch was "
            "timed"));
  return D;
}

Diagnostic deviceMismatch(const Analysis &A) {
  const DeviceParameters &Dev = A.Device.Device;
  Diagnostic D;
  D.Check = std::string(checks::DeviceMismatch);
  std::string Names;
  for (const std::string &N : A.ForeignDevices)
    Names += (Names.empty() ? "'" : ", '") + N + "'";
  D.Message = "the profile was recorded on " + Names + ", but device '" +
              Dev.Name + "' (" + A.Device.Path + ") is another GPU";
  if (!Dev.Identity.ProductName.empty())
    D.Message += " ('" + Dev.Identity.ProductName + "')";
  D.Message += ": the kernels are modeled on it, but measured times are not "
               "compared with its floor, so there is no headroom";
  D.Notes.push_back(note(std::nullopt,
                         "give the profiled GPU's device file to --device "
                         "('headroom devices' lists them; 'headroom "
                         "calibrate' measures one), and other GPUs to "
                         "--target"));
  return D;
}

Diagnostic siteChanged(const SiteMismatch &M) {
  Diagnostic D;
  D.Check = std::string(checks::SitesChanged);
  D.Location = M.Where;
  D.Kernel = M.Kernel;
  D.Message = std::string(M.IsDefinition ? "the definition of kernel '"
                                         : "the launch site of kernel '") +
              M.Kernel +
              "' recorded in the profile does not match the "
              "source: " +
              M.Problem + "; the profile is older than the sources";
  return D;
}

} // namespace

std::vector<std::string> qualifyingChecks(const KernelReport &K) {
  Diagnostic D;
  addQualifyingNotes(K, D);
  std::vector<std::string> Out;
  for (const Diagnostic &N : D.Notes)
    Out.push_back(N.Check);
  if (K.Model)
    for (const Prediction &P : K.Projections)
      if (P.Limit != K.Model->Limit) {
        Out.push_back(std::string(checks::BoundChanges));
        break;
      }
  return Out;
}

std::vector<Diagnostic> buildReportDiagnostics(const Analysis &A) {
  std::vector<Diagnostic> Out;
  if (A.Report.Kernels.empty())
    Out.push_back(emptyProfile(A));
  if (!A.ForeignDevices.empty())
    Out.push_back(deviceMismatch(A));
  for (const SiteMismatch &M : A.Sources.Mismatches)
    Out.push_back(siteChanged(M));
  for (const KernelReport &K : A.Report.Kernels)
    Out.push_back(kernelDiagnostic(A, K));
  return Out;
}

} // namespace headroom
