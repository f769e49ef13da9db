// The plain case: kernels launched with two, three and four configuration
// arguments, from main and from helper functions, as statements and as
// un-braced if/for bodies.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

__global__ void saxpy(int N, float A, const float *X, float *Y) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Y[I] = A * X[I] + Y[I];
}

__global__ void fill(float *X, float V, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += blockDim.x * gridDim.x)
    X[I] = V;
}

void initialize(float *X, float *Y, int N, cudaStream_t S) {
  // SITES: basic-saxpy.cu:[[@LINE+1]]:{{[0-9]+}}: fill -> {{.*}}basic-saxpy.cu:21:17 (definition), instrumented
  fill<<<64, 256>>>(X, 1.0f, N);
  // SITES-NEXT: basic-saxpy.cu:[[@LINE+1]]:{{[0-9]+}}: fill -> {{.*}}, instrumented
  fill<<<64, 256, 0, S>>>(Y, 2.0f, N);
}

int main() {
  const int N = 1 << 20;
  float *X = deviceArray<float>(N), *Y = deviceArray<float>(N);
  cudaStream_t S;
  CORPUS_CHECK(cudaStreamCreate(&S));
  initialize(X, Y, N, S);
  CORPUS_CHECK(cudaStreamSynchronize(S));
  for (int Rep = 0; Rep < 3; ++Rep)
    // SITES-NEXT: basic-saxpy.cu:[[@LINE+1]]:{{[0-9]+}}: saxpy -> {{.*}}basic-saxpy.cu:15:17 (definition), instrumented
    saxpy<<<(N + 255) / 256, 256>>>(N, 0.5f, X, Y);
  if (N > 0)
    // SITES-NEXT: basic-saxpy.cu:[[@LINE+1]]:{{[0-9]+}}: saxpy -> {{.*}}, instrumented
    saxpy<<<(N + 127) / 128, 128, 0>>>(N, 1.0f, Y, X);
  else
    // SITES-NEXT: basic-saxpy.cu:[[@LINE+1]]:{{[0-9]+}}: fill -> {{.*}}, instrumented
    fill<<<1, 1>>>(X, 0.0f, N);
  CORPUS_CHECK(cudaGetLastError());
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("saxpy: x %.1f y %.1f\n", checksum(X, N), checksum(Y, N));
  return 0;
}
// SITES-NOT: {{.}}
