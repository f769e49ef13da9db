// headroom check reads a source as the instrumenter does (the shared
// ast/ParseFileSystem.h): launches written with spaced chevrons, which nvcc
// accepts and clang's lexer does not, are read as `<<<`/`>>>` in place (the
// findings keep their lines and columns), a project `cuda.h` named with
// -I before the toolkit does not stop clang's CUDA wrapper, and host code
// calls nvcc's host min/max with mixed signed and unsigned arguments.
//
// REQUIRES: clang, cuda
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/main.cu
// RUN: printf '#define PROJECT_CUDA_H 1\n' > %t/cuda.h
// RUN: cd %t && %headroom check main.cu --cuda-path %cuda -- nvcc -I. \
// RUN:   -std=c++17 -arch=sm_90 2>&1 | FileCheck %s
// RUN: cd %t && %headroom check main.cu --cuda-path %cuda --format json \
// RUN:   -- -I. -std=c++17 2>/dev/null | FileCheck %s --check-prefix=JSON

#include "cuda.h"

#ifndef PROJECT_CUDA_H
#error "the project's cuda.h must be the one the source includes"
#endif

__global__ void k(float *x) {}

void launches(float *x, int n) {
  // CHECK: main.cu:[[@LINE+4]]:11: warning: block of 100 threads is not a multiple of the warp size (32) [headroom-launch-config]
  // CHECK: main.cu:[[@LINE+3]]:11: note: the last warp of every block of 'k' runs with 28 of its 32 lanes idle
  // CHECK-NEXT: main.cu:[[@LINE+2]]:11: note: to try: a multiple of 32 threads per block (docs/diagnostics.md#headroom-launch-config)
  // JSON: "line": [[@LINE+1]],
  k<< <n, 100>> >(x);
  // CHECK: main.cu:[[@LINE+2]]:14: warning: block of 48 threads is not a multiple of the warp size (32) [headroom-launch-config]
  // CHECK: main.cu:[[@LINE+1]]:14: note: the last warp of every block of 'k' runs with 16 of its 32 lanes idle
  k << < n,  48 >>
      > (x);
  // The launch of a good size is not reported.
  k<</* grid */<n, 256>>/* */>(x);
  // CHECK: main.cu:[[@LINE+2]]:20: warning: block of 80 threads is not a multiple of the warp size (32) [headroom-launch-config]
  // CHECK: main.cu:[[@LINE+1]]:20: note: the last warp of every block of 'k' runs with 16 of its 32 lanes idle
  k<<<min(n, 64u), 80, max(n, 0u)>>>(x);
}

// CHECK: headroom check: 3 findings in 1 file checked
