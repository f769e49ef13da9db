//===- Statistics.h - Summaries of repeated measurements --------*- C++ -*-===//
///
/// \file
/// Order statistics of repeated micro-benchmark runs. Every calibrated number
/// is the median of N repeated runs; its spread is the full range of those runs
/// relative to the median, `(max - min) / median`, which is what the device
/// file stores as `spread_pct` and what the harness flags above 3%. The
/// interquartile range is kept too, because a single outlier run (a clock
/// change, another process) widens the range but not the IQR.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_CORE_STATISTICS_H
#define HEADROOM_MICROBENCH_CORE_STATISTICS_H

#include <cstddef>
#include <optional>
#include <vector>

namespace headroom::microbench {

/// Runs whose spread exceeds this (in percent) are flagged in the report.
inline constexpr double SpreadFlagPct = 3.0;

/// Order statistics of a non-empty sample. Quantiles interpolate linearly
/// between order statistics (the "type 7" definition of R and NumPy).
struct Summary {
  std::size_t Count = 0;
  double Min = 0, Q1 = 0, Median = 0, Q3 = 0, Max = 0, Mean = 0;

  /// (Max - Min) / Median in percent; 0 for a single sample.
  double spreadPct() const;
  /// (Q3 - Q1) / Median in percent.
  double iqrPct() const;
  /// True when spreadPct() is above SpreadFlagPct.
  bool flagged() const { return spreadPct() > SpreadFlagPct; }
};

/// The q-quantile (0 <= q <= 1) of a sorted, non-empty sample.
double quantileOfSorted(const std::vector<double> &Sorted, double Q);

/// Summarizes a sample; std::nullopt when it is empty or holds a value that is
/// not finite.
std::optional<Summary> summarize(std::vector<double> Samples);

/// Turns per-run times into per-run rates (Work / Time) and summarizes those,
/// so that the median rate corresponds to the median time and the spread is
/// that of the rates. std::nullopt when a time is not positive.
std::optional<Summary> summarizeRates(const std::vector<double> &Times,
                                      double Work);

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_CORE_STATISTICS_H
