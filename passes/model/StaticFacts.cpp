//===- StaticFacts.cpp - What a kernel's compiled code tells the model ----===//

#include "model/StaticFacts.h"

namespace headroom {

void StaticFactsIndex::add(const std::string &Mangled,
                           const std::string &Signature, StaticFacts Facts) {
  bool Again = ByMangled.count(Mangled) > 0; // another architecture's code
  ByMangled[Mangled] = Facts;
  if (Again)
    return;
  auto [It, New] = BySignature.emplace(Signature, Facts);
  if (!New)
    It->second.reset();
}

std::optional<StaticFacts>
StaticFactsIndex::find(const std::string &Mangled,
                       const std::string &Signature) const {
  if (auto It = ByMangled.find(Mangled); It != ByMangled.end())
    return It->second;
  if (auto It = BySignature.find(Signature); It != BySignature.end())
    return It->second;
  return std::nullopt;
}

std::optional<double> sampledLoadsPerRound(
    const StaticFacts &Facts,
    const std::function<double(std::uint64_t, std::uint64_t)> &SamplesIn) {
  double Samples = 0, Weighted = 0;
  for (const StaticFacts::LoadLoop &L : Facts.LoadLoops) {
    double In = SamplesIn(L.First, L.Last);
    Samples += In;
    Weighted += In * L.LoadsPerRound;
  }
  if (Samples < MinLoopSamples)
    return std::nullopt;
  return Weighted / Samples;
}

} // namespace headroom
