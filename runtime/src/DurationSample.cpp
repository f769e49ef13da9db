//===- DurationSample.cpp - A bounded sample of launch durations ----------===//

#include "DurationSample.h"

#include <algorithm>

namespace headroom::rt {

std::uint64_t DurationSample::next() {
  // splitmix64: cheap, and good enough to pick reservoir slots.
  std::uint64_t Z = (State += 0x9e3779b97f4a7c15ULL);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
  return Z ^ (Z >> 31);
}

void DurationSample::add(std::uint64_t Ns, std::uint64_t Seen) {
  if (Values.size() < Capacity) {
    Values.push_back(Ns);
    return;
  }
  if (Seen == 0)
    return;
  // Keep the Seen-th value with probability Capacity / Seen.
  std::uint64_t Slot = next() % Seen;
  if (Slot < Capacity)
    Values[static_cast<std::size_t>(Slot)] = Ns;
}

std::uint64_t medianOfSorted(const std::vector<std::uint64_t> &Sorted) {
  if (Sorted.empty())
    return 0;
  std::size_t N = Sorted.size();
  if (N % 2 == 1)
    return Sorted[N / 2];
  std::uint64_t A = Sorted[N / 2 - 1], B = Sorted[N / 2];
  return A + (B - A) / 2;
}

std::vector<std::uint64_t> DurationSample::sorted() const {
  std::vector<std::uint64_t> Out = Values;
  std::sort(Out.begin(), Out.end());
  return Out;
}

std::uint64_t DurationSample::median() const {
  return medianOfSorted(sorted());
}

} // namespace headroom::rt
