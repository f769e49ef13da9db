//===- KernelAggregator.h - Per-entry launch statistics ---------*- C++ -*-===//
///
/// \file
/// Sums joined kernel records into one entry per LaunchKey: launch count,
/// total/min/max duration, resources, and the counters sampled for the key.
///
/// The launch whose counters were sampled ran under the profiler (replayed,
/// and instrumented for `_sass_` metrics), so its duration is kept apart and
/// only used when the entry has no other timed launch.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_KERNELAGGREGATOR_H
#define HEADROOM_RUNTIME_KERNELAGGREGATOR_H

#include "CorrelationJoiner.h"
#include "LaunchKey.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace headroom::rt {

/// Count, total, min and max of a set of durations.
struct DurationStats {
  std::uint64_t Count = 0;
  std::uint64_t TotalNs = 0;
  std::uint64_t MinNs = 0;
  std::uint64_t MaxNs = 0;
  void add(std::uint64_t Ns);
};

/// Counter values of one sampled launch, keyed by CUPTI metric name.
using CounterValues = std::map<std::string, double>;

/// Everything recorded for one LaunchKey.
struct KernelStats {
  LaunchKey Key;
  std::uint32_t StaticSharedBytes = 0;
  std::uint32_t RegistersPerThread = 0;
  std::uint32_t LocalBytesPerThread = 0;
  /// Every launch (replays excluded).
  std::uint64_t Launches = 0;
  /// Launches timed without the profiler.
  DurationStats Timed;
  /// Launches whose counters were sampled (timed under the profiler).
  DurationStats Profiled;
  /// Launches whose record had no timestamps.
  std::uint64_t Untimed = 0;
  /// Extra records of profiled launches (replay passes).
  std::uint64_t ReplayRecords = 0;
  /// The sampled counters, when a launch of this key was sampled.
  std::optional<CounterValues> Counters;
  std::uint64_t CounterLaunches = 0;
  /// Why sampling this key failed, when it did.
  std::string CounterError;

  /// The durations the profile reports and where they come from:
  /// "unprofiled" (Timed), else "profiled" (the sampled launch's activity
  /// record), else "counters" (the sampled launch's gpu__time_duration.sum:
  /// min = max = that value, total = value x launches; under kernel replay
  /// the sampled launch's activity record has no timestamps), else "none".
  struct Timing {
    const char *Source = "none";
    DurationStats Stats;
  };
  Timing reportedTiming() const;
};

/// Aggregates per LaunchKey. Not thread-safe: the Runtime serializes access.
class KernelAggregator {
public:
  /// The entry a joined record belongs to.
  static LaunchKey keyOf(const JoinedLaunch &Launch);

  /// Adds one joined kernel record.
  void add(const JoinedLaunch &Launch);
  /// Attaches counters sampled from a launch of \p Key.
  void addSample(const LaunchKey &Key, CounterValues Values);
  /// Records that sampling a launch of \p Key failed.
  void addSampleError(const LaunchKey &Key, std::string Error);

  /// All entries, ordered by launchKeyLess.
  std::vector<KernelStats> entries() const;
  std::size_t size() const { return Entries.size(); }

private:
  KernelStats &entry(const LaunchKey &Key);

  std::unordered_map<LaunchKey, KernelStats, LaunchKeyHash> Entries;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_KERNELAGGREGATOR_H
