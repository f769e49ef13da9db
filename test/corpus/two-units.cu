// Two instrumented translation units linked into one program: their site
// tables and registrars never collide (internal linkage, names hashed from
// file and contents), both launch the same kernel template, and the program
// links with the runtime.
//
// CORPUS-PROGRAM: runs Inputs/second-unit.cu
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %headroom instrument %S/Inputs/second-unit.cu -o %t.second.cu -- nvcc \
// RUN:   %{flags} -I%S/Inputs
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: %compile %{flags} -I%S/Inputs -c %t.second.cu -o %t.second.o
// RUN: nm %t.o %t.second.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_register_sites
// HOOKS: U headroom_register_sites
// REQUIRES: cuda
// RUN: %compile %t.o %t.second.o -o %t.app -L%headroom-lib -lheadroom_rt

#include "corpus.h"

template <typename T> __global__ void accumulate(T *X, T V) {
  X[threadIdx.x] += V;
}

void fromSecondUnit(int *X);

int main() {
  int *X = deviceArray<int>(32);
  // SITES: two-units.cu:[[@LINE+1]]:{{[0-9]+}}: accumulate<int> -> {{.*}}, instrumented
  accumulate<int><<<1, 32>>>(X, 1);
  fromSecondUnit(X);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("two units %.0f\n", checksum(X, 32));
  return 0;
}
// SITES-NOT: {{.}}
