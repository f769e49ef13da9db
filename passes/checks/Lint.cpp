//===- Lint.cpp - headroom lint: the gate for pre-commit and CI -----------===//

#include "checks/Lint.h"

#include "checks/Message.h"

#include "checks/CheckRegistry.h"
#include "checks/Notes.h"
#include "checks/Report.h"

#include <set>

namespace headroom {

namespace {

/// The input problems of \p A (an empty profile, a device file for another
/// GPU), as the report words them, at error level.
std::vector<Diagnostic> inputErrors(const Analysis &A) {
  std::vector<Diagnostic> Out;
  for (const Diagnostic &D : A.Diagnostics)
    if (D.Check == checks::EmptyProfile || D.Check == checks::DeviceMismatch) {
      Out.push_back(D);
      Out.back().Level = DiagnosticLevel::Error;
    }
  return Out;
}

/// Judges one kernel: its thresholds and its baseline entry. Findings go
/// to \p R, notes to \p Notes.
void lintKernel(const Analysis &A, std::size_t I, const LintOptions &O,
                const std::vector<std::string> &Keys, const Baseline &Now,
                LintResult &R, std::vector<Diagnostic> &Notes) {
  const KernelReport &K = A.Report.Kernels[I];
  bool Thresholds =
      O.MaxHeadroom || O.MinAttainablePct || O.MaxCapHeadroom || O.MinGain;
  if (K.Finding && Thresholds) {
    if (auto F = checkHighHeadroom().finding(A, K, O))
      R.Diagnostics.push_back(std::move(*F));
  } else if (Thresholds) {
    Notes.push_back(
        finding(DiagnosticLevel::Note, checks::NoCounters, &K,
                message(Msg::LintNoCounters, {Arg::quoted(K.ShortName)})));
  }
  if (!O.Compare)
    return;
  const BaselineKernel *B = O.Compare->find(Keys[I]);
  if (!B)
    Notes.push_back(
        checkBaselineMismatch().notInBaseline(K, Keys[I], *O.Compare));
  else if (auto F =
               checkRegression().finding(K, *B, Now.Kernels[I], O.NoisePct))
    R.Diagnostics.push_back(std::move(*F));
}

} // namespace

LintResult runLint(const Analysis &A, const LintOptions &O) {
  LintResult R;
  if (A.Report.Kernels.empty() || !A.ForeignDevices.empty()) {
    R.Diagnostics = inputErrors(A);
    R.Status = LintInputError;
    return R;
  }
  // Sites that no longer match the sources: the gate would judge stale
  // data. Findings only with --strict-sites: an edit that moves a kernel
  // must not block a commit by someone who cannot profile again.
  std::vector<Diagnostic> Notes;
  for (const Diagnostic &D : A.Diagnostics)
    if (D.Check == checks::SitesChanged) {
      if (O.StrictSites) {
        R.Diagnostics.push_back(D);
        R.Diagnostics.back().Level = DiagnosticLevel::Error;
      } else {
        Notes.push_back(D);
        Notes.back().Level = DiagnosticLevel::Warning;
      }
    }
  std::vector<std::string> Keys;
  Baseline Now;
  if (O.Compare) {
    Keys = baselineKeys(A);
    Now = makeBaseline(A);
  }
  for (std::size_t I = 0; I < A.Report.Kernels.size(); ++I) {
    ++R.KernelsChecked;
    lintKernel(A, I, O, Keys, Now, R, Notes);
  }
  if (O.Compare) {
    std::set<std::string> Present(Keys.begin(), Keys.end());
    for (const BaselineKernel &B : O.Compare->Kernels)
      if (!Present.count(B.Key))
        Notes.push_back(checkBaselineMismatch().notInProfile(B));
  }
  R.Findings = static_cast<unsigned>(R.Diagnostics.size());
  for (Diagnostic &N : Notes)
    R.Diagnostics.push_back(std::move(N));
  R.Status = R.Findings ? LintFindings : LintClean;
  return R;
}

std::string LintReport::summary() const {
  if (Result.Status == LintInputError)
    return "headroom lint: input error: nothing was checked";
  auto Count = [](unsigned N, const char *What) {
    return std::to_string(N) + " " + What + (N == 1 ? "" : "s");
  };
  std::string Wrote;
  if (WrittenBaseline)
    Wrote =
        "wrote the baseline of " +
        Count(static_cast<unsigned>(Judged ? Judged->Report.Kernels.size() : 0),
              "kernel") +
        " to " + *WrittenBaseline + "; ";
  return "headroom lint: " + Wrote +
         (Result.Findings ? Count(Result.Findings, "finding")
                          : std::string("clean")) +
         " (" + Count(Result.KernelsChecked, "kernel") + " checked)";
}

Expected<LintReport> lint(const LintRequest &R,
                          const DeviceRegistry &Registry) {
  LintReport Out;
  LintOptions Options = R.Options;
  if (R.BaselinePath) {
    Expected<Baseline> B = readBaseline(*R.BaselinePath);
    if (!B)
      return B.error();
    Out.Compared = std::move(*B);
  }
  if (!Options.MaxHeadroom && !Options.MinAttainablePct &&
      !Options.MaxCapHeadroom && !Options.MinGain && !Out.Compared &&
      !R.BaselineOutput)
    return Error("nothing to check: give --max-headroom, "
                 "--max-cap-headroom, --min-attainable-pct, --min-gain, "
                 "--baseline or --write-baseline");
  Expected<std::unique_ptr<Analysis>> A = loadReport(R.Inputs, Registry);
  if (!A)
    return A.error();
  Out.Judged = std::move(*A);
  const std::string &Device = Out.Judged->Device.Device.Name;
  if (Out.Compared && !Out.Compared->Device.empty() &&
      Out.Compared->Device != Device)
    return Error(Out.Compared->Path +
                 ": device: the baseline was recorded "
                 "for '" +
                 Out.Compared->Device + "', not '" + Device + "'");
  if (Out.Compared)
    Options.Compare = &*Out.Compared;
  Out.Result = runLint(*Out.Judged, Options);
  if (R.BaselineOutput && Out.Result.Status != LintInputError)
    if (Status S =
            writeBaselineFile(*R.BaselineOutput, makeBaseline(*Out.Judged));
        !S)
      return S.error();
    else
      Out.WrittenBaseline = R.BaselineOutput;
  return Out;
}

} // namespace headroom
