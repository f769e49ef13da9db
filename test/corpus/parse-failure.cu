// A translation unit the instrumenter cannot parse (it insists on nvcc):
// `headroom instrument` refuses it with a clear error and writes nothing;
// `headroom nvcc` compiles it unchanged, with one note.
//
// CORPUS-PROGRAM: compile-only (nothing is instrumented)
// DEFINE: %{flags} = -std=c++17
// RUN: rm -f %t.cu
// RUN: not %headroom instrument %s -o %t.cu -- nvcc %{flags} 2> %t.err
// RUN: FileCheck %s --check-prefix=REFUSED --input-file=%t.err
// REFUSED: parse-failure.cu:[[@LINE+13]]:2: error: "this file must be compiled with nvcc"
// REFUSED: headroom instrument: error: '{{.*}}parse-failure.cu' does not compile as CUDA host code (clang's errors are above); nothing was instrumented or written
// RUN: not ls %t.cu
// RUN: %headroom nvcc %{flags} -arch=sm_90 -c %s -o %t.o 2> %t.nvcc
// RUN: FileCheck %s --check-prefix=WRAPPED --input-file=%t.nvcc
// WRAPPED: headroom nvcc: note: '{{.*}}parse-failure.cu' is not instrumented: clang cannot parse it as CUDA host code ({{.*}}parse-failure.cu:{{[0-9]+}}:2: "this file must be compiled with nvcc"); it is compiled unchanged
// RUN: nm %t.o | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: headroom_
// PLAIN: main

#include <cstdio>

#ifndef __NVCC__
#error "this file must be compiled with nvcc"
#endif

__global__ void k(int *X) { *X = 1; }

int main() {
  int *X = nullptr;
  cudaMalloc(&X, sizeof(int));
  k<<<1, 1>>>(X);
  cudaDeviceSynchronize();
  std::printf("parse failure\n");
  return 0;
}
