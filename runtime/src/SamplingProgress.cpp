//===- SamplingProgress.cpp - Saying what counter collection costs --------===//

#include "SamplingProgress.h"

#include "support/Format.h"

namespace headroom::rt {

std::string describeSamplingProgress(const SamplingBudget &Budget,
                                     const SkippedLaunches &Skipped,
                                     std::uint64_t NowNs) {
  std::string Line =
      "headroom: collecting counters: " + std::to_string(Budget.samples()) +
      " launches sampled in " + formatFixed(double(Budget.spentNs()) / 1e9, 1) +
      " s, " + formatFixed(Budget.spentPct(NowNs), 0) +
      "% of the program's time so far";
  if (Budget.pct())
    Line += " (budget " + formatFixed(*Budget.pct(), 0) + "%)";
  std::uint64_t Left = Skipped.Grouped + Skipped.Capped + Skipped.OverBudget;
  if (Left > 0)
    Line += "; " + std::to_string(Left) +
            " launches of other configurations get estimated counters";
  return Line;
}

std::optional<std::string>
SamplingProgress::update(const SamplingBudget &Budget,
                         const SkippedLaunches &Skipped, std::uint64_t NowNs) {
  bool Due =
      LastNs ? NowNs >= *LastNs + EveryNs : Budget.spentNs() >= FirstAfterNs;
  if (!Due)
    return std::nullopt;
  LastNs = NowNs;
  return describeSamplingProgress(Budget, Skipped, NowNs);
}

} // namespace headroom::rt
