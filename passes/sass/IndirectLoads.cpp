//===- IndirectLoads.cpp - Global loads through a loaded address ----------===//

#include "sass/IndirectLoads.h"

#include "sass/ControlFlow.h"
#include "sass/Registers.h"

#include <map>
#include <string>

namespace headroom::sass {

namespace {

bool isGlobalLoad(const Instruction &I) {
  return I.Opcode == "LDG" || I.Opcode == "LD";
}

bool guarded(const Instruction &I) {
  return !I.Guard.empty() && I.Guard != "PT";
}

/// The taint within a basic block: the tainted registers, and those of
/// them that a guarded instruction overwrote with a clean value, with its
/// guard: an instruction under the same guard reads the clean value (the
/// guard holds for both or for neither), as a gather's bounds check guards
/// the address arithmetic and the load alike.
struct Taint {
  Registers Tainted;
  std::map<unsigned, std::string> CleanUnder;
};

/// The predicate a guard names ("P1" of "!P1").
std::string predicateOf(const std::string &Guard) {
  return Guard.empty() || Guard[0] != '!' ? Guard : Guard.substr(1);
}

/// \p T after \p I; whether \p I is a global load through a tainted
/// address in \p Indirect.
void step(const Instruction &I, Taint &T, bool &Indirect) {
  auto [Reads, Writes] = registersOf(I);
  // `CS2R R16, SRZ` clears a pair (`CS2R.32` one register).
  if (I.Opcode == "CS2R" && I.Full.find(".32") == std::string::npos &&
      Writes.size() == 1)
    Writes.insert(*Writes.begin() + 1);
  bool Guarded = guarded(I), FromTaint = false;
  for (unsigned R : Reads) {
    auto Clean = T.CleanUnder.find(R);
    if (T.Tainted.count(R) &&
        !(Guarded && Clean != T.CleanUnder.end() && Clean->second == I.Guard))
      FromTaint = true;
  }
  bool Load = isGlobalLoad(I);
  Indirect = Load && FromTaint;
  for (unsigned R : Writes) {
    if (Load || FromTaint) {
      T.Tainted.insert(R);
      T.CleanUnder.erase(R);
    } else if (!Guarded) {
      T.Tainted.erase(R);
      T.CleanUnder.erase(R);
    } else if (T.Tainted.count(R)) {
      // Where the guard fails, the taint stays.
      T.CleanUnder[R] = I.Guard;
    }
  }
  // An instruction that names a predicate may write it: what it guarded
  // no longer tells the paths apart. `PR` names them all (R2P).
  for (const std::string &Op : I.operandList()) {
    std::string P = predicateOf(Op);
    std::erase_if(T.CleanUnder, [&](const auto &E) {
      return P == "PR" || predicateOf(E.second) == P;
    });
  }
}

} // namespace

IndirectLoads indirectLoads(const Function &F) {
  ControlFlowGraph G = controlFlowOf(F);
  std::vector<Registers> In(G.Blocks.size()), Out(G.Blocks.size());
  bool Changed = true;
  while (Changed) {
    // A block's exit taint only grows (more taint in never gives less
    // out), and there are finitely many registers: the loop ends.
    Changed = false;
    for (std::size_t B = 0; B < G.Blocks.size(); ++B) {
      Taint T;
      for (std::size_t P : G.Blocks[B].Predecessors)
        T.Tainted.insert(Out[P].begin(), Out[P].end());
      In[B] = T.Tainted;
      bool Ignored = false;
      for (std::size_t K = G.Blocks[B].Begin; K < G.Blocks[B].End; ++K)
        step(F.Instructions[K], T, Ignored);
      if (T.Tainted != Out[B]) {
        Out[B] = std::move(T.Tainted);
        Changed = true;
      }
    }
  }
  IndirectLoads Result;
  for (std::size_t B = 0; B < G.Blocks.size(); ++B) {
    Taint T{In[B], {}};
    for (std::size_t K = G.Blocks[B].Begin; K < G.Blocks[B].End; ++K) {
      const Instruction &I = F.Instructions[K];
      bool Indirect = false;
      step(I, T, Indirect);
      if (isGlobalLoad(I))
        ++Result.Loads;
      if (Indirect)
        Result.Indirect.push_back(I.Address);
    }
  }
  return Result;
}

} // namespace headroom::sass
