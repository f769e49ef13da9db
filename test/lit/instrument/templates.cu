// Launches in templates are rewritten once, in the pattern, however often the
// template is instantiated; kernels named with template arguments keep them
// as written, and point at the template's (or the explicit specialization's)
// definition.
//
// REQUIRES: clang
// RUN: %headroom instrument %s -o %t.cu -- %fakecuda
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %headroom instrument %s --list-sites -- %fakecuda \
// RUN:   | FileCheck %s --check-prefix=SITES

#include "cuda_runtime.h"

template <typename T> __global__ void fill(T *x, T v) {}
template <> __global__ void fill<char>(char *x, char v) {}
template <typename T, int N> __global__ void tiled(T *x);

// CHECK: const struct headroom_site_info [[T:__headroom_sites_[0-9a-f]+]][6] = {

template <typename T> void fillAll(T *x, T v) {
  // SITES: templates.cu:[[@LINE+3]]:3: fill<T> -> {{.*}}templates.cu:14:39 (definition), instrumented
  // SITES-NEXT: templates.cu:[[@LINE+3]]:3: fill -> {{.*}}templates.cu:14:39 (definition), instrumented
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][0]), fill<T><<<1, 1>>>(x, v), headroom_launch_end(&[[T]][0]));{{$}}
  fill<T><<<1, 1>>>(x, v);
  fill<<<2, 2>>>(x, v);
  // CHECK-NEXT: {{^}}  (headroom_launch_begin(&[[T]][1]), fill<<<2, 2>>>(x, v), headroom_launch_end(&[[T]][1]));{{$}}
}

template <typename T> struct Buffer {
  T *Data;
  // SITES-NEXT: templates.cu:[[@LINE+2]]:18: fill<T> -> {{.*}}templates.cu:14:39 (definition), instrumented
  // CHECK: {{^}}  void clear() { (headroom_launch_begin(&[[T]][2]), fill<T><<<1, 1>>>(Data, T()), headroom_launch_end(&[[T]][2])); }{{$}}
  void clear() { fill<T><<<1, 1>>>(Data, T()); }
  // SITES-NEXT: templates.cu:[[@LINE+2]]:34: tiled<T, N> -> {{.*}}templates.cu:16:46 (declaration), instrumented
  // CHECK: {{^}}  template <int N> void tile() { (headroom_launch_begin(&[[T]][3]), tiled<T, N><<<1, N>>>(Data), headroom_launch_end(&[[T]][3])); }{{$}}
  template <int N> void tile() { tiled<T, N><<<1, N>>>(Data); }
};

void host(float *f, int *i, char *c) {
  fillAll(f, 1.0f);
  fillAll(i, 2);
  fillAll(c, 'c');
  Buffer<float>{f}.clear();
  Buffer<int>{i}.clear();
  Buffer<float>{f}.tile<4>();
  Buffer<float>{f}.tile<8>();
  // SITES-NEXT: templates.cu:[[@LINE+2]]:3: fill<char> -> {{.*}}templates.cu:15:29 (definition), instrumented
  // SITES-NEXT: templates.cu:[[@LINE+2]]:3: fill<float> -> {{.*}}templates.cu:14:39 (definition), instrumented
  fill<char><<<1, 1>>>(c, 'x');
  fill<float><<<1, 1>>>(f, 0.0f);
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][4]), fill<char><<<1, 1>>>(c, 'x'), headroom_launch_end(&[[T]][4]));{{$}}
  // CHECK-NEXT: {{^}}  (headroom_launch_begin(&[[T]][5]), fill<float><<<1, 1>>>(f, 0.0f), headroom_launch_end(&[[T]][5]));{{$}}
}
// SITES-NOT: {{.}}
