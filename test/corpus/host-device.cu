// Launches in explicitly __host__ __device__ functions: instrumented only in
// the branches device compilation never sees (#ifndef __CUDA_ARCH__, the
// #else of #ifdef __CUDA_ARCH__, #if !defined(__CUDA_ARCH__)); constexpr
// functions and lambdas count as host code, as nvcc sees them.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

__global__ void mark(int *X, int V) { X[threadIdx.x] = V; }

__host__ __device__ void markEverywhere(int *X, int V) {
#ifndef __CUDA_ARCH__
  // SITES: host-device.cu:[[@LINE+1]]:{{[0-9]+}}: mark -> {{.*}}, instrumented
  mark<<<1, 32>>>(X, V);
#else
  X[threadIdx.x] = V + 1;
#endif
}

__host__ __device__ int markTwice(int *X) {
#ifdef __CUDA_ARCH__
  return 0;
#else
  // SITES-NEXT: host-device.cu:[[@LINE+1]]:{{[0-9]+}}: mark -> {{.*}}, instrumented
  mark<<<1, 16>>>(X, 5);
  return 1;
#endif
}

__host__ __device__ void markIfHost(int *X) {
#if !defined(__CUDA_ARCH__)
  // SITES-NEXT: host-device.cu:[[@LINE+1]]:{{[0-9]+}}: mark -> {{.*}}, instrumented
  mark<<<1, 8>>>(X, 9);
#endif
}

__global__ void useOnDevice(int *X) { markEverywhere(X + 32, 2); }

int main() {
  int *X = deviceArray<int>(64);
  markEverywhere(X, 1);
  int Host = markTwice(X);
  markIfHost(X);
  // SITES-NEXT: host-device.cu:[[@LINE+1]]:{{[0-9]+}}: useOnDevice -> {{.*}}, instrumented
  useOnDevice<<<1, 32>>>(X);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("host-device %d %.0f\n", Host, checksum(X, 64));
  return 0;
}
// SITES-NOT: {{.}}
