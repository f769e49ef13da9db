//===- ThesisFinding.h - The thesis model's findings ------------*- C++ -*-===//
///
/// \file
/// The adapter from the thesis model (model/Prediction.h) to the one
/// finding every check and view reads (analysis/KernelFinding.h): its bound
/// as the regime, its attainable throughput as the roof, which is also
/// what it predicts, the instruction mix that caps compute and Zhang &
/// Owens' component times; and each --target device it projects onto.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_THESISFINDING_H
#define HEADROOM_ANALYSIS_THESISFINDING_H

#include "analysis/KernelFinding.h"

namespace headroom {

/// The finding of the kernel whose thesis prediction is \p P, with the
/// per-component times \p C.
KernelFinding thesisFinding(const Prediction &P, const ComponentTimes &C);

/// The kernel on a --target device the thesis model projects onto (\p P);
/// \p Here is the thesis model's prediction on the profiled device.
TargetFinding thesisTarget(const Prediction &P, const Prediction &Here);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_THESISFINDING_H
