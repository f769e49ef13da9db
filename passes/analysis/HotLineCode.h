//===- HotLineCode.h - Hot lines in the kernel's SASS -----------*- C++ -*-===//
///
/// \file
/// Where the program's SASS is at hand (`headroom report --sass`, `headroom
/// nvcc`), each hot line of a kernel's stall samples (analysis/StallLines.h)
/// gets the innermost loop its sampled instructions lie in, named by the
/// source lines of that loop's sampled instructions, and the instruction
/// its warps wait on most for its dominant reason (sass/StallBlame.h). The
/// loop is the one that holds most of the line's samples; its lines are
/// those of the sampled instructions in its address range, in the hot
/// line's file, so instructions no warp was sampled at do not widen it.
/// The instruction waited on is the one most of the line's samples of that
/// reason are charged to; its line is that of its own samples, else the one
/// the listing gives it where it has line info (`nvdisasm -gi`), else that
/// of the nearest sampled instruction before it in its basic block (the
/// line table is the runtime's, and it resolves sampled instructions only). A
/// load waited on gets the loads its address comes from, link by link
/// (CodeInstruction::AddressFrom): a chain of them is a pointer chase.
/// Where the SASS has inlined line info (`nvdisasm -gi`, sass/InlinedLines.h),
/// a hot line in a function inlined into the kernel gets the kernel's line
/// of the call (StallCallSite): the outermost frame of its sampled
/// instructions that holds most of its samples, counting only instructions
/// whose innermost frame is the profile's line (same line, same file name).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_HOTLINECODE_H
#define HEADROOM_ANALYSIS_HOTLINECODE_H

#include "analysis/KernelCode.h"
#include "analysis/StallLines.h"

namespace headroom {

/// Gives the hot lines of \p S their loop, the instruction they wait on and
/// the kernel's line they were inlined at, from \p Code; a line whose
/// instructions \p Code does not know keeps none of them.
void placeHotLinesInCode(StallLines &S, const KernelCodeIndex &Code);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_HOTLINECODE_H
