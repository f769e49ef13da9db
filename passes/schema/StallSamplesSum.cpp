//===- StallSamplesSum.cpp - Warp-stall samples of several launches -------===//

#include "schema/StallSamplesSum.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <tuple>
#include <utility>

namespace headroom {

namespace {

void addCount(std::uint64_t &Sum, std::uint64_t V) {
  Sum = std::min(Sum + std::min(V, MaxProfileCount + 1), MaxProfileCount + 1);
}

} // namespace

std::uint64_t samplesAtPeriod(std::uint64_t Count, std::uint64_t Period,
                              std::uint64_t Shortest) {
  if (Period == 0 || Shortest == 0 || Period == Shortest)
    return Count;
  long double V = static_cast<long double>(Count) * Period / Shortest;
  return V >= static_cast<long double>(UINT64_MAX)
             ? UINT64_MAX
             : static_cast<std::uint64_t>(std::llround(V));
}

StallSamples sumStallSamples(std::span<const StallSamples> Parts) {
  StallSamples Out;
  for (const StallSamples &S : Parts)
    if (S.Period > 0 && (Out.Period == 0 || S.Period < Out.Period))
      Out.Period = S.Period;
  // addCount holds each scaled count at MaxProfileCount + 1.
  auto Scaled = [&](std::uint64_t Count, std::uint64_t Period) {
    return samplesAtPeriod(Count, Period, Out.Period);
  };
  std::map<std::pair<std::string, std::uint64_t>, std::size_t> Index;
  for (const StallSamples &S : Parts) {
    addCount(Out.Launches, S.Launches);
    addCount(Out.Dropped, Scaled(S.Dropped, S.Period));
    for (const StallSamplePc &P : S.Pcs) {
      auto [It, New] = Index.try_emplace({P.Function, P.Offset}, 0);
      if (New) {
        It->second = Out.Pcs.size();
        Out.Pcs.push_back(P);
        Out.Pcs.back().Stalls.clear();
      }
      StallSamplePc &M = Out.Pcs[It->second];
      if (M.Where.File.empty() && !P.Where.File.empty()) {
        M.Where = P.Where;
        M.Directory = P.Directory;
      }
      for (const auto &[Reason, Count] : P.Stalls)
        addCount(M.Stalls[Reason], Scaled(Count, S.Period));
    }
  }
  std::sort(Out.Pcs.begin(), Out.Pcs.end(),
            [](const StallSamplePc &A, const StallSamplePc &B) {
              return std::tie(A.Function, A.Offset) <
                     std::tie(B.Function, B.Offset);
            });
  return Out;
}

} // namespace headroom
