//===- HopperFinding.h - The Hopper model's findings ------------*- C++ -*-===//
///
/// \file
/// The adapter from the Hopper model (analysis/KernelBounds.h) to the one
/// finding every check and view reads (analysis/KernelFinding.h): its
/// regime, floor and prediction, the roof, what caps the kernel below it,
/// the busiest unit and the refinements' evidence; the fitted model's time
/// where it was chosen; and each --target device it projects onto.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_HOPPERFINDING_H
#define HEADROOM_ANALYSIS_HOPPERFINDING_H

#include "analysis/KernelBounds.h"
#include "analysis/KernelFinding.h"

namespace headroom {

/// The finding of the kernel with bounds \p B on \p Device. \p Thesis, the
/// thesis prediction of the same launches, gives the useful operations and
/// their peak for the roof.
KernelFinding hopperFinding(const KernelBounds &B, const std::string &Device,
                            const Prediction *Thesis);

/// The kernel on a --target device the Hopper model projects onto; it is
/// \p HereVerdict on the profiled device.
TargetFinding hopperTarget(const BoundsProjection &P, Regime HereVerdict);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_HOPPERFINDING_H
