//===- AdviceLines.h - Where an advice's change goes ------------*- C++ -*-===//
///
/// \file
/// A kernel's advice (model/WhatIf.h) changes how its warps use one
/// resource: more loads in flight, fewer sectors or instructions per
/// access, shared memory without conflicts, FP32 math. Where the kernel's
/// stall samples (analysis/StallLines.h) show a hot line whose warps wait
/// most for that resource, the change goes there: the advice is given at
/// that line. Advice about the launch as a whole (the grid, the occupancy,
/// fusing two kernels) has no line.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_ADVICELINES_H
#define HEADROOM_ANALYSIS_ADVICELINES_H

#include "analysis/KernelReport.h"
#include "model/WhatIf.h"

#include <span>

namespace headroom {

/// The stall reasons (CUPTI's names) of warps waiting for what \p Id
/// changes; empty for advice about the launch as a whole.
std::span<const char *const> adviceReasons(WhatIfId Id);

/// The first of \p K's hot lines (most samples first) whose dominant stall
/// reason is one of adviceReasons(\p Id); null where none is, or \p K has
/// no stall samples.
const StallLine *adviceLine(const KernelReport &K, WhatIfId Id);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_ADVICELINES_H
