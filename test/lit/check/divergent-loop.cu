// headroom-divergent-loop: loops whose trip count differs between lanes of
// a warp, and branches whose lanes alternate.
//
// REQUIRES: clang
// RUN: %headroom check %s -- %checkcuda | FileCheck %s --implicit-check-not=warning:

__global__ void triangle(float *x, int n) {
  float sum = 0;
  // CHECK: divergent-loop.cu:[[@LINE+1]]:3: warning: the trip count of this loop over 'i' varies within a warp: the lanes of a warp run up to 31 iterations more than each other (its bound moves with threadIdx.x), and lanes that finish early wait for the last [headroom-divergent-loop]
  for (int i = 0; i < threadIdx.x; ++i)
    sum += x[i];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: divergent-loop.cu:[[@LINE+1]]:3: warning: the trip count of this loop over 'j' varies within a warp: the lanes of a warp run up to 31 iterations more than each other (its start moves with threadIdx.x)
  for (int j = tid; j < n; j++)
    sum += x[j];
  x[tid] = sum;
}

__global__ void reduce(float *x) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = x[tid];
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    // CHECK: divergent-loop.cu:[[@LINE+1]]:13: warning: branch on 'tid % (2 * stride)' splits every warp: its lanes alternate between the two paths (period 2), which run one after the other [headroom-divergent-loop]
    if (tid % (2 * stride) == 0)
      s[tid] += s[tid + stride];
  }
  // CHECK: divergent-loop.cu:[[@LINE+1]]:20: warning: branch on 'threadIdx.x & 3' splits every warp
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
