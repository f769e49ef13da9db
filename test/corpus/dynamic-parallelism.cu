// Launches from device code (dynamic parallelism, -rdc=true): reported and
// left alone, in a kernel, in a __device__ function and in a lambda inside a
// kernel; the host launch of the parent is instrumented.
//
// CORPUS-PROGRAM: runs -rdc=true -lcudadevrt
// DEFINE: %{flags} = -std=c++17 -rdc=true
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs 2> %t.err | FileCheck %s --check-prefix=SITES
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

__global__ void child(int *X, int Base) { X[Base + threadIdx.x] += 1; }

__device__ void spawn(int *X, int Base) {
  // SITES: dynamic-parallelism.cu:[[@LINE+2]]:{{[0-9]+}}: child -> {{.*}}, not instrumented: the launch is in device code{{.*}}
  // WARN: dynamic-parallelism.cu:[[@LINE+1]]:{{[0-9]+}}: warning: launch of 'child' is not instrumented: the launch is in device code
  child<<<1, 32>>>(X, Base);
}

__global__ void parent(int *X) {
  if (threadIdx.x == 0) {
    // SITES-NEXT: dynamic-parallelism.cu:[[@LINE+1]]:{{[0-9]+}}: child -> {{.*}}, not instrumented: the launch is in device code{{.*}}
    child<<<1, 32, 0, cudaStreamFireAndForget>>>(X, 0);
    spawn(X, 32);
    auto Again = [X] { child<<<1, 32>>>(X, 64); };
    // SITES-NEXT: dynamic-parallelism.cu:[[@LINE-1]]:{{[0-9]+}}: child -> {{.*}}, not instrumented: the launch is in device code{{.*}}
    Again();
  }
}

int main() {
  int *X = deviceArray<int>(96);
  // SITES-NEXT: dynamic-parallelism.cu:[[@LINE+1]]:{{[0-9]+}}: parent -> {{.*}}, instrumented
  parent<<<1, 32>>>(X);
  CORPUS_CHECK(cudaGetLastError());
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("dynamic parallelism %.0f\n", checksum(X, 96));
  return 0;
}
// SITES-NOT: {{.}}
