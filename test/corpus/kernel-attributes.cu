// Kernels declared the ways real code declares them: extern "C",
// __launch_bounds__, a __grid_constant__ parameter, a struct passed by
// value, a default template argument, a kernel declared before it is
// defined (the site points at the definition), and a static kernel.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

struct Coefficients {
  float A[4];
};

extern "C" __global__ void __launch_bounds__(256, 2)
    cFill(float *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = 1.0f;
}

__global__ void poly(const __grid_constant__ Coefficients C, float *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = C.A[0] + X[I] * (C.A[1] + X[I] * (C.A[2] + X[I] * C.A[3]));
}

template <typename T = float, int Unroll = 2>
__global__ void scaleT(T *X, int N) {
  int I = (blockIdx.x * blockDim.x + threadIdx.x) * Unroll;
#pragma unroll
  for (int U = 0; U < Unroll; ++U)
    if (I + U < N)
      X[I + U] *= T(2);
}

__global__ void later(float *X);
static __global__ void hidden(float *X) { X[0] += 100.0f; }

int main() {
  const int N = 4096;
  float *X = deviceArray<float>(N);
  // SITES: kernel-attributes.cu:[[@LINE+1]]:{{[0-9]+}}: cFill -> {{.*}}kernel-attributes.cu:21:5 (definition), instrumented
  cFill<<<N / 256, 256>>>(X, N);
  Coefficients C = {{1.0f, 0.5f, 0.25f, 0.125f}};
  // SITES-NEXT: kernel-attributes.cu:[[@LINE+1]]:{{[0-9]+}}: poly -> {{.*}}, instrumented
  poly<<<N / 256, 256>>>(C, X, N);
  // SITES-NEXT: kernel-attributes.cu:[[@LINE+1]]:{{[0-9]+}}: scaleT -> {{.*}}, instrumented
  scaleT<><<<N / 512, 256>>>(X, N);
  // SITES-NEXT: kernel-attributes.cu:[[@LINE+1]]:{{[0-9]+}}: later -> {{.*}}kernel-attributes.cu:[[@LINE+8]]:17 (definition), instrumented
  later<<<1, 1>>>(X);
  // SITES-NEXT: kernel-attributes.cu:[[@LINE+1]]:{{[0-9]+}}: hidden -> {{.*}}, instrumented
  hidden<<<1, 1>>>(X);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("attributes %.4f\n", checksum(X, N));
  return 0;
}
__global__ void later(float *X) { X[1] += 10.0f; }
// SITES-NOT: {{.}}
