//===- KernelAggregator.h - Per-entry launch statistics ---------*- C++ -*-===//
///
/// \file
/// Sums joined kernel records into one entry per LaunchKey: launch count,
/// total/min/max duration, a bounded sample for the median, resources, and
/// the mean of the counters sampled for the key. Memory is bounded whatever
/// the number of launches: a fixed size per entry, and at most MaxEntries
/// entries (launches of further keys are only counted).
///
/// The launch whose counters were sampled ran under the profiler (replayed,
/// and instrumented for `_sass_` metrics), so its duration is kept apart and
/// only used when the entry has no other timed launch.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_KERNELAGGREGATOR_H
#define HEADROOM_RUNTIME_KERNELAGGREGATOR_H

#include "CorrelationJoiner.h"
#include "DurationSample.h"
#include "FollowTally.h"
#include "LaunchKey.h"

#include "schema/ProfileDocument.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace headroom::rt {

/// Count, total, min and max of a set of durations, and a bounded sample of
/// them for the median.
struct DurationStats {
  std::uint64_t Count = 0;
  std::uint64_t TotalNs = 0;
  std::uint64_t MinNs = 0;
  std::uint64_t MaxNs = 0;
  DurationSample Sample;
  void add(std::uint64_t Ns);
  /// The sample's median (exact up to DurationSample::Capacity launches).
  std::uint64_t medianNs() const { return Sample.median(); }
};

/// Counter values of one sampled launch, keyed by CUPTI metric name.
using CounterValues = std::map<std::string, double>;

/// Where an entry's counters were estimated from (CounterEstimation.h).
struct EstimatedFrom {
  LaunchKey From;
  /// This entry's threads over the sampled entry's.
  double Scale = 1;
  /// The grid of a second sampled entry of From's site, block and shared
  /// memory: summable counters lie on the line through both.
  std::optional<Dim3> Through;
};

/// Everything recorded for one LaunchKey.
struct KernelStats {
  LaunchKey Key;
  std::uint32_t StaticSharedBytes = 0;
  std::uint32_t RegistersPerThread = 0;
  std::uint32_t LocalBytesPerThread = 0;
  /// Every launch (replays excluded).
  std::uint64_t Launches = 0;
  /// Launches that were kernel nodes of a CUDA graph.
  std::uint64_t GraphLaunches = 0;
  /// Launches timed without the profiler.
  DurationStats Timed;
  /// Launches whose counters were sampled, timed by their activity records.
  DurationStats Profiled;
  /// The sampled launches' gpu__time_duration.sum (their activity records
  /// have no timestamps under kernel replay on Hopper).
  DurationStats SampledDuration;
  /// Launches whose record had no timestamps.
  std::uint64_t Untimed = 0;
  /// Extra records of profiled launches (replay passes).
  std::uint64_t ReplayRecords = 0;
  /// The mean of the sampled counters, when a launch of this key was
  /// sampled (per launch, averaged over CounterLaunches samples).
  std::optional<CounterValues> Counters;
  std::uint64_t CounterLaunches = 0;
  /// Why sampling this key failed, when it did.
  std::string CounterError;
  /// Why this key was not sampled although counters were collected (a
  /// graph kernel node, a kernel kernel replay cannot run safely, ...).
  std::string CounterNote;
  /// Set when Counters were estimated from another entry, not sampled.
  std::optional<EstimatedFrom> Estimated;
  /// Warp-stall samples of launches of this key (StallSampler), summed.
  std::optional<StallSamples> Stalls;
  /// The launches whose arguments were inspected, and what they followed
  /// on their streams (LaunchSequence).
  FollowTally Follows;

  /// The durations the profile reports and where they come from:
  /// "unprofiled" (Timed), else "profiled" (the sampled launch's activity
  /// record), else "counters" (the sampled launches' gpu__time_duration.sum:
  /// min/max/median from them, total = mean x launches), else "none".
  struct Timing {
    const char *Source = "none";
    std::uint64_t Count = 0;
    std::uint64_t TotalNs = 0;
    std::uint64_t MinNs = 0;
    std::uint64_t MaxNs = 0;
    std::uint64_t MedianNs = 0;
    /// The sample behind MedianNs, ascending.
    std::vector<std::uint64_t> SampleNs;
  };
  Timing reportedTiming() const;
  /// The mean duration of the sampled launches under the profiler (from
  /// their records, else their gpu__time_duration.sum); nullopt if none.
  std::optional<std::uint64_t> profiledNs() const;
};

/// Aggregates per LaunchKey. Not thread-safe: the Runtime serializes access.
class KernelAggregator {
public:
  /// The most entries kept; launches of further keys are only counted.
  static constexpr std::size_t MaxEntries = 1u << 16;

  /// The entry a joined record belongs to.
  static LaunchKey keyOf(const JoinedLaunch &Launch);

  /// Adds one joined kernel record.
  void add(const JoinedLaunch &Launch);
  /// Attaches counters sampled from a launch of \p Key.
  void addSample(const LaunchKey &Key, CounterValues Values);
  /// Records that sampling a launch of \p Key failed.
  void addSampleError(const LaunchKey &Key, std::string Error);
  /// Records why \p Key is not sampled (kept unless counters arrive).
  void addSampleNote(const LaunchKey &Key, std::string Note);
  /// Adds the warp-stall samples of one launch of \p Key.
  void addStallSamples(const LaunchKey &Key, StallSamples Samples);
  /// Adds what pairing found for one launch of \p Key (inspected or not).
  void addExamination(const LaunchKey &Key, const LaunchExamination &E);
  /// The gpu__time_duration.sum of a sampled launch's \p Values, if any.
  static std::optional<std::uint64_t>
  sampledDurationNs(const CounterValues &Values);
  /// What a launch of \p Key is expected to take: the mean of its timed
  /// launches, else of its sampled launches' gpu__time_duration.sum.
  std::optional<std::uint64_t> expectedNs(const LaunchKey &Key) const;

  /// All entries, ordered by launchKeyLess.
  std::vector<KernelStats> entries() const;
  std::size_t size() const { return Entries.size(); }
  /// Launches (records) of keys beyond MaxEntries, which were not kept.
  std::uint64_t overflowLaunches() const { return Overflow; }

private:
  /// Null when the key is new and the table is full.
  KernelStats *entry(const LaunchKey &Key);
  /// The entry of a joined record: the previous record's entry when the
  /// record has its key (launches in a loop), else a table lookup.
  KernelStats *entryOf(const JoinedLaunch &Launch);

  std::unordered_map<LaunchKey, KernelStats, LaunchKeyHash> Entries;
  /// The entry the last record went to (entries are never erased, and
  /// unordered_map nodes do not move).
  KernelStats *Last = nullptr;
  std::uint64_t Overflow = 0;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_KERNELAGGREGATOR_H
