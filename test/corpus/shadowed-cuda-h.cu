// A project directory with its own `cuda.h` (no CUDA_VERSION), named with -I
// before anything else: it shadows the toolkit's cuda.h. nvcc never includes
// cuda.h on its own; clang's CUDA wrapper does, and failed with "cuda.h did
// not define CUDA_VERSION". The parse now finds the toolkit's headers first
// for the wrapper (docs/instrument.md), while the program's own
// `#include "cuda.h"` still gets the project's header, as with nvcc.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17 -I%S/Inputs/shadow -I%S/Inputs
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin
//
// The shape of the issue: the header next to the source, `-I.` first.
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %s %t.dir/main.cu
// RUN: cp %S/Inputs/shadow/cuda.h %t.dir/cuda.h
// RUN: cd %t.dir && %headroom instrument main.cu -o out.cu --list-sites \
// RUN:   -- nvcc -I. -std=c++17 -I%S/Inputs | FileCheck %s --check-prefix=HERE
// HERE: main.cu:{{[0-9]+}}:{{[0-9]+}}: fill -> main.cu:{{[0-9]+}}:17 (definition), instrumented
// HERE-NEXT: main.cu:{{[0-9]+}}:{{[0-9]+}}: scale -> {{.*}}, instrumented
// RUN: cd %t.dir && %compile -I. -std=c++17 -I%S/Inputs -Xcompiler=-iquote,. \
// RUN:   -c out.cu -o out.o
// RUN: nm %t.dir/out.o | FileCheck %s --check-prefix=HOOKS

#include "cuda.h"
#include "corpus.h"

// (clang's parse has the toolkit's cuda.h too, from its wrapper.)
#ifndef BLOCK_SIZE
#error "the project's cuda.h must be the one included here"
#endif

__global__ void fill(float *X, float V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = V;
}

__global__ void scale(float *X, float A, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += blockDim.x * gridDim.x)
    X[I] *= A;
}

int main() {
  const int N = GRID_SIZE * BLOCK_SIZE * 4;
  float *X = deviceArray<float>(N);
  // SITES: shadowed-cuda-h.cu:[[@LINE+1]]:{{[0-9]+}}: fill -> {{.*}}shadowed-cuda-h.cu:35:17 (definition), instrumented
  fill<<<(N + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(X, 1.5f, N);
  // SITES-NEXT: shadowed-cuda-h.cu:[[@LINE+1]]:{{[0-9]+}}: scale -> {{.*}}, instrumented
  scale<<<GRID_SIZE, BLOCK_SIZE>>>(X, 2.0f, N);
  CORPUS_CHECK(cudaGetLastError());
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("shadowed cuda.h: %.1f\n", checksum(X, N));
  return 0;
}
// SITES-NOT: {{.}}
