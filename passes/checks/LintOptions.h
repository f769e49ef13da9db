//===- LintOptions.h - What the lint gate judges against --------*- C++ -*-===//
///
/// \file
/// The thresholds and the baseline of `headroom lint` (docs/lint.md), which
/// the gate (Lint.h) and its checks (lint/) read.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_LINTOPTIONS_H
#define HEADROOM_CHECKS_LINTOPTIONS_H

#include "analysis/Baseline.h"

#include <optional>
#include <string>

namespace headroom {

/// A time may grow by this many percent before `headroom lint` calls it a
/// regression, unless --noise-pct says otherwise.
inline constexpr double DefaultNoisePct = 5;

struct LintOptions {
  /// Fail kernels whose headroom to their roof (what the warning states,
  /// KernelFinding::headroom) exceeds this (> 0).
  std::optional<double> MaxHeadroom;
  /// Fail kernels that reach less than this percentage (0, 100] of their
  /// roof (100 / that headroom).
  std::optional<double> MinAttainablePct;
  /// Fail kernels whose measured time exceeds this many times the
  /// predicted one (> 0): the headroom to the cap.
  std::optional<double> MaxCapHeadroom;
  /// Fail kernels whose best advice (KernelFinding::Advice) is estimated
  /// to make them at least this many times faster (> 1).
  std::optional<double> MinGain;
  /// Compare with this baseline.
  const Baseline *Compare = nullptr;
  /// A time may grow by this many percent before it is a regression.
  double NoisePct = DefaultNoisePct;
  /// Where MaxHeadroom came from, as the finding names it: the option, or
  /// the environment variable of `headroom nvcc`.
  std::string MaxHeadroomOrigin = "--max-headroom";
  /// --strict-sites: sites that no longer match the sources are findings;
  /// otherwise warnings (an edit that moves a kernel must not block a
  /// commit by someone who cannot profile again).
  bool StrictSites = false;
};

} // namespace headroom

#endif // HEADROOM_CHECKS_LINTOPTIONS_H
