// headroom-launch-config: block sizes that are not a multiple of 32, under
// 64 threads, or over the kernel's __launch_bounds__ (or 1024); only block
// sizes known when compiling are judged.
//
// REQUIRES: clang
// RUN: %headroom check %s -- %checkcuda | FileCheck %s --implicit-check-not=warning:

__global__ void k(float *x) {}
__global__ void __launch_bounds__(256) bounded(float *x) {}
template <typename T> __global__ void tk(T *x) {}

void launches(float *x, int n) {
  // CHECK: launch-config.cu:[[@LINE+1]]:10: warning: block of 100 threads is not a multiple of the warp size (32): the last warp of every block of 'k' runs with 28 of its 32 lanes idle [headroom-launch-config]
  k<<<n, 100>>>(x);
  // CHECK: launch-config.cu:[[@LINE+1]]:10: warning: block of 32 threads (under 64) caps the occupancy of 'k': an SM holds at most 32 resident blocks (sm_80, sm_90), so at most 32 of its 64 warp slots are used [headroom-launch-config]
  k<<<n, 32>>>(x);
  // CHECK: launch-config.cu:[[@LINE+1]]:16: warning: block of 512 threads exceeds __launch_bounds__(256) of 'bounded': the launch fails [headroom-launch-config]
  bounded<<<n, 512>>>(x);
  // CHECK: launch-config.cu:9:{{[0-9]+}}: note: the launch bounds are declared here
  dim3 block(16, 3);
  // CHECK: launch-config.cu:[[@LINE+1]]:10: warning: block of 48 threads is not a multiple of the warp size
  k<<<n, block>>>(x);
  // CHECK: launch-config.cu:[[@LINE+1]]:10: warning: block of 2048 threads exceeds the 1024 threads a block can have: the launch of 'k' fails
  k<<<n, dim3(32, 64)>>>(x);
  // CHECK: launch-config.cu:[[@LINE+1]]:18: warning: block of 40 threads is not a multiple of the warp size
  tk<float><<<n, 40>>>(x);

  // Negative cases: good sizes, and sizes known only at run time.
  k<<<n, 256>>>(x);
  // One thread: deliberately serial work.
  k<<<1, 1>>>(x);
  k<<<n, dim3(16, 16)>>>(x);
  bounded<<<n, 256>>>(x);
  k<<<n, n>>>(x);
  dim3 changed(16);
  changed.x = n;
  k<<<n, changed>>>(x);
  const int threads = 128;
  k<<<(n + threads - 1) / threads, threads>>>(x);
}
