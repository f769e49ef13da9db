//===- SamplingBudget.cpp - How much time counters may cost ---------------===//

#include "SamplingBudget.h"

namespace headroom::rt {

std::uint64_t SamplingBudget::ownNs(std::uint64_t NowNs) const {
  std::uint64_t Wall = NowNs > StartNs ? NowNs - StartNs : 0;
  return Wall > SpentNs ? Wall - SpentNs : 0;
}

bool SamplingBudget::allows(std::uint64_t NowNs) const {
  if (!Pct)
    return true;
  return double(SpentNs + LastNs) <= *Pct / 100.0 * double(ownNs(NowNs));
}

void SamplingBudget::charge(std::uint64_t Ns) {
  SpentNs += Ns;
  LastNs = Ns;
  ++Samples;
}

double SamplingBudget::spentPct(std::uint64_t NowNs) const {
  std::uint64_t Own = ownNs(NowNs);
  return Own ? 100.0 * double(SpentNs) / double(Own) : 0.0;
}

} // namespace headroom::rt
