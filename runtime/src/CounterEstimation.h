//===- CounterEstimation.h - Unsampled configurations -----------*- C++ -*-===//
///
/// \file
/// The sampling bounds leave most configurations of a kernel whose grid
/// changes at every launch without counters. Their counters are estimated
/// from the closest sampled entry of the same kernel on the same device:
/// the same block and shared memory first, the same site next, then the
/// nearest number of threads. Summable counters (`.sum`, `.avg`, `.max`,
/// `.min` rollups: work, which grows with the threads) lie on the line
/// through that entry and a second sampled entry of its site, block and
/// shared memory (the one whose threads bracket the entry's, else the
/// nearest): a fixed part per launch (the launch's own L2 traffic) plus a
/// part per thread. With one sampled entry they are scaled by the ratio of
/// threads. Ratios and percentages are kept; the sampled launch's duration
/// is scaled by the ratio of the two entries' measured medians (the same
/// launch's time, as the model's busy share needs), or left out.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_COUNTERESTIMATION_H
#define HEADROOM_RUNTIME_COUNTERESTIMATION_H

#include "KernelAggregator.h"

#include <optional>
#include <string_view>
#include <vector>

namespace headroom::rt {

/// How a metric's value changes with the work of a launch.
enum class MetricScaling {
  /// Work (a sum over the launch): scaled by the ratio of threads.
  Work,
  /// Time of the launch: scaled by the ratio of measured durations.
  Time,
  /// A ratio, a rate or a percentage: kept.
  Kept,
};

MetricScaling metricScaling(std::string_view Metric);

/// \p From's counters for an entry with \p Scale times its threads and
/// \p DurationRatio times its measured duration (nullopt: unknown, time
/// metrics are left out).
CounterValues scaleCounters(const CounterValues &From, double Scale,
                            std::optional<double> DurationRatio);

/// Work metrics at \p Threads on the line through (\p ThreadsA, \p A) and
/// (\p ThreadsB, \p B), never below 0; other metrics as scaleCounters
/// gives them from \p A.
CounterValues interpolateCounters(const CounterValues &A, double ThreadsA,
                                  const CounterValues &B, double ThreadsB,
                                  double Threads,
                                  std::optional<double> DurationRatio);

/// Gives each entry without counters and without a sampling error the
/// estimated counters of its closest sampled entry. Returns how many
/// entries were estimated.
std::size_t estimateUnsampledCounters(std::vector<KernelStats> &Entries);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_COUNTERESTIMATION_H
