//===- LoadsInFlight.cpp - Global loads a warp keeps in flight at once ----===//

#include "sass/LoadsInFlight.h"

#include "sass/Registers.h"

#include <algorithm>
#include <vector>

namespace headroom::sass {

namespace {

bool isGlobalLoad(const Instruction &I) { return I.Opcode == "LDG"; }

bool intersects(const Registers &A, const Registers &B) {
  for (unsigned R : A)
    if (B.count(R))
      return true;
  return false;
}

/// The loads and rounds of instructions [Begin, End) of \p F, as the
/// header describes.
LoadRounds roundsIn(const Function &F, std::size_t Begin, std::size_t End) {
  LoadRounds Out;
  Registers Pending;
  for (std::size_t K = Begin; K < End; ++K) {
    const Instruction &I = F.Instructions[K];
    auto [Reads, Writes] = registersOf(I);
    if (!Pending.empty() &&
        (intersects(Reads, Pending) || intersects(Writes, Pending))) {
      ++Out.Rounds;
      Pending.clear();
    }
    if (isGlobalLoad(I)) {
      ++Out.Loads;
      if (Writes.empty()) // A load to RZ still waits for nothing: count it
        Writes.insert(~0u);
      Pending.insert(Writes.begin(), Writes.end());
    }
  }
  if (!Pending.empty())
    ++Out.Rounds;
  return Out;
}

} // namespace

LoadRounds loadRounds(const Function &F) {
  // Loops: a branch back to an instruction before it (the end-of-kernel
  // branch to itself is none), as [head, branch] index ranges.
  std::vector<std::pair<std::size_t, std::size_t>> Loading;
  for (std::size_t K = 0; K < F.Instructions.size(); ++K) {
    const Instruction &I = F.Instructions[K];
    if (I.Target.empty())
      continue;
    std::size_t Head = F.labelIndex(I.Target);
    if (Head >= K)
      continue;
    for (std::size_t J = Head; J <= K; ++J)
      if (isGlobalLoad(F.Instructions[J])) {
        Loading.emplace_back(Head, K);
        break;
      }
  }
  LoadRounds Out;
  // Loops that overlap without nesting (two branches back into one body)
  // are read once: the first that reaches an instruction counts it.
  std::vector<bool> Read(F.Instructions.size(), false);
  for (auto [Head, Tail] : Loading) {
    bool Innermost = true;
    for (auto [H, T] : Loading)
      if (std::pair(H, T) != std::pair(Head, Tail) && Head <= H && T <= Tail)
        Innermost = false;
    if (!Innermost || std::find(Read.begin() + Head, Read.begin() + Tail + 1,
                                true) != Read.begin() + Tail + 1)
      continue;
    std::fill(Read.begin() + Head, Read.begin() + Tail + 1, true);
    LoadRounds In = roundsIn(F, Head, Tail + 1);
    Out.Loads += In.Loads;
    Out.Rounds += In.Rounds;
    Out.InLoops = true;
    // The addresses its instructions span (in order in cuobjdump's
    // listings; any text is read).
    LoadRounds::Loop L{F.Instructions[Head].Address,
                       F.Instructions[Head].Address, In.Loads, In.Rounds};
    for (std::size_t K = Head; K <= Tail; ++K) {
      L.First = std::min(L.First, F.Instructions[K].Address);
      L.Last = std::max(L.Last, F.Instructions[K].Address);
    }
    Out.Loops.push_back(L);
  }
  if (!Out.InLoops)
    Out = roundsIn(F, 0, F.Instructions.size());
  return Out;
}

} // namespace headroom::sass
