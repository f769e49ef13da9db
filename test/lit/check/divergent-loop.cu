// headroom-divergent-loop: loops whose trip count differs between lanes of
// a warp, and branches whose lanes alternate.
//
// REQUIRES: clang
// RUN: %headroom check %s -- %checkcuda -fno-caret-diagnostics | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

__global__ void triangle(float *x, int n) {
  float sum = 0;
  // CHECK: divergent-loop.cu:[[@LINE+3]]:3: warning: the trip count of this loop over 'i' varies within a warp [headroom-divergent-loop]
  // CHECK-NEXT: divergent-loop.cu:[[@LINE+2]]:3: note: the lanes of a warp run up to 31 iterations more than each other (the loop's bound moves with threadIdx.x): lanes that finish early wait for the last
  // CHECK-NEXT: divergent-loop.cu:[[@LINE+1]]:3: note: to try: give the lanes of a warp the same trip count (a loop over the warp's work, or work sorted by size) (docs/diagnostics.md#headroom-divergent-loop)
  for (int i = 0; i < threadIdx.x; ++i)
    sum += x[i];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: divergent-loop.cu:[[@LINE+3]]:3: warning: the trip count of this loop over 'j' varies within a warp [headroom-divergent-loop]
  // CHECK-NEXT: divergent-loop.cu:[[@LINE+2]]:3: note: the lanes of a warp run up to 31 iterations more than each other (the loop's start moves with threadIdx.x): lanes that finish early wait for the last
  // CHECK-NEXT: divergent-loop.cu:[[@LINE+1]]:3: note: to try: give the lanes of a warp the same trip count
  for (int j = tid; j < n; j++)
    sum += x[j];
  x[tid] = sum;
}

__global__ void reduce(float *x) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = x[tid];
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    // CHECK: divergent-loop.cu:[[@LINE+3]]:13: warning: branch on 'tid % (2 * stride)' splits every warp [headroom-divergent-loop]
    // CHECK-NEXT: divergent-loop.cu:[[@LINE+2]]:13: note: its lanes alternate between the two paths (period 2), which run one after the other
    // CHECK-NEXT: divergent-loop.cu:[[@LINE+1]]:13: note: to try: index the work so that neighbouring lanes take the same path (contiguous active lanes) (docs/diagnostics.md#headroom-divergent-loop)
    if (tid % (2 * stride) == 0)
      s[tid] += s[tid + stride];
  }
  // CHECK: divergent-loop.cu:[[@LINE+3]]:20: warning: branch on 'threadIdx.x & 3' splits every warp [headroom-divergent-loop]
  // CHECK-NEXT: divergent-loop.cu:[[@LINE+2]]:20: note: its lanes alternate between the two paths (period 4), which run one after the other
  // CHECK-NEXT: divergent-loop.cu:[[@LINE+1]]:20: note: to try: index the work so that neighbouring lanes take the same path
  if ((threadIdx.x & 3) == 0)
    x[0] = s[0];
}

// Negative cases.
__global__ void uniform(float *x, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  // Grid-stride and warp-stride loops: lanes differ by one iteration.
  for (int i = tid; i < n; i += blockDim.x * gridDim.x)
    x[i] = 0;
  for (int i = threadIdx.x; i < n; i += 32)
    x[i] = 1;
  // The same trip count for every lane.
  for (int i = tid; i < tid + 4; ++i)
    x[i] = 2;
  for (int i = 0; i < n; ++i)
    x[i] = 3;
  // Bounds checks, one lane per warp or block, warp-uniform tests.
  if (tid < n)
    x[tid] = 4;
  if (threadIdx.x == 0)
    x[0] = 5;
  if (threadIdx.x % 32 == 0)
    x[1] = 6;
  if ((threadIdx.x / 32) % 2 == 0)
    x[2] = 7;
  // Interleaved but by whole warps: (2 * tid) % 2 is the same for all.
  if ((2 * threadIdx.x) % 2 == 0)
    x[3] = 8;
  // Reductions halving the active lanes from the top are not reported.
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1)
    if (threadIdx.x < s)
      x[threadIdx.x] += x[threadIdx.x + s];
}
