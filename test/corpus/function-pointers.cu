// Kernels chosen at run time: through a function pointer, a table of kernel
// pointers, `&kernel`, and overloaded kernels. A launch through a pointer is
// named after the pointer and has no known definition.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

__global__ void addOne(int *X) { X[threadIdx.x] += 1; }
__global__ void addTwo(int *X) { X[threadIdx.x] += 2; }
__global__ void set(int *X, int V) { X[threadIdx.x] = V; }
__global__ void set(float *X, float V) { X[threadIdx.x] = V; }

using Kernel = void (*)(int *);

int main() {
  int *X = deviceArray<int>(32);
  float *F = deviceArray<float>(32);
  Kernel Chosen = addTwo;
  // SITES: function-pointers.cu:[[@LINE+1]]:{{[0-9]+}}: Chosen -> <unknown>, instrumented
  Chosen<<<1, 32>>>(X);
  Kernel Table[] = {addOne, addTwo, &addOne};
  for (Kernel K : Table)
    // SITES-NEXT: function-pointers.cu:[[@LINE+1]]:{{[0-9]+}}: K -> <unknown>, instrumented
    K<<<1, 32>>>(X);
  // SITES-NEXT: function-pointers.cu:[[@LINE+1]]:{{[0-9]+}}: addOne -> {{.*}}function-pointers.cu:15:17 (definition), instrumented
  (&addOne)<<<1, 16>>>(X);
  // SITES-NEXT: function-pointers.cu:[[@LINE+1]]:{{[0-9]+}}: set -> {{.*}}function-pointers.cu:18:17 (definition), instrumented
  set<<<1, 32>>>(F, 0.5f);
  // SITES-NEXT: function-pointers.cu:[[@LINE+1]]:{{[0-9]+}}: set -> {{.*}}function-pointers.cu:17:17 (definition), instrumented
  set<<<1, 8>>>(X + 24, 7);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("pointers %.0f %.1f\n", checksum(X, 32), checksum(F, 32));
  return 0;
}
// SITES-NOT: {{.}}
