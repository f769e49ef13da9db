//===- StallBlame.h - The instruction a stalled warp waits on ---*- C++ -*-===//
///
/// \file
/// A warp sampled with a stall reason at an instruction often waits on
/// another one: on the load that writes a register the instruction reads
/// (long or short scoreboard), on the barrier it passed, on the branch it
/// resolves. Charging the stall to that instruction is GPA's backward
/// slicing (Zhou et al., "GPA: A GPU Performance Advisor Based on
/// Instruction Sampling", CGO 2021; HPCToolkit's instruction blaming).
///
/// Per stall reason, a rule: for long_scoreboard, the nearest earlier
/// writer of a register the instruction reads, when it is a global, local,
/// generic or texture load or a global atomic; for short_scoreboard, the
/// same with a shared load or atomic, an SFU op (MUFU) or a shuffle; for
/// lg_throttle, mio_throttle and tex_throttle, the nearest memory
/// instruction of that queue at or before the instruction (a warp sampled
/// there waits for queue space for it); for barrier, membar and
/// branch_resolving, the nearest barrier, memory barrier or branch at or
/// before it. The walk goes back through the instruction's basic block,
/// then breadth-first through the predecessors inside its innermost loop
/// (around the back edge too), or inside the whole function outside loops.
///
/// A global, local, generic or texture load's address comes from a load
/// of those kinds when the backward slice of its address registers meets
/// one: the walk of long_scoreboard, but through the writers that are no
/// such load, to the registers they read (`IMAD.WIDE R4, R7, 0x4, R2` after
/// `LDG R7`), around the back edge too. Chained, these are a pointer chase.
///
/// Approximate: a register's writer is the first one the breadth-first walk
/// meets, whichever path the warps took; a writer under a predicate counts
/// as writing; the walk stops after MaxBlameWalk instructions.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_STALLBLAME_H
#define HEADROOM_SASS_STALLBLAME_H

#include "analysis/KernelCode.h"
#include "sass/InlinedLines.h"
#include "sass/SassListing.h"
#include "support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace headroom::sass {

/// The most instructions one walk reads.
inline constexpr std::size_t MaxBlameWalk = 4096;

/// What \p I is to a stall.
CodeRole codeRoleOf(const Instruction &I);

/// The stall reasons that blame another instruction (CUPTI's names).
const std::vector<std::string> &blamedReasons();

/// \p F as analysis/KernelCode.h keeps it: its instructions with their
/// blocks, innermost loops and blame, and its loops.
FunctionCode functionCodeOf(const Function &F);

/// The code of every function of \p Functions; a function compiled for
/// several architectures is kept for the newest. Its instructions get their
/// source frames from the function of \p Frames with its name and
/// architecture, where there is one (sass/InlinedLines.h).
KernelCodeIndex kernelCodeOf(const std::vector<Function> &Functions,
                             const std::vector<FunctionFrames> &Frames = {});

} // namespace headroom::sass

#endif // HEADROOM_SASS_STALLBLAME_H
