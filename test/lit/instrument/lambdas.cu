// Clang marks lambdas implicitly __host__ __device__; a lambda runs where the
// code around it runs, so launches in lambdas of host code are instrumented,
// while launches in lambdas of device code, in explicit __device__ lambdas
// and in explicit __host__ __device__ lambdas (outside #ifndef __CUDA_ARCH__)
// are reported and left alone.
//
// REQUIRES: clang
// RUN: %headroom instrument %s -o %t.cu -- %fakecuda -fgpu-rdc 2> %t.err
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %headroom instrument %s --list-sites -- %fakecuda -fgpu-rdc \
// RUN:   | FileCheck %s --check-prefix=SITES

#include "cuda_runtime.h"

__global__ void k(int x) {}

// CHECK: const struct headroom_site_info [[T:__headroom_sites_[0-9a-f]+]][4] = {

// A lambda in a namespace-scope initializer runs on the host.
// SITES: lambdas.cu:[[@LINE+2]]:37: k -> {{.*}}lambdas.cu:16:17 (definition), instrumented
// CHECK: {{^}}auto LaunchFromGlobal = [](int n) { (headroom_launch_begin(&[[T]][0]), k<<<n, 1>>>(n), headroom_launch_end(&[[T]][0])); };{{$}}
auto LaunchFromGlobal = [](int n) { k<<<n, 1>>>(n); };

void host(int n) {
  // SITES-NEXT: lambdas.cu:[[@LINE+2]]:21: k -> {{.*}}, instrumented
  // CHECK: {{^}}  auto plain = [] { (headroom_launch_begin(&[[T]][1]), k<<<1, 1>>>(0), headroom_launch_end(&[[T]][1])); };{{$}}
  auto plain = [] { k<<<1, 1>>>(0); };
  // SITES-NEXT: lambdas.cu:[[@LINE+2]]:34: k -> {{.*}}, instrumented
  // CHECK: {{^}}  auto capturing = [n](auto v) { (headroom_launch_begin(&[[T]][2]), k<<<n, 1>>>(v), headroom_launch_end(&[[T]][2])); };{{$}}
  auto capturing = [n](auto v) { k<<<n, 1>>>(v); };
  // SITES-NEXT: lambdas.cu:[[@LINE+2]]:15: k -> {{.*}}, instrumented
  // CHECK: {{^}}  [&] { [&] { (headroom_launch_begin(&[[T]][3]), k<<<2, 2>>>(n), headroom_launch_end(&[[T]][3])); }(); }();{{$}}
  [&] { [&] { k<<<2, 2>>>(n); }(); }();
  plain();
  capturing(1);
  capturing(2L);

  // WARN: lambdas.cu:[[@LINE+3]]:38: warning: launch of 'k' is not instrumented: the launch is in device code (dynamic parallelism), where host hooks cannot run [headroom-instrument]
  // SITES-NEXT: lambdas.cu:[[@LINE+2]]:38: k -> {{.*}}, not instrumented: the launch is in device code
  // CHECK: {{^}}  auto onDevice = [] __device__ () { k<<<1, 1>>>(1); };{{$}}
  auto onDevice = [] __device__ () { k<<<1, 1>>>(1); };
  // WARN: lambdas.cu:[[@LINE+3]]:43: warning: launch of 'k' is not instrumented: the launch is in a __host__ __device__ function
  // SITES-NEXT: lambdas.cu:[[@LINE+2]]:43: k -> {{.*}}, not instrumented: the launch is in a __host__ __device__ function
  // CHECK: {{^}}  auto both = [] __host__ __device__ () { k<<<1, 1>>>(2); };{{$}}
  auto both = [] __host__ __device__ () { k<<<1, 1>>>(2); };
}

__global__ void parent() {
  // WARN: lambdas.cu:[[@LINE+3]]:13: warning: launch of 'k' is not instrumented: the launch is in device code
  // SITES-NEXT: lambdas.cu:[[@LINE+2]]:13: k -> {{.*}}, not instrumented: the launch is in device code (dynamic parallelism), where host hooks cannot run{{$}}
  // CHECK: {{^}}  [] { [] { k<<<1, 1>>>(3); }(); }();{{$}}
  [] { [] { k<<<1, 1>>>(3); }(); }();
}
// SITES-NOT: {{.}}
