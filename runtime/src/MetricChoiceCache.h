//===- MetricChoiceCache.h - The metric choice kept across runs -*- C++ -*-===//
///
/// \file
/// Choosing which metrics fit in the required metrics' replay passes asks
/// CUPTI for the passes of several candidate sets: 0.2-0.3 s of every run's
/// first sample on an H100. The answer depends only on the chip, CUPTI's
/// version and the requested metrics, so it is kept in a small JSON file per
/// chip and request (HEADROOM_CACHE_DIR) and reused while all three match: a
/// run with other HEADROOM_METRICS does not overwrite the default set's
/// choice. The sampler
/// still checks the cached set's pass count before using it: a stale or
/// damaged file costs the selection, never wrong counters.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_METRICCHOICECACHE_H
#define HEADROOM_RUNTIME_METRICCHOICECACHE_H

#include "MetricSelection.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace headroom::rt {

/// What a cached choice answers for.
struct MetricChoiceKey {
  std::string Chip;
  std::uint32_t CuptiVersion = 0;
  std::vector<std::string> Required;
  std::vector<std::string> Extras;
};

/// The cache file of \p Key in \p Dir: `metrics-<chip>-<hash>.json`, the
/// hash (16 hex digits, FNV-1a) of the CUPTI version and the requested
/// metrics, so each request keeps its own choice.
std::string metricChoicePath(const std::string &Dir,
                             const MetricChoiceKey &Key);

/// The choice stored at \p Path for \p Key; nullopt when the file is
/// missing, unreadable, malformed or for another key.
std::optional<MetricChoice> loadMetricChoice(const std::string &Path,
                                             const MetricChoiceKey &Key);

/// Stores \p Choice for \p Key at \p Path (creating its directory);
/// false with \p Error set when it cannot.
bool storeMetricChoice(const std::string &Path, const MetricChoiceKey &Key,
                       const MetricChoice &Choice, std::string &Error);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_METRICCHOICECACHE_H
