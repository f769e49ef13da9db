// headroom-launch-config: block sizes that are not a multiple of 32, under
// 64 threads (in a grid of more than one block), or over the kernel's
// __launch_bounds__ (or 1024); only sizes known when compiling are judged.
//
// REQUIRES: clang
// RUN: %headroom check %s -- %checkcuda -fno-caret-diagnostics | FileCheck %s --implicit-check-not=warning:

__global__ void k(float *x) {}
__global__ void __launch_bounds__(256) bounded(float *x) {}
template <typename T> __global__ void tk(T *x) {}

void launches(float *x, int n) {
  // CHECK: launch-config.cu:[[@LINE+3]]:10: warning: block of 100 threads is not a multiple of the warp size (32) [headroom-launch-config]
  // CHECK-NEXT: launch-config.cu:[[@LINE+2]]:10: note: the last warp of every block of 'k' runs with 28 of its 32 lanes idle
  // CHECK-NEXT: launch-config.cu:[[@LINE+1]]:10: note: to try: a multiple of 32 threads per block (docs/diagnostics.md#headroom-launch-config)
  k<<<n, 100>>>(x);
  // CHECK: launch-config.cu:[[@LINE+3]]:10: warning: block of 32 threads (under 64) caps the occupancy of 'k' [headroom-launch-config]
  // CHECK-NEXT: launch-config.cu:[[@LINE+2]]:10: note: an SM holds at most 32 resident blocks (sm_80, sm_90), so at most 32 of its 64 warp slots are used
  // CHECK-NEXT: launch-config.cu:[[@LINE+1]]:10: note: to try: at least 64 threads per block (docs/diagnostics.md#headroom-launch-config)
  k<<<n, 32>>>(x);
  // CHECK: launch-config.cu:[[@LINE+1]]:16: warning: block of 512 threads exceeds __launch_bounds__(256) of 'bounded': the launch fails [headroom-launch-config]
  bounded<<<n, 512>>>(x);
  // CHECK-NEXT: launch-config.cu:9:{{[0-9]+}}: note: the launch bounds are declared here
  // CHECK-NEXT: launch-config.cu:[[@LINE-2]]:16: note: to try: at most 256 threads per block, or larger launch bounds (docs/diagnostics.md#headroom-launch-config)
  dim3 block(16, 3);
  // CHECK: launch-config.cu:[[@LINE+3]]:10: warning: block of 48 threads is not a multiple of the warp size (32) [headroom-launch-config]
  // CHECK-NEXT: launch-config.cu:[[@LINE+2]]:10: note: the last warp of every block of 'k' runs with 16 of its 32 lanes idle
  // CHECK-NEXT: launch-config.cu:[[@LINE+1]]:10: note: to try: a multiple of 32 threads per block (docs/diagnostics.md#headroom-launch-config)
  k<<<n, block>>>(x);
  // CHECK: launch-config.cu:[[@LINE+2]]:10: warning: block of 2048 threads exceeds the 1024 threads a block can have: the launch of 'k' fails
  // CHECK-NEXT: launch-config.cu:[[@LINE+1]]:10: note: to try: at most 1024 threads per block (docs/diagnostics.md#headroom-launch-config)
  k<<<n, dim3(32, 64)>>>(x);
  // CHECK: launch-config.cu:[[@LINE+3]]:18: warning: block of 40 threads is not a multiple of the warp size (32) [headroom-launch-config]
  // CHECK-NEXT: launch-config.cu:[[@LINE+2]]:18: note: the last warp of every block of 'tk' runs with 24 of its 32 lanes idle
  // CHECK-NEXT: launch-config.cu:[[@LINE+1]]:18: note: to try: a multiple of 32 threads per block (docs/diagnostics.md#headroom-launch-config)
  tk<float><<<n, 40>>>(x);

  // Negative cases: good sizes, and sizes known only at run time.
  k<<<n, 256>>>(x);
  // One thread: deliberately serial work.
  k<<<1, 1>>>(x);
  // One block of one warp: it occupies one SM whatever its size, so the
  // cap on resident blocks per SM does not apply.
  k<<<1, 32>>>(x);
  k<<<dim3(1, 1), 32>>>(x);
  k<<<n, dim3(16, 16)>>>(x);
  bounded<<<n, 256>>>(x);
  k<<<n, n>>>(x);
  dim3 changed(16);
  changed.x = n;
  k<<<n, changed>>>(x);
  const int threads = 128;
  k<<<(n + threads - 1) / threads, threads>>>(x);
}
