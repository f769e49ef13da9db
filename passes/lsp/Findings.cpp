//===- Findings.cpp - What the editor shows of an analysis ----------------===//

#include "lsp/Findings.h"

#include "analysis/SitesMatchSources.h"
#include "checks/Message.h"
#include "checks/StallReasons.h"
#include "checks/Vocabulary.h"
#include "checks/kernel/AdviceNotes.h"
#include "support/Format.h"
#include "support/KernelNames.h"
#include "support/Paths.h"
#include "support/Quantities.h"

#include <algorithm>

namespace headroom::lsp {

namespace {

std::string msText(double Ns) { return formatDuration(Ns); }

std::string launchesText(std::uint64_t N) {
  return std::to_string(N) + (N == 1 ? " launch" : " launches");
}

/// The kernel diagnostic \p D is about: the kernel of its name whose
/// diagnostics are where it is (grouping by call, one kernel is reported at
/// each library call that ran it).
const KernelReport *reportOf(const Analysis &A, const Diagnostic &D) {
  for (const KernelReport &K : A.Report.Kernels)
    if (K.Kernel == D.Kernel && K.where() == D.Location)
      return &K;
  return nullptr;
}

Diagnostic
absolute(Diagnostic D,
         const std::function<std::string(const std::string &)> &Resolve) {
  if (D.Location)
    D.Location->File = Resolve(D.Location->File);
  for (Diagnostic &N : D.Notes)
    if (N.Location)
      N.Location->File = Resolve(N.Location->File);
  return D;
}

} // namespace

std::string checkHref(const std::string &DocsBase, const std::string &Check) {
  return DocsBase + "#" + Check;
}

std::string siblingDoc(const std::string &DocsBase, std::string_view Name) {
  const std::string_view Diagnostics = "diagnostics.md";
  if (!DocsBase.ends_with(Diagnostics))
    return "";
  return DocsBase.substr(0, DocsBase.size() - Diagnostics.size()) +
         std::string(Name);
}

std::string sourceTreeDiagnosticsDoc() {
  std::string Path = HEADROOM_LSP_SOURCE_DOCS "/diagnostics.md";
  return isRegularFile(Path) ? Path : "";
}

std::string EditorKernel::headroomText(const char *Emphasis) const {
  std::string E = Emphasis;
  return E + formatTimes(*Headroom) + E + " slower than " +
         (RoofName.empty() ? "predicted" : "its " + RoofName);
}

std::string EditorKernel::lensTitle() const {
  std::string Title = Bound;
  if (Headroom)
    Title += " · " + headroomText("");
  return Title + " · " + msText(TotalNs) + " in " + launchesText(LaunchCount);
}

std::string EditorKernel::launchLensTitle(const LaunchFinding &L) const {
  return ShortName + ": " + launchesText(L.Launches) + " here · " +
         msText(L.TotalNs) + " (" + formatPercent(L.Share) +
         " of its GPU time)";
}

std::string EditorKernel::adviceActionTitle(const WhatIfEstimate &E) const {
  return message(Msg::AdviceAction,
                 {Arg::times(E.speedup()), Arg::text(whatIfName(E.Id))});
}

std::string EditorKernel::hotLineLensTitle(const HotLineFinding &H) const {
  std::string Title =
      formatPercent(H.Share) + " of " + ShortName + "'s warp stalls";
  if (!H.Reason.empty())
    Title += " · " + std::string(stallReasonWords(H.Reason).Label);
  return Title;
}

std::string EditorKernel::hoverMarkdown(const LaunchFinding *Launch,
                                        const std::string &DocsBase) const {
  std::string M = "**Headroom** · " +
                  (Call.empty() ? "kernel `" + ShortName + "` is "
                                : "`" + Call + "` here: its main kernel, `" +
                                      ShortName + "`, is ") +
                  Bound + " on " + Device + "\n\n";
  if (Headroom)
    M += "- " + headroomText("**");
  else
    M += "- no headroom (no measured time on this device)";
  M += " · " + msText(TotalNs) + " in " + launchesText(LaunchCount) + " (" +
       formatPercent(ShareOfProfile) + " of the profile's GPU time)\n";
  if (PredictedMs) {
    M += "- predicted " + std::string(EstimatePredicted ? "time " : "floor ") +
         formatTime(*PredictedMs);
    if (CapHeadroom)
      M += ", measured " + formatTimes(*CapHeadroom) + " that";
    M += "\n";
  }
  if (Launch)
    M += "- this launch site: " + launchesText(Launch->Launches) + ", " +
         msText(Launch->TotalNs) + ", " + formatPercent(Launch->Share) +
         " of the kernel's GPU time\n";
  M += "\n" + Warning.Message + " ([" + Warning.Check + "](" +
       checkHref(DocsBase, Warning.Check) + "))\n";
  return M;
}

Findings
findingsOf(std::shared_ptr<const Analysis> A,
           const std::function<std::string(const std::string &)> &Resolve) {
  Findings F;
  F.Source = A;
  for (const Diagnostic &D : A->Diagnostics) {
    if (D.Kernel.empty() || !D.Location) {
      if (!D.Check.empty())
        F.ProfileNotes.push_back(D.Check + ": " + D.Message);
      continue;
    }
    const KernelReport *K = reportOf(*A, D);
    EditorKernel KF;
    KF.Kernel = D.Kernel;
    KF.ShortName = K ? K->ShortName : shortKernelName(D.Kernel);
    KF.Call = K && K->Call ? K->Call->Name : "";
    KF.Identifier = kernelIdentifier(KF.Call.empty() ? D.Kernel : KF.Call);
    KF.Warning = absolute(D, Resolve);
    KF.Definition = *KF.Warning.Location;
    KF.Device = A->Device.Device.Name;
    KF.Bound = D.Check.rfind("headroom-", 0) == 0 ? D.Check.substr(9) : D.Check;
    if (K) {
      if (const std::optional<KernelFinding> &F = K->Finding) {
        KF.Headroom = F->headroom();
        if (F->headroomToRoof())
          KF.RoofName = roofName(*F->RoofTime);
        KF.PredictedMs = F->PredictedMs;
        KF.CapHeadroom = F->headroomToCap();
        KF.EstimatePredicted = F->estimated();
        KF.Advice.assign(F->Advice.begin(),
                         F->Advice.begin() +
                             std::min(F->Advice.size(), MaxAdviceNotes));
      }
      KF.TotalNs = K->TotalNs;
      KF.ShareOfProfile = K->ShareOfProfile;
      KF.LaunchCount = K->Launches;
      KF.MeasuredCounters = K->ModeledLaunches > 0;
      if (K->Stalls)
        for (std::size_t I : K->Stalls->Hot) {
          const StallLine &L = K->Stalls->Lines[I];
          HotLineFinding Hot{L.Where, L.Share, L.Dominant};
          Hot.Where.File = Resolve(Hot.Where.File);
          KF.HotLines.push_back(std::move(Hot));
        }
      for (const SiteUsage &U : K->Sites) {
        if (!U.Site || !U.Site->hasLaunch())
          continue;
        LaunchFinding L;
        L.Where = U.Site->Launch;
        L.Where.File = Resolve(L.Where.File);
        L.Launches = U.Launches;
        L.TotalNs = U.TotalNs;
        L.Share = K->TotalNs > 0 ? U.TotalNs / K->TotalNs : 0;
        for (const Diagnostic &N : KF.Warning.Notes)
          if (N.Location && *N.Location == L.Where)
            L.Note = N.Message;
        KF.Launches.push_back(std::move(L));
      }
    }
    F.Kernels.push_back(std::move(KF));
  }
  for (const EditorKernel &K : F.Kernels) {
    std::vector<std::string> Files{K.Definition.File};
    for (const LaunchFinding &L : K.Launches)
      Files.push_back(L.Where.File);
    for (const std::string &File : Files)
      if (!F.SourcesAtLoad.count(File))
        if (Expected<std::string> Text = readFile(File))
          F.SourcesAtLoad[File] = *Text;
  }
  return F;
}

} // namespace headroom::lsp
