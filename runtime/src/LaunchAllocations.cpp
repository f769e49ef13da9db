//===- LaunchAllocations.cpp - Device allocations a launch reads ----------===//

#include "LaunchAllocations.h"

#include <algorithm>

namespace headroom::rt {

void LaunchAllocations::add(AllocationRange Range) {
  if (Range.Size == 0)
    return;
  // A launch has few allocations: a sorted vector beats a set.
  auto It =
      std::lower_bound(Ranges.begin(), Ranges.end(), Range,
                       [](const AllocationRange &A, const AllocationRange &B) {
                         return A.Start < B.Start;
                       });
  if (It != Ranges.end() && It->Start == Range.Start)
    return;
  Ranges.insert(It, Range);
}

std::uint64_t LaunchAllocations::sharedBytes(const LaunchAllocations &A,
                                             const LaunchAllocations &B) {
  // An allocation is known by its start: the driver reports the same
  // range for every pointer into it.
  std::uint64_t Bytes = 0;
  auto I = A.Ranges.begin(), J = B.Ranges.begin();
  while (I != A.Ranges.end() && J != B.Ranges.end()) {
    if (I->Start < J->Start) {
      ++I;
    } else if (J->Start < I->Start) {
      ++J;
    } else {
      // Freed and allocated again at the same address between the two
      // launches, with another size: only the overlap can be reused.
      Bytes += std::min(I->Size, J->Size);
      ++I;
      ++J;
    }
  }
  return Bytes;
}

} // namespace headroom::rt
