//===- Statistics.cpp - Summaries of repeated measurements ----------------===//

#include "Statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace headroom::microbench {

double Summary::spreadPct() const {
  if (Count < 2 || Median == 0)
    return 0;
  return (Max - Min) / std::fabs(Median) * 100.0;
}

double Summary::iqrPct() const {
  if (Count < 2 || Median == 0)
    return 0;
  return (Q3 - Q1) / std::fabs(Median) * 100.0;
}

double quantileOfSorted(const std::vector<double> &Sorted, double Q) {
  if (Sorted.size() == 1)
    return Sorted.front();
  Q = std::clamp(Q, 0.0, 1.0);
  double Pos = Q * static_cast<double>(Sorted.size() - 1);
  auto Lo = static_cast<std::size_t>(std::floor(Pos));
  std::size_t Hi = std::min(Lo + 1, Sorted.size() - 1);
  double Frac = Pos - static_cast<double>(Lo);
  return Sorted[Lo] + (Sorted[Hi] - Sorted[Lo]) * Frac;
}

std::optional<Summary> summarize(std::vector<double> Samples) {
  if (Samples.empty())
    return std::nullopt;
  for (double S : Samples)
    if (!std::isfinite(S))
      return std::nullopt;
  std::sort(Samples.begin(), Samples.end());
  Summary S;
  S.Count = Samples.size();
  S.Min = Samples.front();
  S.Max = Samples.back();
  S.Q1 = quantileOfSorted(Samples, 0.25);
  S.Median = quantileOfSorted(Samples, 0.5);
  S.Q3 = quantileOfSorted(Samples, 0.75);
  S.Mean = std::accumulate(Samples.begin(), Samples.end(), 0.0) /
           static_cast<double>(Samples.size());
  return S;
}

std::optional<Summary> summarizeRates(const std::vector<double> &Times,
                                      double Work) {
  std::vector<double> Rates;
  Rates.reserve(Times.size());
  for (double T : Times) {
    if (!(T > 0))
      return std::nullopt;
    Rates.push_back(Work / T);
  }
  return summarize(std::move(Rates));
}

} // namespace headroom::microbench
