//===- TargetSummary.cpp - Every kernel on every --target at a glance -----===//

#include "views/TargetSummary.h"

#include "support/Format.h"
#include "support/Quantities.h"
#include "support/TextTable.h"

#include <optional>

namespace headroom {

namespace {

/// "measured 45.54 ms, memory-bound": the kernel on the profiled device.
std::string hereText(const KernelFinding &F) {
  return (F.MeasuredMs ? "measured " + formatTime(*F.MeasuredMs)
                       : "predicted " + formatTime(F.PredictedMs)) +
         ", " + regimeName(F.Verdict) + "-bound";
}

void writeKernel(std::ostream &OS, const Analysis &A, const KernelReport &K) {
  if (!K.Finding || K.Finding->Targets.empty())
    return;
  const KernelFinding &F = *K.Finding;
  const std::string &Here = A.Device.Device.Name;
  double HereMs = F.MeasuredMs.value_or(F.PredictedMs);
  OS << "kernel '" << K.ShortName << "' on " << Here << ": " << hereText(F)
     << "; on " << F.Targets.size()
     << (F.Targets.size() == 1 ? " target" : " targets") << ":\n";
  TextTable Table;
  Table.column("target", TextTable::Align::Left)
      .column("generation", TextTable::Align::Left)
      .column("model", TextTable::Align::Left)
      .column("bound here", TextTable::Align::Left)
      .column("bound there", TextTable::Align::Left)
      .column("projected ms")
      .column("x " + Here);
  const TargetFinding *Fastest = nullptr;
  std::string Changes;
  for (const TargetFinding &T : F.Targets) {
    bool Changed = T.verdictChanges();
    Table.row(
        {T.Device, T.Generation.empty() ? "-" : T.Generation,
         std::string(modelKindKey(T.Model)),
         std::string(regimeName(T.HereVerdict)),
         std::string(regimeName(T.Verdict)) + (Changed ? " (changes)" : ""),
         formatMs(T.ProjectedMs),
         HereMs > 0 ? formatFixed(T.ProjectedMs / HereMs, 2) + "x" : "-"});
    if (!Fastest || T.ProjectedMs < Fastest->ProjectedMs)
      Fastest = &T;
    if (Changed)
      Changes += (Changes.empty() ? "" : ", ") + T.Device;
  }
  Table.render(OS);
  OS << "  fastest target: " << Fastest->Device << " ("
     << formatTime(Fastest->ProjectedMs)
     << "); the bound changes on: " << (Changes.empty() ? "none" : Changes)
     << "\n";
}

} // namespace

bool wantsTargetSummary(const Analysis &A) { return A.Targets.size() >= 2; }

void writeTargetSummary(std::ostream &OS, const Analysis &A) {
  for (const KernelReport &K : A.Report.Kernels)
    writeKernel(OS, A, K);
}

} // namespace headroom
