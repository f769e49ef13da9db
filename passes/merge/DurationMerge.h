//===- DurationMerge.h - Medians of several duration samples ----*- C++ -*-===//
///
/// \file
/// A profile entry carries a bounded uniform sample of its launch durations
/// (duration_sample_ns) besides its median. Merging entries of several
/// processes weighs each sample value by how many launches it stands for
/// (the entry's timed launches over its sample size): the merged median is
/// the weighted median, and the merged sample is drawn at evenly spaced
/// weighted quantiles, so that merging merged profiles stays sound.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MERGE_DURATIONMERGE_H
#define HEADROOM_MERGE_DURATIONMERGE_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace headroom::merge {

/// One input: a sample of durations standing for \p Launches launches.
struct DurationSampleInput {
  std::vector<std::uint64_t> Values;
  std::uint64_t Launches = 0;
};

/// The merged median and sample.
struct MergedDurations {
  std::uint64_t MedianNs = 0;
  std::vector<std::uint64_t> SampleNs;
};

/// Combines \p Inputs into a median and a sample of at most \p Capacity
/// values (ascending). When every input's sample holds all its launches,
/// the result is exact: the union's median (mean of the middle two for an
/// even count, rounded down) and, if it fits, the whole union.
MergedDurations mergeDurations(const std::vector<DurationSampleInput> &Inputs,
                               std::size_t Capacity = 64);

} // namespace headroom::merge

#endif // HEADROOM_MERGE_DURATIONMERGE_H
