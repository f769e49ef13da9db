//===- ControlFlow.h - A SASS function's basic blocks -----------*- C++ -*-===//
///
/// \file
/// The control-flow graph of one function of a `cuobjdump -sass` listing:
/// its basic blocks and the edges between them. A block starts at the
/// first instruction, at each branch target (a `.L_x_N` label or, as CUDA
/// 13 prints them, an address) and after each instruction that ends one
/// (BRA, BRX, JMP, JMX, EXIT, RET, KILL). A jump (BRA, JMP) goes to its
/// target, and a guarded one (`@P0 BRA`) also falls through; EXIT, RET and
/// KILL end the path unless guarded; an indirect jump (BRX, JMX) has no
/// target the listing names, so its block has no successor but the next
/// one when guarded. CALL returns, so it falls through. BSSY, BSYNC and
/// BREAK name a label too, but only arm the warp's reconvergence: no edge.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_CONTROLFLOW_H
#define HEADROOM_SASS_CONTROLFLOW_H

#include "sass/SassListing.h"

#include <cstddef>
#include <vector>

namespace headroom::sass {

/// One basic block: instructions [Begin, End) of its function.
struct BasicBlock {
  std::size_t Begin = 0, End = 0;
  std::vector<std::size_t> Successors, Predecessors;
};

/// The basic blocks of a function, in address order; block 0 is the entry.
struct ControlFlowGraph {
  std::vector<BasicBlock> Blocks;
  /// Per instruction, the position of its block in Blocks.
  std::vector<std::size_t> BlockOf;
  /// Per block, whether a path from the entry reaches it.
  std::vector<bool> Reachable;
};

/// Whether \p I is a jump whose target the listing names (BRA, JMP).
bool isDirectJump(const Instruction &I);

/// The control-flow graph of \p F; empty for a function without
/// instructions.
ControlFlowGraph controlFlowOf(const Function &F);

} // namespace headroom::sass

#endif // HEADROOM_SASS_CONTROLFLOW_H
