//===- L2FabricSectors.h - L2 sectors counted twice -------------*- C++ -*-===//
///
/// \file
/// A Hopper L2 is two halves joined by a fabric, and its counters count a
/// sector of a line homed in the other half twice: where the SM's request
/// arrives and again where the fabric delivers it. Half the lines are
/// homed in the other half, so a sector read from DRAM is counted 1.5
/// times, and so is every sector written; a read served by a copy in the
/// near half is counted once. The L2's bandwidth (`l2_read`) is the SMs'
/// reads of lines the near half serves, so the L2 bandwidth unit's floor
/// and the estimates take the bytes the SMs move: `lts__t_bytes` less the
/// second count. How busy the L2 was stays counted against its hardware
/// peak (`l2_peak`), as Speed of Light counts it (docs/model.md, "L2
/// sectors counted twice over the fabric").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_REFINEMENTS_L2FABRICSECTORS_H
#define HEADROOM_MODEL_REFINEMENTS_L2FABRICSECTORS_H

#include "model/Refinement.h"

namespace headroom {

/// What the refinement saw, over the launch groups. A value type.
struct L2FabricEvidence {
  /// The L2's bytes as counted, and the second count among them.
  double CountedBytes = 0, SecondCountBytes = 0;
};

/// The second count among the L2's sectors (in sectors), of a kernel whose
/// L2 counted \p ReadSectors read and \p WriteSectors written while DRAM
/// read \p DramReadSectors: a share of the sectors read from DRAM (never
/// more than a read counted twice leaves) and of every written one.
double l2SecondCountSectors(double ReadSectors, double WriteSectors,
                            double DramReadSectors);

const Refinement &l2FabricSectors();

} // namespace headroom

#endif // HEADROOM_MODEL_REFINEMENTS_L2FABRICSECTORS_H
