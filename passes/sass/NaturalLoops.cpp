//===- NaturalLoops.cpp - The loops of a SASS function's CFG --------------===//

#include "sass/NaturalLoops.h"

#include <algorithm>
#include <map>

namespace headroom::sass {

namespace {

/// The reachable blocks of \p G in reverse postorder of a depth-first walk
/// from the entry.
std::vector<std::size_t> reversePostorder(const ControlFlowGraph &G) {
  std::vector<std::size_t> Post;
  std::vector<bool> Seen(G.Blocks.size(), false);
  // (block, next successor to visit): an explicit stack, as a kernel may
  // have thousands of blocks.
  std::vector<std::pair<std::size_t, std::size_t>> Stack = {{0, 0}};
  Seen[0] = true;
  while (!Stack.empty()) {
    auto &[B, Next] = Stack.back();
    const std::vector<std::size_t> &S = G.Blocks[B].Successors;
    if (Next < S.size()) {
      std::size_t To = S[Next++];
      if (!Seen[To]) {
        Seen[To] = true;
        Stack.emplace_back(To, 0);
      }
      continue;
    }
    Post.push_back(B);
    Stack.pop_back();
  }
  std::reverse(Post.begin(), Post.end());
  return Post;
}

bool dominates(const std::vector<std::optional<std::size_t>> &Idom,
               std::size_t A, std::size_t B) {
  while (true) {
    if (A == B)
      return true;
    if (!Idom[B] || *Idom[B] == B)
      return false;
    B = *Idom[B];
  }
}

} // namespace

bool NaturalLoop::contains(std::size_t Block) const {
  return std::binary_search(Blocks.begin(), Blocks.end(), Block);
}

std::vector<std::optional<std::size_t>>
immediateDominators(const ControlFlowGraph &G) {
  std::vector<std::optional<std::size_t>> Idom(G.Blocks.size());
  if (G.Blocks.empty())
    return Idom;
  std::vector<std::size_t> Order = reversePostorder(G);
  std::vector<std::size_t> Rank(G.Blocks.size(), 0);
  for (std::size_t K = 0; K < Order.size(); ++K)
    Rank[Order[K]] = K;
  auto Intersect = [&](std::size_t A, std::size_t B) {
    while (A != B) {
      while (Rank[A] > Rank[B])
        A = *Idom[A];
      while (Rank[B] > Rank[A])
        B = *Idom[B];
    }
    return A;
  };
  Idom[0] = 0;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (std::size_t K = 1; K < Order.size(); ++K) {
      std::size_t B = Order[K];
      std::optional<std::size_t> New;
      for (std::size_t P : G.Blocks[B].Predecessors)
        if (Idom[P])
          New = New ? Intersect(P, *New) : P;
      if (New && Idom[B] != New) {
        Idom[B] = New;
        Changed = true;
      }
    }
  }
  return Idom;
}

LoopNest naturalLoops(const ControlFlowGraph &G) {
  LoopNest Nest;
  Nest.InnermostOf.assign(G.Blocks.size(), std::nullopt);
  if (G.Blocks.empty())
    return Nest;
  std::vector<std::optional<std::size_t>> Idom = immediateDominators(G);
  // Header -> its body, as a set of flags.
  std::map<std::size_t, std::vector<bool>> Bodies;
  for (std::size_t B = 0; B < G.Blocks.size(); ++B) {
    if (!Idom[B])
      continue;
    for (std::size_t H : G.Blocks[B].Successors) {
      if (!dominates(Idom, H, B))
        continue;
      std::vector<bool> &Body = Bodies[H];
      Body.resize(G.Blocks.size(), false);
      Body[H] = true;
      std::vector<std::size_t> Work;
      if (!Body[B]) {
        Body[B] = true;
        Work.push_back(B);
      }
      while (!Work.empty()) {
        std::size_t X = Work.back();
        Work.pop_back();
        for (std::size_t P : G.Blocks[X].Predecessors)
          if (Idom[P] && !Body[P]) {
            Body[P] = true;
            Work.push_back(P);
          }
      }
    }
  }
  for (auto &[H, Body] : Bodies) {
    NaturalLoop L;
    L.Header = H;
    for (std::size_t B = 0; B < Body.size(); ++B)
      if (Body[B])
        L.Blocks.push_back(B);
    Nest.Loops.push_back(std::move(L));
  }
  // Larger first, so that a loop's parent comes before it (ties: by
  // header, which nested loops never share).
  std::stable_sort(Nest.Loops.begin(), Nest.Loops.end(),
                   [](const NaturalLoop &A, const NaturalLoop &B) {
                     return A.Blocks.size() > B.Blocks.size();
                   });
  for (std::size_t K = 0; K < Nest.Loops.size(); ++K) {
    for (std::size_t O = 0; O < K; ++O)
      if (Nest.Loops[O].Blocks.size() > Nest.Loops[K].Blocks.size() &&
          Nest.Loops[O].contains(Nest.Loops[K].Header))
        Nest.Loops[K].Parent = O; // the last, so the smallest, wins
    for (std::size_t B : Nest.Loops[K].Blocks)
      Nest.InnermostOf[B] = K;
  }
  return Nest;
}

} // namespace headroom::sass
