// Launches through the runtime API are instrumented like <<<...>>> launches,
// keeping the call's cudaError_t result: cudaLaunchKernel (the C function and
// the C++ template), cudaLaunchKernelEx, cudaLaunchKernelExC and
// cudaLaunchCooperativeKernel, in plain code, templates and macros; the
// kernel is the function argument, seen through casts and '&'. The output
// still compiles.
//
// REQUIRES: clang
// RUN: %headroom instrument %s -o %t.cu -- %fakecuda
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %headroom instrument %s --list-sites -- %fakecuda \
// RUN:   | FileCheck %s --check-prefix=SITES
// RUN: %clangxx -fsyntax-only -x cuda --cuda-host-only %fakecuda \
// RUN:   -I%src/runtime/include %t.cu

#include "cuda_runtime.h"

__global__ void saxpy(int n, float a, const float *x, float *y) {}
template <typename T> __global__ void fill(T *x, T v) {}

#define CHECK(...) (void)(__VA_ARGS__)

// CHECK: const struct headroom_site_info [[T:__headroom_sites_[0-9a-f]+]][7] = {
// CHECK: template <typename T>
// CHECK-NEXT: T [[E:__headroom_end_[0-9a-f]+]](const struct headroom_site_info *Site, T Result) {
// CHECK-NEXT:   headroom_launch_end(Site);
// CHECK-NEXT:   return Result;
// CHECK-NEXT: }

cudaError_t run(int n, float *x, float *y, cudaStream_t s) {
  void *Args[] = {&n, &x, &y};
  // SITES: launch-api.cu:[[@LINE+2]]:19: saxpy -> {{.*}}launch-api.cu:18:17 (definition), instrumented
  // CHECK: {{^}}  cudaError_t E = [[E]](&[[T]][0], (headroom_launch_begin(&[[T]][0]), cudaLaunchKernel((const void *)saxpy, dim3(n / 256), dim3(256), Args, 0, s)));{{$}}
  cudaError_t E = cudaLaunchKernel((const void *)saxpy, dim3(n / 256), dim3(256), Args, 0, s);
  // SITES-NEXT: launch-api.cu:[[@LINE+2]]:7: saxpy -> {{.*}}launch-api.cu:18:17 (definition), instrumented
  // CHECK: {{^}}  if ([[E]](&[[T]][1], (headroom_launch_begin(&[[T]][1]), cudaLaunchKernel<void>((void *)saxpy, 1, 1, Args))) != 0){{$}}
  if (cudaLaunchKernel<void>((void *)saxpy, 1, 1, Args) != 0)
    return E;
  // SITES-NEXT: launch-api.cu:[[@LINE+2]]:9: saxpy -> {{.*}}launch-api.cu:18:17 (definition), instrumented
  // CHECK: {{^}}  CHECK([[E]](&[[T]][2], (headroom_launch_begin(&[[T]][2]), cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(&saxpy), 1, 1, Args, 0, s))));{{$}}
  CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(&saxpy), 1, 1, Args, 0, s));
  cudaLaunchConfig_t Config = {dim3(1), dim3(256), 0, s, nullptr, 0};
  // SITES-NEXT: launch-api.cu:[[@LINE+2]]:10: saxpy -> {{.*}}launch-api.cu:18:17 (definition), instrumented
  // CHECK: {{^}}  return [[E]](&[[T]][3], (headroom_launch_begin(&[[T]][3]), cudaLaunchKernelEx(&Config, saxpy, n, 2.0f, x, y)));{{$}}
  return cudaLaunchKernelEx(&Config, saxpy, n, 2.0f, x, y);
}

template <typename T> void fillAll(T *x, T v, cudaLaunchConfig_t *Config) {
  void *Args[] = {&x, &v};
  // SITES-NEXT: launch-api.cu:[[@LINE+2]]:3: fill<T> -> {{.*}}launch-api.cu:19:39 (definition), instrumented
  // CHECK: {{^}}  [[E]](&[[T]][4], (headroom_launch_begin(&[[T]][4]), cudaLaunchKernelExC(Config, (const void *)fill<T>, Args)));{{$}}
  cudaLaunchKernelExC(Config, (const void *)fill<T>, Args);
  // SITES-NEXT: launch-api.cu:[[@LINE+2]]:3: fill<T> -> {{.*}}launch-api.cu:19:39 (definition), instrumented
  // CHECK: {{^}}  [[E]](&[[T]][5], (headroom_launch_begin(&[[T]][5]), cudaLaunchKernel((void *)&fill<T>, 1, 1, Args, 0, 0)));{{$}}
  cudaLaunchKernel((void *)&fill<T>, 1, 1, Args, 0, 0);
}

void host(float *f, int *i, cudaLaunchConfig_t *Config) {
  fillAll(f, 1.0f, Config);
  fillAll(i, 2, Config);
  void (*Pointer)(float *, float) = fill<float>;
  void *Args[] = {&f};
  // SITES-NEXT: launch-api.cu:[[@LINE+1]]:3: Pointer -> <unknown>, instrumented
  cudaLaunchKernel((const void *)Pointer, 1, 1, Args, 0, 0);
}
// SITES-NOT: {{.}}
