// A launch whose text contains a preprocessor conditional is left alone: the
// device side (or another configuration) could see only one of the two
// insertions. Conditionals around a launch are fine.
//
// REQUIRES: clang
// RUN: %headroom instrument %s -o %t.cu -- %fakecuda 2> %t.err
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %clangxx -fsyntax-only -x cuda --cuda-host-only %fakecuda \
// RUN:   -I%src/runtime/include %t.cu
// RUN: %clangxx -fsyntax-only -x cuda --cuda-host-only %fakecuda -DWIDE \
// RUN:   -I%src/runtime/include %t.cu

#include "cuda_runtime.h"

__global__ void k(int a, int b) {}

// CHECK: const struct headroom_site_info [[T:__headroom_sites_[0-9a-f]+]][1] = {

void host() {
  // WARN: conditionals.cu:[[@LINE+1]]:3: warning: launch of 'k' is not instrumented: the launch contains a preprocessor conditional; wrapping it could unbalance parentheses in another configuration [headroom-instrument]
  k<<<1, 1>>>(1,
#ifdef WIDE
              3
#else
              2
#endif
  );
#ifndef WIDE
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][0]), k<<<1, 1>>>(1, 2), headroom_launch_end(&[[T]][0]));{{$}}
  k<<<1, 1>>>(1, 2);
#endif
}
// WARN-NOT: warning
