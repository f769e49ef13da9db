//===- Lint.cpp - headroom lint: the gate for pre-commit and CI -----------===//

#include "report/Lint.h"

#include "report/Checks.h"
#include "support/Format.h"
#include "support/Units.h"

#include <set>

namespace headroom {

namespace {

Diagnostic make(DiagnosticLevel Level, std::string_view Check,
                const KernelReport *K, std::string Message) {
  Diagnostic D;
  D.Level = Level;
  D.Check = std::string(Check);
  if (K) {
    D.Location = K->Definition;
    D.Kernel = K->Kernel;
  }
  D.Message = std::move(Message);
  return D;
}

/// A note at the kernel's busiest launch site, so a reader finds the call.
void addSiteNote(const KernelReport &K, Diagnostic &D) {
  if (K.Sites.empty() || !K.Sites.front().Site)
    return;
  Diagnostic N;
  N.Level = DiagnosticLevel::Note;
  N.Location = K.Sites.front().Site->Launch;
  N.Message = "launched " + std::to_string(K.Sites.front().Launches) +
              (K.Sites.front().Launches == 1 ? " time" : " times") + " here (" +
              formatDuration(K.Sites.front().TotalNs) + ")";
  D.Notes.push_back(std::move(N));
}

std::string growth(double Now, double Before) {
  return "+" + formatFixed(100 * (Now / Before - 1), 1) + "%";
}

std::optional<Diagnostic> thresholdFinding(const Analysis &A,
                                           const KernelReport &K,
                                           const LintOptions &O) {
  auto H = K.Model->headroom();
  if (!H)
    return std::nullopt;
  double Pct = *K.Model->attainablePct();
  bool OverHeadroom = O.MaxHeadroom && *H > *O.MaxHeadroom;
  bool UnderPct = O.MinAttainablePct && Pct < *O.MinAttainablePct;
  if (!OverHeadroom && !UnderPct)
    return std::nullopt;
  const Prediction &P = *K.Model;
  std::string Message = "kernel '" + K.Kernel + "' runs at headroom " +
                        formatFixed(*H, 2) + "x, achieving " +
                        formatFixed(Pct, 1) + "% of its attainable " +
                        formatRate(P.AttainableGops, opUnit(P.Type));
  std::string Limits;
  if (OverHeadroom)
    Limits = "above --max-headroom " + formatGeneral(*O.MaxHeadroom);
  if (UnderPct)
    Limits += (Limits.empty() ? "" : " and ") +
              std::string("below --min-attainable-pct ") +
              formatGeneral(*O.MinAttainablePct);
  Message += ": " + Limits + " (" + boundName(P.Limit) + "-bound on " +
             A.Device.Device.Name + ", floor " + formatMs(P.PredictedMs) +
             " ms, measured " + formatMs(*P.MeasuredMs) + " ms)";
  Diagnostic D = make(DiagnosticLevel::Error, checks::HighHeadroom, &K,
                      std::move(Message));
  addSiteNote(K, D);
  return D;
}

std::optional<Diagnostic> regressionFinding(const KernelReport &K,
                                            const BaselineKernel &B,
                                            const BaselineKernel &Now,
                                            double NoisePct) {
  std::vector<std::string> Parts;
  double Limit = 1 + NoisePct / 100;
  if (Now.MeasuredMsPerLaunch && B.MeasuredMsPerLaunch &&
      *Now.MeasuredMsPerLaunch > *B.MeasuredMsPerLaunch * Limit)
    Parts.push_back("measured " + formatMs(*Now.MeasuredMsPerLaunch) +
                    " ms per launch, baseline " +
                    formatMs(*B.MeasuredMsPerLaunch) + " ms (" +
                    growth(*Now.MeasuredMsPerLaunch, *B.MeasuredMsPerLaunch) +
                    ")");
  if (Now.PredictedMsPerLaunch && B.PredictedMsPerLaunch &&
      *Now.PredictedMsPerLaunch > *B.PredictedMsPerLaunch * Limit)
    Parts.push_back("predicted floor " + formatMs(*Now.PredictedMsPerLaunch) +
                    " ms per launch, baseline " +
                    formatMs(*B.PredictedMsPerLaunch) + " ms (" +
                    growth(*Now.PredictedMsPerLaunch, *B.PredictedMsPerLaunch) +
                    ": it does more work or moves more bytes)");
  if (Parts.empty())
    return std::nullopt;
  std::string Message = "kernel '" + K.Kernel + "' regressed beyond the " +
                        formatGeneral(NoisePct) + "% noise margin: ";
  for (std::size_t I = 0; I < Parts.size(); ++I)
    Message += (I ? "; " : "") + Parts[I];
  Diagnostic D = make(DiagnosticLevel::Error, checks::Regression, &K, Message);
  if (!B.Bound.empty() && !Now.Bound.empty() && B.Bound != Now.Bound) {
    Diagnostic N;
    N.Level = DiagnosticLevel::Note;
    N.Location = K.Definition;
    N.Message = "it was " + B.Bound + "-bound in the baseline and is " +
                Now.Bound + "-bound now";
    D.Notes.push_back(std::move(N));
  }
  addSiteNote(K, D);
  return D;
}

} // namespace

LintResult runLint(const Analysis &A, const LintOptions &O) {
  LintResult R;
  if (A.Report.Kernels.empty() || !A.ForeignDevices.empty()) {
    // Input problems: report them as the report does, at error level.
    for (const Diagnostic &D : A.Diagnostics)
      if (D.Check == checks::EmptyProfile ||
          D.Check == checks::DeviceMismatch) {
        Diagnostic E = D;
        E.Level = DiagnosticLevel::Error;
        R.Diagnostics.push_back(E);
      }
    R.Status = LintInputError;
    return R;
  }
  std::vector<Diagnostic> Notes;
  for (const Diagnostic &D : A.Diagnostics)
    if (D.Check == checks::SitesChanged) {
      Diagnostic E = D;
      E.Level = DiagnosticLevel::Error;
      R.Diagnostics.push_back(E);
    }

  bool Thresholds = O.MaxHeadroom || O.MinAttainablePct;
  std::vector<std::string> Keys;
  Baseline Now;
  if (O.Compare) {
    Keys = baselineKeys(A);
    Now = makeBaseline(A);
  }
  for (std::size_t I = 0; I < A.Report.Kernels.size(); ++I) {
    const KernelReport &K = A.Report.Kernels[I];
    ++R.KernelsChecked;
    if (K.Model) {
      if (Thresholds)
        if (auto F = thresholdFinding(A, K, O))
          R.Diagnostics.push_back(std::move(*F));
    } else if (Thresholds) {
      Notes.push_back(make(DiagnosticLevel::Note, checks::NoCounters, &K,
                           "kernel '" + K.Kernel +
                               "' has no usable counters: the headroom "
                               "thresholds cannot judge it"));
    }
    if (!O.Compare)
      continue;
    const BaselineKernel *B = O.Compare->find(Keys[I]);
    if (!B) {
      Notes.push_back(make(DiagnosticLevel::Note, checks::BaselineMismatch, &K,
                           "kernel '" + K.Kernel + "' (" + Keys[I] +
                               ") is not in the baseline " + O.Compare->Path));
      continue;
    }
    if (auto F = regressionFinding(K, *B, Now.Kernels[I], O.NoisePct))
      R.Diagnostics.push_back(std::move(*F));
  }
  if (O.Compare) {
    std::set<std::string> Present(Keys.begin(), Keys.end());
    for (const BaselineKernel &B : O.Compare->Kernels)
      if (!Present.count(B.Key)) {
        Diagnostic N =
            make(DiagnosticLevel::Note, checks::BaselineMismatch, nullptr,
                 "baseline kernel '" + B.Kernel + "' (" + B.Key +
                     ") is not in the profile");
        N.Kernel = B.Kernel;
        Notes.push_back(std::move(N));
      }
  }
  R.Findings = static_cast<unsigned>(R.Diagnostics.size());
  for (Diagnostic &N : Notes)
    R.Diagnostics.push_back(std::move(N));
  R.Status = R.Findings ? LintFindings : LintClean;
  return R;
}

} // namespace headroom
