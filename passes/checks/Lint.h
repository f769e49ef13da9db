//===- Lint.h - headroom lint: the gate for pre-commit and CI ---*- C++ -*-===//
///
/// \file
/// Judges an Analysis against thresholds and a baseline and says whether the
/// gate passes. Findings (level error, exit status 1):
///
/// - `headroom-high-headroom`: a kernel's headroom to its roof (what its
///   warning states) exceeds --max-headroom, or the share of the roof it
///   reaches (100 / that headroom) is below --min-attainable-pct, or its
///   headroom to its cap (measured / predicted) exceeds --max-cap-headroom;
/// - `headroom-regression`: a kernel's measured time per launch, or its
///   predicted floor per launch, grew by more than --noise-pct percent since
///   the baseline;
/// - `headroom-sites-changed`, with --strict-sites only: the profile's sites
///   no longer match the sources, so the gate would judge stale data
///   (without it they are warnings).
///
/// Notes (no effect on the status): kernels without counters, which the
/// thresholds cannot judge (`headroom-no-counters`), and kernels added to or
/// missing from the baseline (`headroom-baseline-mismatch`).
///
/// Input problems are not findings: an empty profile or a device file for
/// another GPU make lint exit with status 2, like a usage error.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_LINT_H
#define HEADROOM_CHECKS_LINT_H

#include "analysis/Analysis.h"
#include "analysis/Baseline.h"
#include "analysis/Diagnostic.h"
#include "analysis/ReportInputs.h"
#include "checks/LintOptions.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// The exit statuses of `headroom lint` (docs/lint.md).
enum LintStatus : int { LintClean = 0, LintFindings = 1, LintInputError = 2 };

struct LintResult {
  /// Findings first (level error), then notes.
  std::vector<Diagnostic> Diagnostics;
  unsigned Findings = 0;
  unsigned KernelsChecked = 0;
  /// LintClean, LintFindings or LintInputError.
  int Status = LintClean;
};

/// Runs the gate on \p A.
LintResult runLint(const Analysis &A, const LintOptions &Options);

/// What `headroom lint` was asked to do.
struct LintRequest {
  ReportRequest Inputs;
  /// The thresholds and the noise margin (Compare is set from
  /// BaselinePath).
  LintOptions Options;
  /// The baseline to compare with.
  std::optional<std::string> BaselinePath;
  /// --write-baseline: where to write the profile's times as a baseline
  /// (a gate of its own).
  std::optional<std::string> BaselineOutput;
};

/// What `headroom lint` found. Owns the analysis it judged.
struct LintReport {
  std::unique_ptr<Analysis> Judged;
  std::optional<Baseline> Compared;
  LintResult Result;
  /// The baseline file --write-baseline wrote, if any.
  std::optional<std::string> WrittenBaseline;

  /// "headroom lint: 2 findings (3 kernels checked)", "...: clean (...)",
  /// "headroom lint: input error: nothing was checked".
  std::string summary() const;
};

/// Reads the baseline and the inputs of \p R, analyzes and diagnoses the
/// profile, runs the gate and, with R.BaselineOutput, writes the profile's
/// times there unless the inputs were wrong. Fails when there is nothing to
/// check, when an input cannot be read, when the baseline was recorded for
/// another device, or when the baseline cannot be written.
Expected<LintReport> lint(const LintRequest &R, const DeviceRegistry &Registry);

} // namespace headroom

#endif // HEADROOM_CHECKS_LINT_H
