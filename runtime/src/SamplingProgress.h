//===- SamplingProgress.h - What counter collection costs -------*- C++ -*-===//
///
/// \file
/// Counter collection that runs for more than a few seconds says so on
/// standard error, one "headroom:" line at a time: how many launches were
/// sampled, what it cost against the budget, and how many launches were
/// left to estimated counters. The first line comes once sampling has taken
/// FirstAfterNs, the next ones at most every EveryNs.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_SAMPLINGPROGRESS_H
#define HEADROOM_RUNTIME_SAMPLINGPROGRESS_H

#include "SamplingBudget.h"
#include "SamplingPolicy.h"

#include <cstdint>
#include <optional>
#include <string>

namespace headroom::rt {

class SamplingProgress {
public:
  explicit SamplingProgress(std::uint64_t FirstAfterNs = 5'000'000'000,
                            std::uint64_t EveryNs = 10'000'000'000)
      : FirstAfterNs(FirstAfterNs), EveryNs(EveryNs) {}

  /// The line to print after a sample at \p NowNs, when one is due.
  std::optional<std::string> update(const SamplingBudget &Budget,
                                    const SkippedLaunches &Skipped,
                                    std::uint64_t NowNs);

private:
  std::uint64_t FirstAfterNs, EveryNs;
  std::optional<std::uint64_t> LastNs;
};

/// The progress line itself.
std::string describeSamplingProgress(const SamplingBudget &Budget,
                                     const SkippedLaunches &Skipped,
                                     std::uint64_t NowNs);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_SAMPLINGPROGRESS_H
