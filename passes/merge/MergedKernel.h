//===- MergedKernel.h - One kernel entry summed over profiles ---*- C++ -*-===//
///
/// \file
/// Kernel entries of several profiles with the same site or scope, kernel,
/// device and configuration become one entry: launches, timed launches,
/// totals, minimum and maximum are summed or taken to the extreme; the
/// median comes from the entries' duration samples weighted by the launches
/// they stand for (DurationMerge.h); only the best timing source present
/// contributes ("unprofiled" over "profiled" over "counters"), so measured
/// and estimated durations never mix; counters are averaged, weighted by
/// each entry's counter_launches, and counter_launches is summed. Measured
/// counters replace estimated ones (counters_estimated), which are kept only
/// where no input measured the configuration. Warp-stall samples
/// (stall_samples) are summed per instruction (schema/StallSamplesSum.h).
/// examined_launches is summed, and so are the launches of follows that name
/// the same (merged) site, scope and kernel; their shared_bytes is the
/// largest of the inputs'.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MERGE_MERGEDKERNEL_H
#define HEADROOM_MERGE_MERGEDKERNEL_H

#include "merge/DurationMerge.h"
#include "schema/ProfileDocument.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace headroom::merge {

/// Sum += V, held at MaxProfileCount + 1 once above it (the inputs are at
/// most MaxProfileCount, so nothing wraps): the reader then refuses the
/// merged profile instead of taking a wrapped sum for the truth.
void addCount(std::uint64_t &Sum, std::uint64_t V);

/// What entries must share to be merged: the merged site or scope, the
/// kernel, the merged device and the launch configuration.
using KernelKey =
    std::tuple<std::optional<std::uint64_t>, std::optional<std::uint64_t>,
               std::string, std::uint64_t, std::array<unsigned, 3>,
               std::array<unsigned, 3>, std::uint64_t>;

/// Accumulates the entries of one KernelKey.
class MergedKernel {
public:
  /// Starts with what identifies the entry (\p First's name, configuration)
  /// and the merged ids of its site, scope and device.
  MergedKernel(const ProfileKernel &First, std::optional<std::uint64_t> Site,
               std::optional<std::uint64_t> Scope, unsigned Device);

  /// Adds one entry of an input profile; the sites and scopes its follows
  /// name are the merged ids already.
  void add(const ProfileKernel &K);

  /// The merged entry.
  ProfileKernel result() const;

private:
  void addTiming(const ProfileKernel &K);
  void addCounters(const ProfileKernel &K);
  /// Merges the stall samples of the entries added (result()).
  std::optional<StallSamples> stallSamples() const;

  ProfileKernel First;
  std::uint64_t Launches = 0, Untimed = 0, Graph = 0, Replays = 0;
  /// The rank of the best timing source seen; -1 before any entry.
  int BestTiming = -1;
  std::string BestTimingName = "none";
  std::uint64_t Timed = 0, Total = 0, Min = 0, Max = 0;
  bool HaveMinMax = false;
  std::vector<DurationSampleInput> Samples;
  double ProfiledSum = 0;
  std::uint64_t ProfiledWeight = 0;
  /// Per metric, in order of first appearance: weighted sum and weight.
  std::vector<std::pair<std::string, std::pair<double, double>>> Counters;
  std::uint64_t CounterLaunches = 0;
  /// Counters is measured counters (estimated ones are dropped then).
  bool CountersMeasured = false;
  /// Where the estimated counters of the first estimated entry came from.
  std::optional<CounterEstimate> Estimate;
  std::string Error, Note;
  /// The stall samples of the entries added, in order.
  std::vector<StallSamples> Stalls;
  std::optional<std::uint64_t> Examined;
  /// Per (site, scope, kernel) of the previous launch: launches and the
  /// largest shared bytes.
  std::map<std::tuple<std::optional<std::uint64_t>,
                      std::optional<std::uint64_t>, std::string>,
           std::pair<std::uint64_t, std::uint64_t>>
      Follows;
};

} // namespace headroom::merge

#endif // HEADROOM_MERGE_MERGEDKERNEL_H
