//===- IndirectLoads.h - Global loads through a loaded address --*- C++ -*-===//
///
/// \file
/// A gather (`y[i] = x[idx[i]]`, a CSR product's `x[col[j]]`) or a pointer
/// chase loads from an address that another global load returned: where
/// its threads' words lie depends on the data, so no rearrangement of the
/// code coalesces it, only sorting or grouping the data. The counters show
/// such a load's sectors as they show an array of structs' (many per
/// instruction); the SASS tells them apart. The Coalesce what-if leaves the
/// loads of a kernel that has one alone (docs/advice.md, "Coalesce").
///
/// A register is tainted where a global load (`LDG`, or a generic `LD`,
/// which may read global memory) wrote it, or an instruction that read a
/// tainted register did (address arithmetic, moves, conversions, any
/// other); an unguarded instruction that reads none overwrites the taint.
/// The taint flows forward over the control-flow graph (sass/ControlFlow.h)
/// in program order, the blocks' entries the union of their predecessors'
/// exits, repeated until nothing changes, so it crosses loops' back edges.
/// A global load whose address reads a tainted register is indirect.
/// Constant loads (`LDC`, `ULDC`: kernel parameters) taint nothing, nor do
/// predicates and uniform registers (sass/Registers.h leaves them out).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_INDIRECTLOADS_H
#define HEADROOM_SASS_INDIRECTLOADS_H

#include "sass/SassListing.h"

#include <cstdint>
#include <vector>

namespace headroom::sass {

/// A function's global loads, and those whose address a load returned.
struct IndirectLoads {
  /// Its global load instructions (static count).
  unsigned Loads = 0;
  /// The SASS offsets of the indirect ones.
  std::vector<std::uint64_t> Indirect;

  /// The share of the loads that are indirect; 0 without loads.
  double share() const {
    return Loads > 0 ? double(Indirect.size()) / Loads : 0;
  }
};

/// The global loads of \p F and its indirect ones, as above.
IndirectLoads indirectLoads(const Function &F);

} // namespace headroom::sass

#endif // HEADROOM_SASS_INDIRECTLOADS_H
