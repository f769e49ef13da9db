// Launches from device code (dynamic parallelism, -fgpu-rdc) cannot take host
// hooks: they are reported and left alone. In an explicit __host__ __device__
// function a launch is instrumented only in a branch that device compilation
// never sees.
//
// REQUIRES: clang
// RUN: %headroom instrument %s -o %t.cu -- %fakecuda -fgpu-rdc 2> %t.err
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %headroom instrument %s --list-sites -- %fakecuda -fgpu-rdc \
// RUN:   2> /dev/null | FileCheck %s --check-prefix=SITES

#include "cuda_runtime.h"

__global__ void child(int x) {}

// CHECK: const struct headroom_site_info [[T:__headroom_sites_[0-9a-f]+]][4] = {

__global__ void parent(int n) {
  // WARN: device-launches.cu:[[@LINE+3]]:14: warning: launch of 'child' is not instrumented: the launch is in device code (dynamic parallelism), where host hooks cannot run [headroom-instrument]
  // SITES: device-launches.cu:[[@LINE+2]]:14: child -> {{.*}}, not instrumented: the launch is in device code
  // CHECK: {{^}}  if (n > 0) child<<<1, 1>>>(n - 1);{{$}}
  if (n > 0) child<<<1, 1>>>(n - 1);
}

__device__ void helper() {
  // WARN: device-launches.cu:[[@LINE+3]]:3: warning: launch of 'child' is not instrumented: the launch is in device code
  // SITES-NEXT: device-launches.cu:[[@LINE+2]]:3: child -> {{.*}}, not instrumented: the launch is in device code
  // CHECK: {{^}}  child<<<1, 1>>>(0);{{$}}
  child<<<1, 1>>>(0);
}

__host__ __device__ void either(int n) {
  // WARN: device-launches.cu:[[@LINE+3]]:3: warning: launch of 'child' is not instrumented: the launch is in a __host__ __device__ function; put it under '#ifndef __CUDA_ARCH__' to have it instrumented [headroom-instrument]
  // SITES-NEXT: device-launches.cu:[[@LINE+2]]:3: child -> {{.*}}, not instrumented: the launch is in a __host__ __device__ function
  // CHECK: {{^}}  child<<<1, 1>>>(1);{{$}}
  child<<<1, 1>>>(1);
#ifndef __CUDA_ARCH__
  // SITES-NEXT: device-launches.cu:[[@LINE+2]]:3: child -> {{.*}}, instrumented
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][0]), child<<<1, 1>>>(2), headroom_launch_end(&[[T]][0]));{{$}}
  child<<<1, 1>>>(2);
#endif
#ifdef __CUDA_ARCH__
  n = 0;
#elif defined(SOMETHING_ELSE)
#else
  // SITES-NEXT: device-launches.cu:[[@LINE+2]]:3: child -> {{.*}}, instrumented
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][1]), child<<<1, 1>>>(3), headroom_launch_end(&[[T]][1]));{{$}}
  child<<<1, 1>>>(3);
#endif
#if !defined(__CUDA_ARCH__) && 1
  // Only the exact spellings are recognised.
  // WARN: device-launches.cu:[[@LINE+2]]:3: warning: launch of 'child' is not instrumented: the launch is in a __host__ __device__ function
  // SITES-NEXT: device-launches.cu:[[@LINE+1]]:3: child -> {{.*}}, not instrumented
  child<<<1, 1>>>(4);
#endif
#if !defined( __CUDA_ARCH__ ) // host side
#if 1
  // SITES-NEXT: device-launches.cu:[[@LINE+2]]:3: child -> {{.*}}, instrumented
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][2]), child<<<1, 1>>>(5), headroom_launch_end(&[[T]][2]));{{$}}
  child<<<1, 1>>>(5);
#endif
#endif
}

void host() {
  // SITES-NEXT: device-launches.cu:[[@LINE+2]]:3: parent -> {{.*}}device-launches.cu:19:17 (definition), instrumented
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][3]), parent<<<1, 1>>>(3), headroom_launch_end(&[[T]][3]));{{$}}
  parent<<<1, 1>>>(3);
}
// SITES-NOT: {{.}}
// WARN-NOT: warning
