//===- Diagnose.cpp - The diagnostics of an analysis ----------------------===//

#include "checks/Diagnose.h"

#include "checks/CheckRegistry.h"
#include "checks/CodeRoleWords.h"
#include "checks/Message.h"
#include "checks/Notes.h"
#include "checks/StallReasons.h"
#include "checks/Vocabulary.h"
#include "checks/kernel/AdviceNotes.h"
#include "checks/kernel/KernelWarnings.h"

#include <algorithm>
#include <cstdio>

namespace headroom {

namespace {

void addQualifyingNotes(const KernelReport &K, Diagnostic &D) {
  for (const QualifyingCheck *C : qualifyingCheckList())
    if (C->applies(K))
      D.Notes.push_back(note(K.where(), C->message(K), C->name()));
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
    D.Notes.push_back(note(K.where(), Text,
                           Changes ? BoundChanges.name() : std::string_view()));
  }
}

/// Where the kernel was launched: each site, each library call and the
/// launches outside both, with their share; not the call whose kernels the
/// report of \p K is (its warning is there).
void addSiteNotes(const KernelReport &K, Diagnostic &D) {
  for (const SiteUsage &U : K.Sites) {
    // A site of an imported profile knows the definition, not the launch.
    if (U.Site && !U.Site->hasLaunch())
      continue;
    if (K.Call && U.Scope == K.Call)
      continue;
    double Share = K.TotalNs > 0 ? U.TotalNs / K.TotalNs : 0;
    Arg Times = Arg::counted(double(U.Launches), "time", "times");
    if (U.Scope)
      D.Notes.push_back(
          note(U.Scope->Where,
               message(Msg::NoteLaunchedInCall,
                       {Times, Arg::quoted(U.Scope->Name), Arg::percent(Share),
                        Arg::time(U.TotalNs / 1e6)})));
    else
      D.Notes.push_back(note(
          U.Site ? std::optional(U.Site->Launch) : std::nullopt,
          message(U.Site ? Msg::NoteLaunchedHere : Msg::NoteLaunchedOutside,
                  {Times, Arg::percent(Share), Arg::time(U.TotalNs / 1e6)})));
  }
}

/// Where the instruction \p W a hot line at \p Line waits on is: its
/// line, where it has one, else its SASS offset.
std::string waitedAt(const StallWait &W, const SourceLocation &Line) {
  if (W.Where.File.empty()) {
    char Hex[24];
    std::snprintf(Hex, sizeof Hex, "0x%llx",
                  static_cast<unsigned long long>(W.Offset));
    return message(Msg::StallAtOffset, {Arg::text(Hex)});
  }
  Arg Number = Arg::text(std::to_string(W.Where.Line));
  std::string At =
      W.Where.File == Line.File
          ? message(Msg::StallLineHere, {Number})
          : message(Msg::StallLineIn, {Arg::text(W.Where.File), Number});
  return W.Nearby ? message(Msg::StallLineNear, {Arg::text(At)}) : At;
}

/// A hot line's note: its share of the stall samples and what its warps
/// were doing most, or, with the program's SASS, the instruction they
/// waited on and the loop they were in, and, where the SASS has inlined
/// line info, the kernel's line the code there was inlined at.
std::string stallLineMessage(const StallLine &L) {
  Arg Share = Arg::percent(L.Share);
  std::string Text =
      L.WaitsOn ? message(Msg::NoteStallLineWaits,
                          {Share, Arg::text(codeRoleWords(L.WaitsOn->Kind)),
                           Arg::text(waitedAt(*L.WaitsOn, L.Where)),
                           Arg::text(stallReasonWords(L.Dominant).Label)})
                : message(Msg::NoteStallLine,
                          {Share, Arg::text(stallReasonPhrase(L.Dominant))});
  if (L.WaitsOn && L.WaitsOn->loadChain())
    Text = message(Msg::StallLoadChain, {Arg::text(Text)});
  if (L.Loop) {
    Arg First = Arg::text(std::to_string(L.Loop->FirstLine));
    Text = L.Loop->FirstLine == L.Loop->LastLine
               ? message(Msg::StallInOneLineLoop, {Arg::text(Text), First})
               : message(Msg::StallInLoop,
                         {Arg::text(Text), First,
                          Arg::text(std::to_string(L.Loop->LastLine))});
  }
  if (!L.InlinedAt)
    return Text;
  Arg Line = Arg::text(std::to_string(L.InlinedAt->Line));
  return L.InlinedAt->SameFile
             ? message(Msg::StallInlinedAt, {Arg::text(Text), Line})
             : message(Msg::StallInlinedAtIn,
                       {Arg::text(Text), Arg::text(L.InlinedAt->File), Line});
}

/// A note at each hot line of \p K's stall samples (stallLineMessage).
void addStallNotes(const KernelReport &K, Diagnostic &D) {
  if (!K.Stalls)
    return;
  for (std::size_t I : K.Stalls->Hot) {
    const StallLine &L = K.Stalls->Lines[I];
    D.Notes.push_back(note(L.Where, stallLineMessage(L)));
  }
}

/// The kernel-warning check that applies to \p K: exactly one does.
const KernelWarningCheck &warningCheckOf(const KernelReport &K) {
  for (const KernelWarningCheck *C : kernelWarningChecks())
    if (C->applies(K))
      return *C;
  return checkNoCounters();
}

/// \p K's warning with its notes, but what to try: the claim and the
/// evidence, its name in full where the short one differs, the qualifying
/// notes, the projections and where it was launched.
Diagnostic kernelWarning(const Analysis &A, const KernelReport &K) {
  Diagnostic D = warningCheckOf(K).warning(K, A);
  if (std::optional<Diagnostic> N = shortForNote(K))
    D.Notes.insert(D.Notes.begin(), std::move(*N));
  addQualifyingNotes(K, D);
  addStallNotes(K, D);
  if (K.Finding)
    addTargetNotes(K, D);
  addSiteNotes(K, D);
  return D;
}

/// The last note: what to try for \p K, and where \p Check is documented.
Diagnostic tryNote(const KernelReport &K, const std::string &Check) {
  std::string Try = K.Finding      ? advice(*K.Finding)
                    : K.ModelError ? message(Msg::TryReprofile)
                                   : message(Msg::TryCounters);
  // A latency-bound kernel whose counters name no cause: what its stall
  // samples name (the cause note says which).
  if (K.Finding && K.Finding->Verdict == Regime::Latency &&
      K.Finding->Causes.empty() && K.Stalls && !K.Stalls->Dominant.empty())
    Try = std::string(stallReasonWords(K.Stalls->Dominant).Try);
  return note(K.where(),
              message(Msg::ToTry, {Arg::text(Try), Arg::text(Check)}));
}

/// Names \p K in \p D and in those of its notes that are findings of
/// their own and name no other kernel.
void nameKernel(Diagnostic &D, const KernelReport &K) {
  D.Kernel = K.Kernel;
  for (Diagnostic &N : D.Notes)
    if (!N.Check.empty() && N.Kernel.empty())
      N.Kernel = K.Kernel;
}

Diagnostic kernelDiagnostic(const Analysis &A, const KernelReport &K) {
  Diagnostic D = kernelWarning(A, K);
  addAdviceNotes(K, D);
  D.Notes.push_back(tryNote(K, D.Check));
  nameKernel(D, K);
  return D;
}

/// The warning of library call \p C at the line that called it: what it
/// ran and its main kernel's claim, that kernel's evidence, each other
/// kernel's claim as a note of its own check, then what to try for the
/// main kernel.
Diagnostic callDiagnostic(const Analysis &A, const CallReport &C) {
  const KernelReport &Main = A.Report.Kernels[C.Kernels.front()];
  bool Only = C.Kernels.size() == 1;
  auto ShareOfCall = [&](const KernelReport &K) {
    return Arg::percent(C.TotalNs > 0 ? K.TotalNs / C.TotalNs : 0);
  };
  Diagnostic D = kernelWarning(A, Main);
  Arg Subject =
      Arg::text(Only ? message(Msg::CallOnlySubject)
                     : message(Msg::CallMainSubject, {ShareOfCall(Main)}));
  D.Message =
      message(Msg::CallClaim,
              {Arg::quoted(C.Scope->Name),
               Arg::counted(double(C.Kernels.size()), "kernel", "kernels"),
               Arg::text(claim(Main, Subject))});
  Arg Time = Arg::time(C.TotalNs / 1e6);
  Arg Launches = Arg::counted(double(C.Launches), "launch", "launches");
  Arg Share = Arg::percent(C.ShareOfProfile);
  Arg Name = Arg::quoted(Main.ShortName);
  D.Notes.insert(
      D.Notes.begin(),
      note(C.Scope->Where,
           Only
               ? message(Msg::NoteCallKernel, {Name, Time, Launches, Share})
               : message(Msg::NoteCallKernels, {Time, Launches, Share, Name})));
  nameKernel(D, Main);
  for (std::size_t I = 1; I < C.Kernels.size(); ++I) {
    const KernelReport &K = A.Report.Kernels[C.Kernels[I]];
    Arg Other = Arg::text(message(Msg::CallKernelSubject,
                                  {Arg::quoted(K.ShortName), ShareOfCall(K)}));
    Diagnostic N =
        note(C.Scope->Where, claim(K, Other), warningCheckOf(K).name());
    N.Kernel = K.Kernel;
    D.Notes.push_back(std::move(N));
    if (std::optional<Diagnostic> Full = shortForNote(K))
      D.Notes.push_back(std::move(*Full));
  }
  D.Notes.push_back(tryNote(Main, D.Check));
  return D;
}

/// The note that heads the kernels launched outside instrumented code.
Diagnostic outsideHeading(const std::vector<const KernelReport *> &Outside,
                          const ProfileReport &R) {
  double Ns = 0;
  for (const KernelReport *K : Outside)
    Ns += K->TotalNs;
  return note(
      std::nullopt,
      message(Msg::OutsideHeading,
              {Arg::counted(double(Outside.size()), "kernel", "kernels"),
               Arg::percent(R.TotalNs > 0 ? Ns / R.TotalNs : 0)}));
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
  // The kernels and the library calls, most GPU time first; the kernels
  // launched outside instrumented code last, under their heading.
  struct Item {
    double Ns;
    const KernelReport *K;
    const CallReport *C;
  };
  std::vector<Item> Items;
  std::vector<const KernelReport *> Outside;
  for (const KernelReport &K : A.Report.Kernels) {
    if (K.Call)
      continue;
    if (K.outside())
      Outside.push_back(&K);
    else
      Items.push_back({K.TotalNs, &K, nullptr});
  }
  for (const CallReport &C : A.Report.Calls)
    Items.push_back({C.TotalNs, nullptr, &C});
  std::stable_sort(Items.begin(), Items.end(),
                   [](const Item &X, const Item &Y) { return X.Ns > Y.Ns; });
  for (const Item &I : Items)
    Out.push_back(I.K ? kernelDiagnostic(A, *I.K) : callDiagnostic(A, *I.C));
  if (!Outside.empty()) {
    Out.push_back(outsideHeading(Outside, A.Report));
    for (const KernelReport *K : Outside)
      Out.push_back(kernelDiagnostic(A, *K));
  }
  return Out;
}

void diagnose(Analysis &A) { A.Diagnostics = buildReportDiagnostics(A); }

} // namespace headroom
