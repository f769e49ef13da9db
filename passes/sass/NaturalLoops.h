//===- NaturalLoops.h - The loops of a SASS function's CFG ------*- C++ -*-===//
///
/// \file
/// The natural loops of a control-flow graph (sass/ControlFlow.h): an edge
/// from a block to one that dominates it (every path from the entry to it
/// passes the other) is a back edge; its loop is that header and every
/// block that reaches the edge's source without passing the header. Back
/// edges to one header make one loop. Two natural loops are nested or
/// disjoint, so each loop has at most one parent, the smallest loop that
/// holds its header. Dominators by Cooper, Harvey and Kennedy's iteration
/// ("A Simple, Fast Dominance Algorithm", 2001); blocks no path from the
/// entry reaches are in no loop (the self-branch cuobjdump prints after a
/// kernel's last EXIT is one).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_NATURALLOOPS_H
#define HEADROOM_SASS_NATURALLOOPS_H

#include "sass/ControlFlow.h"

#include <optional>
#include <vector>

namespace headroom::sass {

/// One natural loop.
struct NaturalLoop {
  std::size_t Header = 0;
  /// Its blocks, in address order (the header among them).
  std::vector<std::size_t> Blocks;
  /// The loop it is nested in (a position in LoopNest::Loops).
  std::optional<std::size_t> Parent;

  bool contains(std::size_t Block) const;
};

/// A function's loops and, per block, the innermost one it is in.
struct LoopNest {
  /// Outer loops before the loops they hold (larger first).
  std::vector<NaturalLoop> Loops;
  std::vector<std::optional<std::size_t>> InnermostOf;
};

/// Per block of \p G, its immediate dominator; the entry's is itself, and
/// an unreachable block's is absent.
std::vector<std::optional<std::size_t>>
immediateDominators(const ControlFlowGraph &G);

/// The natural loops of \p G.
LoopNest naturalLoops(const ControlFlowGraph &G);

} // namespace headroom::sass

#endif // HEADROOM_SASS_NATURALLOOPS_H
