// Every line of the user's file keeps its number in the rewritten file, so
// compiler diagnostics and -lineinfo point at the user's source:
// static_asserts on __LINE__ still hold in the output, an error in the output
// is reported at its original line, and the launches found again in the
// output have their original lines (their columns move with the hooks).
//
// REQUIRES: clang
// RUN: %headroom instrument %s -o %t.cu -- %fakecuda
// RUN: FileCheck %s --check-prefix=TOP --input-file=%t.cu
// RUN: %headroom instrument %t.cu --list-sites -- %fakecuda \
// RUN:   -I%src/runtime/include | FileCheck %s --check-prefix=AGAIN
// RUN: not %headroom instrument %t.cu -- %fakecuda -I%src/runtime/include \
// RUN:   -DBREAK 2>&1 | FileCheck %s --check-prefix=ERR

// TOP: } // namespace
// TOP-NEXT: #line 1 "{{.*}}line-numbers.cu"
// TOP-NEXT: // Every line of the user's file keeps its number in the rewritten file, so

#include "cuda_runtime.h"

__global__ void k(int x) {}

void host(int n) {
  // AGAIN: line-numbers.cu:[[@LINE+1]]:{{[0-9]+}}: k -> {{.*}}line-numbers.cu:21:17 (definition), instrumented
  k<<<1, 1>>>(0);
  static_assert(__LINE__ == 26, "line after a launch");
  // AGAIN: line-numbers.cu:[[@LINE+1]]:{{[0-9]+}}: k -> {{.*}}line-numbers.cu:21:17 (definition), instrumented
  k<<<n,
      1,
      0>>>(
      n);
  static_assert(__LINE__ == 32, "line after a launch over four lines");
  // AGAIN: line-numbers.cu:[[@LINE+1]]:{{[0-9]+}}: k -> {{.*}}line-numbers.cu:21:17 (definition), instrumented
  if (n) k<<<2, 2>>>(n); static_assert(__LINE__ == 34, "same line");
}

#ifdef BREAK
// ERR: line-numbers.cu:[[@LINE+1]]:2: error: a deliberate error at a known line
#error a deliberate error at a known line
#endif
static_assert(__LINE__ == 41, "last line");
