//===- PrecedingLaunches.cpp - The launch before, on the same buffers -----===//

#include "analysis/PrecedingLaunches.h"

#include <algorithm>

namespace headroom {

std::optional<PrecedingLaunch> precedingLaunch(const ProfileDocument &P,
                                               const ProfileKernel &Entry) {
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
  // Its name as the report gives it, where the profile has its entry.
  for (const ProfileKernel &K : P.Kernels)
    if (K.Name == F.Name && K.Site == F.Site && K.Scope == F.Scope) {
      L.Kernel = K.Demangled;
      break;
    }
  return L;
}

} // namespace headroom
