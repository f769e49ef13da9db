//===- Diagnose.cpp - The diagnostics of an analysis ----------------------===//

#include "checks/Diagnose.h"

#include "checks/CheckRegistry.h"
#include "checks/Notes.h"
#include "checks/Vocabulary.h"
#include "support/Format.h"
#include "support/Quantities.h"

namespace headroom {

namespace {

/// Units the floor note names, slowest first.
constexpr std::size_t MaxUnitsNamed = 4;

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

/// The Hopper model's floors of the slowest units (bounds only; the warning
/// names a latency estimate that sets the predicted time): what the
/// bottleneck is and what would limit the kernel next.
Diagnostic unitsNote(const KernelReport &K) {
  std::string Message = "floor by unit (busiest SM or scheduler):";
  std::size_t Named = 0;
  for (const UnitTime &T : K.Bounds->Prediction.Times) {
    if (Named == MaxUnitsNamed)
      continue;
    Message += std::string(Named++ ? ", " : " ") + std::string(unitName(T.Id)) +
               " " + formatMs(T.FloorMs) + " ms";
  }
  return note(K.Definition, Message);
}

/// One note per --target device with unit rates: the Hopper model's
/// projection.
void addBoundsProjectionNotes(const KernelReport &K, const std::string &Device,
                              Diagnostic &D) {
  const KernelBounds &B = *K.Bounds;
  const ProjectionCheck &BoundChanges = checkBoundChanges();
  for (const BoundsProjection &P : B.Projections) {
    std::optional<Limiter> Cap = P.Prediction.limiter();
    if (!Cap)
      continue;
    const Unit *CapUnit = std::get_if<Unit>(&*Cap);
    std::string Message =
        "on " + P.Device + ": " +
        (P.Prediction.estimatePredicted() ? "predicted " : "floor ") +
        formatMs(P.Prediction.predictedMs()) + " ms set by the " +
        std::string(CapUnit ? unitName(*CapUnit)
                            : estimateName(std::get<Estimate>(*Cap)));
    if (B.Prediction.MeasuredMs && *B.Prediction.MeasuredMs > 0)
      Message += ", projected " + formatMs(P.ProjectedMs) + " ms (" +
                 formatTimes(P.ProjectedMs / *B.Prediction.MeasuredMs) +
                 " the time on " + Device + ")";
    bool Changes = BoundChanges.changes(K, P);
    if (Changes)
      Message += "; changes bound: " + std::string(regimeName(P.TargetRegime)) +
                 "-bound there, " + regimeName(B.regime()) + "-bound on " +
                 Device;
    D.Notes.push_back(note(K.Definition, Message,
                           Changes ? BoundChanges.name() : std::string_view()));
  }
}

bool projectedByBounds(const KernelReport &K, const std::string &Device) {
  if (K.Bounds)
    for (const BoundsProjection &P : K.Bounds->Projections)
      if (P.Device == Device)
        return true;
  return false;
}

void addQualifyingNotes(const KernelReport &K, Diagnostic &D) {
  for (const QualifyingCheck *C : qualifyingCheckList())
    if (C->applies(K))
      D.Notes.push_back(note(K.Definition, C->message(K), C->name()));
}

/// One note per --target device: the projected bound and time.
void addProjectionNotes(const KernelReport &K, const std::string &Device,
                        Diagnostic &D) {
  const ProjectionCheck &BoundChanges = checkBoundChanges();
  for (const Prediction &P : K.Projections) {
    if (projectedByBounds(K, P.Device))
      continue;
    bool Changes = BoundChanges.changes(K, P);
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
    D.Notes.push_back(note(K.Definition, Message,
                           Changes ? BoundChanges.name() : std::string_view()));
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
  for (const KernelWarningCheck *C : kernelWarningChecks())
    if (C->applies(K)) {
      D = C->warning(K, A);
      break;
    }
  if (K.Bounds) {
    D.Notes.push_back(unitsNote(K));
  } else if (K.Model) {
    D.Notes.push_back(mixNote(K));
    if (std::optional<Diagnostic> C = componentNote(K))
      D.Notes.push_back(*C);
  }
  addQualifyingNotes(K, D);
  if (K.Bounds)
    addBoundsProjectionNotes(K, A.Device.Device.Name, D);
  if (K.Model)
    addProjectionNotes(K, A.Device.Device.Name, D);
  addSiteNotes(K, D);
  D.Kernel = K.Kernel;
  for (Diagnostic &N : D.Notes)
    if (!N.Check.empty())
      N.Kernel = K.Kernel;
  return D;
}

} // namespace

std::vector<std::string> qualifyingChecks(const KernelReport &K) {
  std::vector<std::string> Out;
  for (const QualifyingCheck *C : qualifyingCheckList())
    if (C->applies(K))
      Out.push_back(std::string(C->name()));
  if (checkBoundChanges().applies(K))
    Out.push_back(std::string(checkBoundChanges().name()));
  return Out;
}

std::vector<Diagnostic> buildReportDiagnostics(const Analysis &A) {
  std::vector<Diagnostic> Out;
  for (const ProfileCheck *C : profileChecks())
    for (Diagnostic &D : C->diagnose(A))
      Out.push_back(std::move(D));
  for (const KernelReport &K : A.Report.Kernels)
    Out.push_back(kernelDiagnostic(A, K));
  return Out;
}

void diagnose(Analysis &A) { A.Diagnostics = buildReportDiagnostics(A); }

} // namespace headroom
