//===- ClockProbe.cuh - Measuring the SM clock inside a kernel --*- CUDA
//-*-===//
///
/// \file
/// Thread 0 of each block reads the SM's cycle counter (clock64) when the
/// block starts and when it finishes its work. The longest block's cycles
/// over the launch's event-timed duration is the SM clock the benchmark
/// actually ran at, which is what its theoretical peak is computed with
/// (Context::probedClockMHz). The event time also holds a few microseconds of
/// launch overhead, so the clock comes out at most ~0.1% low for the 4-15 ms
/// kernels used. (Pairing clock64 with %globaltimer per block was tried
/// first: on an H100 it read up to 1% above the maximum clock, as if the
/// first timer read of a block were delayed by tens of microseconds.)
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_HARNESS_CLOCKPROBE_CUH
#define HEADROOM_MICROBENCH_HARNESS_CLOCKPROBE_CUH

#include "harness/Context.h"

namespace headroom::microbench {

__device__ __forceinline__ void probeBegin(ClockSample *Probe) {
  if (Probe && threadIdx.x == 0) {
    Probe[blockIdx.x].Cycles0 = clock64();
  }
}

__device__ __forceinline__ void probeEnd(ClockSample *Probe) {
  if (Probe && threadIdx.x == 0) {
    Probe[blockIdx.x].Cycles1 = clock64();
  }
}

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_HARNESS_CLOCKPROBE_CUH
