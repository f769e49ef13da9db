//===- LoadsInFlight.cpp - Global loads a warp keeps in flight at once ----===//

#include "sass/LoadsInFlight.h"

#include <algorithm>
#include <regex>
#include <set>
#include <utility>
#include <vector>

namespace headroom::sass {

namespace {

using Registers = std::set<unsigned>;

/// The registers a register operand names: `R4` one, `R2.64` a pair, in
/// any wrapping (`desc[UR4][R2.64+0x10]`, `-R5`, `R3.reuse`).
void addRegisters(const std::string &Operand, Registers &Out) {
  // Registers are R0-R254: three digits at most, so the number fits.
  static const std::regex Register(R"(\bR(\d{1,3})\b(\.64|\.128)?)");
  for (std::sregex_iterator It(Operand.begin(), Operand.end(), Register), End;
       It != End; ++It) {
    unsigned First = static_cast<unsigned>(std::stoul((*It)[1]));
    unsigned Count = (*It)[2] == ".64" ? 2 : (*It)[2] == ".128" ? 4 : 1;
    for (unsigned K = 0; K < Count; ++K)
      Out.insert(First + K);
  }
}

/// The registers \p I reads and writes (Instruction::written); a store, a
/// reduction or a branch writes none, and every register it names is read.
std::pair<Registers, Registers> registersOf(const Instruction &I) {
  std::vector<std::string> Ops = I.operandList();
  std::optional<Instruction::Written> W = I.written();
  Registers Reads, Writes;
  if (W)
    for (unsigned K = 0; K < W->Count; ++K)
      Writes.insert(W->First + K);
  for (std::size_t K = 0; K < Ops.size(); ++K)
    if (!(W && K == W->Operand))
      addRegisters(Ops[K], Reads);
  return {Reads, Writes};
}

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
  }
  if (!Out.InLoops)
    Out = roundsIn(F, 0, F.Instructions.size());
  return Out;
}

} // namespace headroom::sass
