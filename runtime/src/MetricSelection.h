//===- MetricSelection.h - Which metrics fit in how many passes -*- C++ -*-===//
///
/// \file
/// Chooses the metric set for a chip: every required metric the chip knows,
/// plus each extra metric that does not raise the number of replay passes
/// above what the required ones need. The pass count of a candidate set comes
/// from a callback (the CUPTI host API in production, a table in tests).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_METRICSELECTION_H
#define HEADROOM_RUNTIME_METRICSELECTION_H

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace headroom::rt {

/// A metric left out, and why.
struct DroppedMetric {
  std::string Name;
  std::string Reason;
};

/// The chosen set.
struct MetricChoice {
  std::vector<std::string> Metrics;
  std::size_t Passes = 0;
  std::vector<DroppedMetric> Dropped;
};

/// Returns the replay passes \p Metrics need, or nullopt when the set cannot
/// be configured (an unknown metric).
using PassCounter =
    std::function<std::optional<std::size_t>(std::span<const std::string>)>;

/// Picks the metrics: all of \p Required that \p CountPasses accepts, then
/// the \p Extras (in order) that keep the pass count of the required set.
/// Returns nullopt when no required metric can be configured.
std::optional<MetricChoice> selectMetrics(std::span<const std::string> Required,
                                          std::span<const std::string> Extras,
                                          const PassCounter &CountPasses);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_METRICSELECTION_H
