// A launch that is a whole macro expansion is wrapped at the macro's use; a
// launch that is a macro argument is wrapped inside the argument; a launch
// inside a larger macro body could only be wrapped in the #define, so it is
// reported and left alone.
//
// REQUIRES: clang
// RUN: %headroom instrument %s -o %t.cu -- %fakecuda 2> %t.err
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %headroom instrument %s --list-sites -- %fakecuda 2> /dev/null \
// RUN:   | FileCheck %s --check-prefix=SITES

#include "cuda_runtime.h"

__global__ void k(int x) {}

#define LAUNCH_ZERO k<<<1, 1>>>(0)
#define LAUNCH(n) k<<<n, 1>>>(n)
#define CHECK(...)                                                             \
  do {                                                                         \
    __VA_ARGS__;                                                               \
    cudaDeviceSynchronize();                                                   \
  } while (0)
#define TWICE(...) __VA_ARGS__; __VA_ARGS__
#define KERNEL k
#define GRID 8
#define LAUNCH_AND_SYNC(n)                                                     \
  do {                                                                         \
    k<<<n, 1>>>(n);                                                            \
    cudaDeviceSynchronize();                                                   \
  } while (0)

// CHECK: const struct headroom_site_info [[T:__headroom_sites_[0-9a-f]+]][6] = {

void host(int n) {
  // SITES: macros.cu:[[@LINE+2]]:3: k -> {{.*}}macros.cu:15:17 (definition), instrumented
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][0]), LAUNCH_ZERO, headroom_launch_end(&[[T]][0]));{{$}}
  LAUNCH_ZERO;
  // SITES-NEXT: macros.cu:[[@LINE+2]]:10: k -> {{.*}}, instrumented
  // CHECK: {{^}}  if (n) (headroom_launch_begin(&[[T]][1]), LAUNCH(n + 1), headroom_launch_end(&[[T]][1]));{{$}}
  if (n) LAUNCH(n + 1);
  // SITES-NEXT: macros.cu:[[@LINE+2]]:9: k -> {{.*}}, instrumented
  // CHECK: {{^}}  CHECK((headroom_launch_begin(&[[T]][2]), k<<<2, 2>>>(n), headroom_launch_end(&[[T]][2])));{{$}}
  CHECK(k<<<2, 2>>>(n));
  // A macro argument is one written launch, however often it expands.
  // SITES-NEXT: macros.cu:[[@LINE+2]]:9: k -> {{.*}}, instrumented
  // CHECK: {{^}}  TWICE((headroom_launch_begin(&[[T]][3]), k<<<3, 3>>>(n), headroom_launch_end(&[[T]][3])));{{$}}
  TWICE(k<<<3, 3>>>(n));
  // The argument of a macro that wraps a whole-body launch macro.
  // SITES-NEXT: macros.cu:[[@LINE+2]]:9: k -> {{.*}}, instrumented
  // CHECK: {{^}}  CHECK((headroom_launch_begin(&[[T]][4]), LAUNCH(4), headroom_launch_end(&[[T]][4])));{{$}}
  CHECK(LAUNCH(4));
  // Macros within a launch that begins and ends in the file.
  // SITES-NEXT: macros.cu:[[@LINE+2]]:3: k -> {{.*}}, instrumented
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][5]), KERNEL<<<GRID, 32>>>(n), headroom_launch_end(&[[T]][5]));{{$}}
  KERNEL<<<GRID, 32>>>(n);
  // WARN: macros.cu:[[@LINE+3]]:3: warning: launch of 'k' is not instrumented: the launch is part of a larger macro expansion; only a launch that is a whole macro body or a macro argument can be wrapped [headroom-instrument]
  // SITES-NEXT: macros.cu:[[@LINE+2]]:3: k -> {{.*}}, not instrumented: the launch is part of a larger macro expansion
  // CHECK: {{^}}  LAUNCH_AND_SYNC(5);{{$}}
  LAUNCH_AND_SYNC(5);
}
// WARN-NOT: warning
