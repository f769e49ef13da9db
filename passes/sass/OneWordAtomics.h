//===- OneWordAtomics.h - fp32 atomic adds aimed at one word ----*- C++ -*-===//
///
/// \file
/// An fp32 atomic add to a word that is the same for every thread of the
/// grid (`atomicAdd(sum, x)` on a kernel parameter) is the slowest atomic
/// there is: the L2 slice that holds the word applies the adds one after
/// another, 3 of its clocks each on the H100 and the H200, where integer
/// adds to one word merge per warp and adds to different words take one
/// clock (docs/model.md, "L2 atomics"). The counters cannot tell such adds
/// from others; the SASS can: a global `RED`/`ATOM` `.ADD.F32` whose
/// address registers were loaded from the constant bank (`LDC.64 R2,
/// c[0x0][0x218]`, or a move of each half) in the straight-line code before
/// it. Anything else (an address computed from the thread's index, a load,
/// a definition under a guard or before a branch target) is not claimed.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_ONEWORDATOMICS_H
#define HEADROOM_SASS_ONEWORDATOMICS_H

#include "sass/SassListing.h"

#include <cstdint>
#include <vector>

namespace headroom::sass {

/// The addresses (SASS offsets) of \p F's fp32 atomic adds to one word for
/// the whole grid, as above.
std::vector<std::uint64_t> oneWordFp32Atomics(const Function &F);

/// How many of \p F's instructions are global atomics (`RED`, `REDG`,
/// `ATOM`, `ATOMG`, of any operation and type).
unsigned globalAtomics(const Function &F);

} // namespace headroom::sass

#endif // HEADROOM_SASS_ONEWORDATOMICS_H
