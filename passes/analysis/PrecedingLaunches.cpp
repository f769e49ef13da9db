//===- PrecedingLaunches.cpp - The launch before, on the same buffers -----===//

#include "analysis/PrecedingLaunches.h"

#include "analysis/KernelBounds.h"
#include "model/UnitWork.h"

#include <algorithm>

namespace headroom {

namespace {

/// The bytes one launch of \p K loaded and stored, from the sectors its
/// global accesses asked of L1; nullopt without those counters.
std::optional<double> movedBytesPerLaunch(const ProfileKernel &K) {
  std::optional<double> Loads = K.counter(Counter::L1GlobalLoadSectors);
  std::optional<double> Stores = K.counter(Counter::L1GlobalStoreSectors);
  if (!Loads || !Stores)
    return std::nullopt;
  return (*Loads + *Stores) * SectorBytes;
}

} // namespace

std::optional<PrecedingLaunch> precedingLaunch(const ProfileDocument &P,
                                               const ProfileKernel &Entry,
                                               const StaticFactsIndex *Facts) {
  if (Entry.Follows.empty() || Entry.ExaminedLaunches.value_or(0) == 0)
    return std::nullopt;
  const KernelFollow &F =
      *std::max_element(Entry.Follows.begin(), Entry.Follows.end(),
                        [](const KernelFollow &A, const KernelFollow &B) {
                          return A.Launches < B.Launches;
                        });
  PrecedingLaunch L;
  L.Kernel = F.Name;
  L.Share = std::min(1.0, double(F.Launches) / *Entry.ExaminedLaunches);
  L.SharedBytes = double(F.SharedBytes);
  // Its name as the report gives it, and what it moved per launch (its
  // configurations weighted by their launches), where the profile has its
  // entries.
  double Bytes = 0, Launches = 0;
  const ProfileKernel *Most = nullptr;
  for (const ProfileKernel &K : P.Kernels) {
    if (K.Name != F.Name || K.Site != F.Site || K.Scope != F.Scope)
      continue;
    L.Kernel = K.Demangled;
    if (std::optional<double> Moved = movedBytesPerLaunch(K)) {
      double Weight = double(std::max<std::uint64_t>(K.Launches, 1));
      Bytes += *Moved * Weight;
      Launches += Weight;
      if (!Most || K.Launches > Most->Launches)
        Most = &K;
    }
  }
  if (Launches > 0)
    L.MovedBytes = Bytes / Launches;
  if (Most) {
    LaunchGroup One = launchGroup([&](Counter C) { return Most->counter(C); },
                                  {Most->blocks(), Most->threadsPerBlock()}, 1);
    applyStaticFacts(One, *Most, Facts);
    L.OneLaunch = std::make_shared<const LaunchGroup>(std::move(One));
  }
  return L;
}

} // namespace headroom
