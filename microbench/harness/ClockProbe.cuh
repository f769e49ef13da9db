//===- ClockProbe.cuh - Measuring the SM clock inside a kernel -*- CUDA -*-===//
///
/// \file
/// Thread 0 of each block reads the SM's cycle counter (clock64) when the
/// block starts and when it finishes its work. The longest block's cycles
/// over the launch's event-timed duration is a lower bound of the SM clock
/// the benchmark ran at (Context::probedClockMHz): the event time also holds
/// the launch. It is the clock of record only where NVML is missing, and a
/// cross-check otherwise. On an H100 it read 0.1-1.7% under NVML's 1980 MHz
/// (more for 4 ms kernels); pairing clock64 with %globaltimer per block, tried
/// first, read up to 1% above the maximum clock.
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
