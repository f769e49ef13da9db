//===- DurationMerge.cpp - Medians of several duration samples ------------===//

#include "merge/DurationMerge.h"

#include <algorithm>

namespace headroom::merge {

MergedDurations mergeDurations(const std::vector<DurationSampleInput> &Inputs,
                               std::size_t Capacity) {
  struct Weighted {
    std::uint64_t Value;
    double Weight;
  };
  std::vector<Weighted> All;
  bool Exact = true;
  for (const DurationSampleInput &In : Inputs) {
    if (In.Values.empty() || In.Launches == 0)
      continue;
    if (In.Values.size() != In.Launches)
      Exact = false;
    double W = static_cast<double>(In.Launches) /
               static_cast<double>(In.Values.size());
    for (std::uint64_t V : In.Values)
      All.push_back({V, W});
  }
  MergedDurations Out;
  if (All.empty())
    return Out;
  std::sort(All.begin(), All.end(), [](const Weighted &A, const Weighted &B) {
    return A.Value < B.Value;
  });
  if (Exact) {
    std::size_t N = All.size();
    Out.MedianNs = N % 2 ? All[N / 2].Value
                         : All[N / 2 - 1].Value +
                               (All[N / 2].Value - All[N / 2 - 1].Value) / 2;
    if (N <= Capacity) {
      for (const Weighted &W : All)
        Out.SampleNs.push_back(W.Value);
      return Out;
    }
  }
  double Total = 0;
  for (const Weighted &W : All)
    Total += W.Weight;
  // The value at weighted quantile Q: the first whose cumulative weight
  // reaches Q * Total.
  auto At = [&](double Q) {
    double Want = Q * Total, Sum = 0;
    for (const Weighted &W : All) {
      Sum += W.Weight;
      if (Sum >= Want)
        return W.Value;
    }
    return All.back().Value;
  };
  if (!Exact)
    Out.MedianNs = At(0.5);
  std::size_t K = std::min(Capacity, All.size());
  for (std::size_t J = 0; J < K; ++J)
    Out.SampleNs.push_back(
        At((static_cast<double>(J) + 0.5) / static_cast<double>(K)));
  return Out;
}

} // namespace headroom::merge
