//===- LoadsInFlight.h - Global loads a warp keeps in flight ----*- C++ -*-===//
///
/// \file
/// A warp waits for a global load only when an instruction uses what it
/// loaded; the loads it issues before that wait together, in one round.
/// A loop that loads one value per iteration and uses it at once
/// (`for (...) m = fmaxf(m, x[i])`) waits one load-to-use latency per
/// iteration, however many warps stand ready; an unrolled one that issues
/// four loads first waits once per four. The counters give the number of
/// global load instructions a warp ran, not how many it kept in flight; the
/// SASS gives the second (the Hopper model's load rounds, docs/model.md).
///
/// Rounds are counted in the kernel's innermost loops that load (a loop is
/// a branch back to an earlier instruction; where no loop loads, in the
/// whole kernel), in program order: a global load (`LDG`) opens a round or
/// joins the open one; an instruction that reads or overwrites a register a
/// load of the open round writes closes it. A round still open at the end
/// of a loop's body is closed there (its loads are used in the next
/// iteration). Branches inside a loop's body are not followed: both sides
/// are read in order, as the hardware's scoreboard waits on either.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_LOADSINFLIGHT_H
#define HEADROOM_SASS_LOADSINFLIGHT_H

#include "sass/SassListing.h"

#include <cstdint>
#include <vector>

namespace headroom::sass {

/// The global loads and rounds of a kernel's innermost loading loops (or
/// of the whole kernel where no loop loads).
struct LoadRounds {
  unsigned Loads = 0;
  unsigned Rounds = 0;
  /// Whether they were counted in loops.
  bool InLoops = false;
  /// Each loop counted: the lowest and highest address of its
  /// instructions, and its own loads and rounds.
  struct Loop {
    std::uint64_t First = 0, Last = 0;
    unsigned Loads = 0, Rounds = 0;
  };
  std::vector<Loop> Loops;

  /// Loads a warp keeps in flight per round; 0 without loads.
  double loadsPerRound() const {
    return Rounds > 0 ? double(Loads) / Rounds : 0;
  }
};

/// The load rounds of \p F, as above.
LoadRounds loadRounds(const Function &F);

} // namespace headroom::sass

#endif // HEADROOM_SASS_LOADSINFLIGHT_H
