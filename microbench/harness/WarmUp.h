//===- WarmUp.h - Bringing the GPU to its working clocks --------*- C++ -*-===//
#ifndef HEADROOM_MICROBENCH_HARNESS_WARMUP_H
#define HEADROOM_MICROBENCH_HARNESS_WARMUP_H

#include "harness/Context.h"

namespace headroom::microbench {

/// Keeps every SM busy with FMA chains for about Seconds.
void warmUpGpu(Context &Ctx, double Seconds);

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_HARNESS_WARMUP_H
