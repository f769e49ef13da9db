// A .cpp file compiled as CUDA with `-x cu` (as some build systems do):
// instrumented like a .cu.
//
// CORPUS-PROGRAM: runs -x cu
// DEFINE: %{flags} = -std=c++17 -x cu
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

__global__ void count(int *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    atomicAdd(X, 1);
}

int main() {
  int *X = deviceArray<int>(1);
  // SITES: cpp-as-cuda.cpp:[[@LINE+1]]:{{[0-9]+}}: count -> {{.*}}, instrumented
  count<<<40, 256>>>(X, 10000);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("cpp as cuda %.0f\n", checksum(X, 1));
  return 0;
}
// SITES-NOT: {{.}}
