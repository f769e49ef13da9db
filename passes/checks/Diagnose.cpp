//===- Diagnose.cpp - The diagnostics of an analysis ----------------------===//

#include "checks/Diagnose.h"

#include "checks/CheckRegistry.h"
#include "checks/Message.h"
#include "checks/Notes.h"
#include "checks/Vocabulary.h"
#include "checks/kernel/KernelWarnings.h"

namespace headroom {

namespace {

void addQualifyingNotes(const KernelReport &K, Diagnostic &D) {
  for (const QualifyingCheck *C : qualifyingCheckList())
    if (C->applies(K))
      D.Notes.push_back(note(K.Definition, C->message(K), C->name()));
}

/// One note per --target device: the regime there and the projected time.
void addTargetNotes(const KernelReport &K, Diagnostic &D) {
  const KernelFinding &F = *K.Finding;
  const ProjectionCheck &BoundChanges = checkBoundChanges();
  for (const TargetFinding &T : F.Targets) {
    bool Changes = BoundChanges.changes(F, T);
    std::string Text;
    if (Changes && T.Model != F.Model)
      Text =
          message(Msg::NoteTargetChangesOtherModel,
                  {Arg::text(T.Device), Arg::text(regimeName(T.Verdict)),
                   Arg::text(regimeName(T.HereVerdict)), Arg::text(F.Device),
                   Arg::text(modelKindKey(T.Model)), Arg::time(T.ProjectedMs)});
    else if (Changes)
      Text = message(Msg::NoteTargetChanges,
                     {Arg::text(T.Device), Arg::text(regimeName(T.Verdict)),
                      Arg::text(regimeName(T.HereVerdict)), Arg::text(F.Device),
                      Arg::time(T.ProjectedMs)});
    else if (F.MeasuredMs && *F.MeasuredMs > 0 && T.Model != F.Model)
      // Another model's regime there is compared with its regime here,
      // which differs from the warning's: say so.
      Text = message(
          Msg::NoteTargetOtherModel,
          {Arg::text(T.Device), Arg::text(regimeName(T.Verdict)),
           Arg::text(modelKindKey(T.Model)), Arg::time(T.ProjectedMs),
           Arg::times(T.ProjectedMs / *F.MeasuredMs), Arg::text(F.Device)});
    else if (F.MeasuredMs && *F.MeasuredMs > 0)
      Text = message(Msg::NoteTarget,
                     {Arg::text(T.Device), Arg::text(regimeName(T.Verdict)),
                      Arg::time(T.ProjectedMs),
                      Arg::times(T.ProjectedMs / *F.MeasuredMs),
                      Arg::text(F.Device)});
    else
      Text = message(Msg::NoteTargetUnmeasured,
                     {Arg::text(T.Device), Arg::text(regimeName(T.Verdict)),
                      Arg::time(T.ProjectedMs)});
    D.Notes.push_back(note(K.Definition, Text,
                           Changes ? BoundChanges.name() : std::string_view()));
  }
}

void addSiteNotes(const KernelReport &K, Diagnostic &D) {
  for (const SiteUsage &U : K.Sites) {
    // A site of an imported profile knows the definition, not the launch.
    if (U.Site && !U.Site->hasLaunch())
      continue;
    double Share = K.TotalNs > 0 ? U.TotalNs / K.TotalNs : 0;
    Arg Times = Arg::counted(double(U.Launches), "time", "times");
    D.Notes.push_back(note(
        U.Site ? std::optional(U.Site->Launch) : std::nullopt,
        message(U.Site ? Msg::NoteLaunchedHere : Msg::NoteLaunchedOutside,
                {Times, Arg::percent(Share), Arg::time(U.TotalNs / 1e6)})));
  }
}

Diagnostic kernelDiagnostic(const Analysis &A, const KernelReport &K) {
  Diagnostic D;
  for (const KernelWarningCheck *C : kernelWarningChecks())
    if (C->applies(K)) {
      D = C->warning(K, A);
      break;
    }
  addQualifyingNotes(K, D);
  if (K.Finding)
    addTargetNotes(K, D);
  addSiteNotes(K, D);
  // The last note says what to try, and where the check is documented.
  std::string Try = K.Finding      ? advice(*K.Finding)
                    : K.ModelError ? message(Msg::TryReprofile)
                                   : message(Msg::TryCounters);
  D.Notes.push_back(note(
      K.Definition, message(Msg::ToTry, {Arg::text(Try), Arg::text(D.Check)})));
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
