//===- ClockProbe.cuh - Measuring the SM clock inside a kernel --*- CUDA
//-*-===//
///
/// \file
/// Thread 0 of each block reads the SM's cycle counter (clock64) and the
/// global nanosecond timer (%globaltimer) when the block starts and when it
/// finishes its work. Cycles over nanoseconds is the SM clock the benchmark
/// actually ran at, which is what its theoretical peak is computed with
/// (Context::probedClockMHz takes the median over blocks).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_HARNESS_CLOCKPROBE_CUH
#define HEADROOM_MICROBENCH_HARNESS_CLOCKPROBE_CUH

#include "harness/Context.h"

namespace headroom::microbench {

__device__ __forceinline__ unsigned long long globalTimerNs() {
  unsigned long long T;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T));
  return T;
}

__device__ __forceinline__ void probeBegin(ClockSample *Probe) {
  if (Probe && threadIdx.x == 0) {
    Probe[blockIdx.x].Cycles0 = clock64();
    Probe[blockIdx.x].Ns0 = globalTimerNs();
  }
}

__device__ __forceinline__ void probeEnd(ClockSample *Probe) {
  if (Probe && threadIdx.x == 0) {
    Probe[blockIdx.x].Cycles1 = clock64();
    Probe[blockIdx.x].Ns1 = globalTimerNs();
  }
}

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_HARNESS_CLOCKPROBE_CUH
