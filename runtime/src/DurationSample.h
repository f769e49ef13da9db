//===- DurationSample.h - A bounded sample of launch durations --*- C++ -*-===//
///
/// \file
/// Keeps at most Capacity durations out of any number of launches, each
/// launch equally likely to be kept (reservoir sampling, algorithm R, with a
/// fixed-seed generator so that runs are reproducible). The median of the
/// sample is the profile's median_ns: exact up to Capacity launches, an
/// estimate beyond. The sample itself is written to the profile so that
/// `headroom merge` can combine the medians of several processes.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_DURATIONSAMPLE_H
#define HEADROOM_RUNTIME_DURATIONSAMPLE_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace headroom::rt {

/// A uniform sample of at most Capacity durations. Not thread-safe.
class DurationSample {
public:
  /// The most durations kept per profile entry.
  static constexpr std::size_t Capacity = 64;

  /// Offers the \p Seen-th duration (1-based) of the population.
  void add(std::uint64_t Ns, std::uint64_t Seen);

  /// The median of the kept durations (the mean of the two middle ones for
  /// an even count, rounded down); 0 when empty.
  std::uint64_t median() const;

  /// The kept durations, ascending.
  std::vector<std::uint64_t> sorted() const;

  std::size_t size() const { return Values.size(); }
  bool empty() const { return Values.empty(); }

private:
  std::uint64_t next();

  std::vector<std::uint64_t> Values;
  std::uint64_t State = 0x9e3779b97f4a7c15ULL;
};

/// The median of \p Sorted (ascending), as DurationSample::median().
std::uint64_t medianOfSorted(const std::vector<std::uint64_t> &Sorted);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_DURATIONSAMPLE_H
