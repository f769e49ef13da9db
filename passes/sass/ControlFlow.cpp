//===- ControlFlow.cpp - A SASS function's basic blocks -------------------===//

#include "sass/ControlFlow.h"

#include <algorithm>
#include <set>

namespace headroom::sass {

namespace {

bool guarded(const Instruction &I) {
  return !I.Guard.empty() && I.Guard != "PT";
}

bool endsPath(const Instruction &I) {
  return I.Opcode == "EXIT" || I.Opcode == "RET" || I.Opcode == "KILL";
}

bool isIndirectJump(const Instruction &I) {
  return I.Opcode == "BRX" || I.Opcode == "JMX";
}

/// Whether control may leave \p I other than to the next instruction.
bool endsBlock(const Instruction &I) {
  return isDirectJump(I) || isIndirectJump(I) || endsPath(I);
}

} // namespace

bool isDirectJump(const Instruction &I) {
  return (I.Opcode == "BRA" || I.Opcode == "JMP") && !I.Target.empty();
}

ControlFlowGraph controlFlowOf(const Function &F) {
  ControlFlowGraph G;
  std::size_t N = F.Instructions.size();
  if (N == 0)
    return G;
  std::set<std::size_t> Leaders = {0};
  for (std::size_t K = 0; K < N; ++K) {
    const Instruction &I = F.Instructions[K];
    if (isDirectJump(I)) {
      std::size_t T = F.labelIndex(I.Target);
      if (T < N)
        Leaders.insert(T);
    }
    if (endsBlock(I) && K + 1 < N)
      Leaders.insert(K + 1);
  }
  G.BlockOf.assign(N, 0);
  for (auto It = Leaders.begin(); It != Leaders.end(); ++It) {
    auto Next = std::next(It);
    BasicBlock B;
    B.Begin = *It;
    B.End = Next == Leaders.end() ? N : *Next;
    for (std::size_t K = B.Begin; K < B.End; ++K)
      G.BlockOf[K] = G.Blocks.size();
    G.Blocks.push_back(B);
  }
  auto AddEdge = [&](std::size_t From, std::size_t To) {
    std::vector<std::size_t> &S = G.Blocks[From].Successors;
    if (std::find(S.begin(), S.end(), To) == S.end()) {
      S.push_back(To);
      G.Blocks[To].Predecessors.push_back(From);
    }
  };
  for (std::size_t B = 0; B < G.Blocks.size(); ++B) {
    const Instruction &Last = F.Instructions[G.Blocks[B].End - 1];
    bool FallsThrough = !endsBlock(Last) || guarded(Last);
    if (isDirectJump(Last)) {
      std::size_t T = F.labelIndex(Last.Target);
      if (T < N)
        AddEdge(B, G.BlockOf[T]);
    }
    if (FallsThrough && B + 1 < G.Blocks.size())
      AddEdge(B, B + 1);
  }
  G.Reachable.assign(G.Blocks.size(), false);
  std::vector<std::size_t> Work = {0};
  G.Reachable[0] = true;
  while (!Work.empty()) {
    std::size_t B = Work.back();
    Work.pop_back();
    for (std::size_t S : G.Blocks[B].Successors)
      if (!G.Reachable[S]) {
        G.Reachable[S] = true;
        Work.push_back(S);
      }
  }
  return G;
}

} // namespace headroom::sass
