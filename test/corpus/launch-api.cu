// Launches through the runtime API, with the real CUDA 13 headers:
// cudaLaunchKernel (the C function and the C++ template), cudaLaunchKernelEx
// with launch attributes, and cudaLaunchKernelExC. Each is bracketed and
// keeps its cudaError_t, which the program checks.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

__global__ void axpb(float *X, float A, float B, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = A * X[I] + B;
}

template <typename T> __global__ void setAll(T *X, T V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = V;
}

int main() {
  int N = 1 << 14;
  float *X = deviceArray<float>(N);
  float A = 2.0f, B = 1.0f;
  void *Args[] = {&X, &A, &B, &N};
  // SITES: launch-api.cu:[[@LINE+1]]:{{[0-9]+}}: axpb -> {{.*}}launch-api.cu:16:17 (definition), instrumented
  CORPUS_CHECK(cudaLaunchKernel((const void *)axpb, dim3(N / 256), dim3(256),
                                Args, 0, nullptr));
  // SITES-NEXT: launch-api.cu:[[@LINE+1]]:{{[0-9]+}}: axpb -> {{.*}}, instrumented
  cudaError_t E = cudaLaunchKernel(axpb, dim3(N / 128), dim3(128), Args);
  CORPUS_CHECK(E);

  float V = 3.0f;
  void *SetArgs[] = {&X, &V, &N};
  // SITES-NEXT: launch-api.cu:[[@LINE+1]]:{{[0-9]+}}: setAll<float> -> {{.*}}launch-api.cu:22:39 (definition), instrumented
  if (cudaLaunchKernel((const void *)&setAll<float>, N / 256, 256, SetArgs, 0,
                       0) != cudaSuccess)
    return 1;

  cudaLaunchAttribute Attr[1];
  Attr[0].id = cudaLaunchAttributePriority;
  Attr[0].val.priority = 0;
  cudaLaunchConfig_t Config = {};
  Config.gridDim = dim3(N / 256);
  Config.blockDim = dim3(256);
  Config.attrs = Attr;
  Config.numAttrs = 1;
  // SITES-NEXT: launch-api.cu:[[@LINE+1]]:{{[0-9]+}}: axpb -> {{.*}}, instrumented
  CORPUS_CHECK(cudaLaunchKernelEx(&Config, axpb, X, 0.5f, 4.0f, N));
  // SITES-NEXT: launch-api.cu:[[@LINE+1]]:{{[0-9]+}}: axpb -> {{.*}}, instrumented
  CORPUS_CHECK(cudaLaunchKernelExC(&Config, (const void *)axpb, Args));
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("launch api %.1f\n", checksum(X, N));
  return 0;
}
// SITES-NOT: {{.}}
