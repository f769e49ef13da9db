// Headers that only nvcc's host compiler has: gcc's own `omp.h` (OpenMP
// declarations, in gcc's private include directory, not clang's). nvcc finds
// it through gcc; the parse searches gcc's directory last (`-idirafter`,
// after clang's builtin headers), so the file is instrumented
// (docs/instrument.md).
//
// CORPUS-PROGRAM: compile-only (linking needs -fopenmp)
// DEFINE: %{flags} = -std=c++17 -Xcompiler -fopenmp
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"
#include <omp.h>

__global__ void fill(int *X, int V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = V;
}

int main() {
  const int N = 1024;
  int *X = deviceArray<int>(N);
  int Threads = omp_get_max_threads();
  // SITES: host-compiler-headers.cu:[[@LINE+1]]:3: fill -> {{.*}}host-compiler-headers.cu:18:17 (definition), instrumented
  fill<<<N / 256, 256>>>(X, Threads > 0 ? 1 : 2, N);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("host compiler headers %.0f\n", checksum(X, N));
  return 0;
}
// SITES-NOT: {{.}}
