// Launches in function templates are rewritten once, in the template, however
// often it is instantiated; the site names the kernel as written (`scale<T>`),
// and the profile tells instantiations apart by the kernel symbol the driver
// reports. An explicit specialization of a kernel template is its own kernel.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

template <typename T> __global__ void scale(T *X, T A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = X[I] * A + T(1);
}

template <> __global__ void scale<char>(char *X, char A, int N) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    X[0] = A;
}

template <typename T, int Block> __global__ void blockSum(const T *X, T *Out) {
  __shared__ T Partial[Block];
  Partial[threadIdx.x] = X[blockIdx.x * Block + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    T S = 0;
    for (int I = 0; I < Block; ++I)
      S += Partial[I];
    Out[blockIdx.x] = S;
  }
}

template <typename T> void scaleAll(T *X, T A, int N) {
  // SITES: function-templates.cu:[[@LINE+1]]:{{[0-9]+}}: scale<T> -> {{.*}}function-templates.cu:16:39 (definition), instrumented
  scale<T><<<(N + 255) / 256, 256>>>(X, A, N);
  // Deduced: the kernel is named as written.
  // SITES-NEXT: function-templates.cu:[[@LINE+1]]:{{[0-9]+}}: scale -> {{.*}}, instrumented
  scale<<<(N + 255) / 256, 256>>>(X, A, N);
}

template <typename T, int Block> T sum(const T *X, int Blocks) {
  T *Out = deviceArray<T>(Blocks);
  // SITES-NEXT: function-templates.cu:[[@LINE+1]]:{{[0-9]+}}: blockSum<T, Block> -> {{.*}}function-templates.cu:27:50 (definition), instrumented
  blockSum<T, Block><<<Blocks, Block>>>(X, Out);
  T Total = T(checksum(Out, Blocks));
  CORPUS_CHECK(cudaFree(Out));
  return Total;
}

int main() {
  const int N = 4096;
  float *F = deviceArray<float>(N);
  double *D = deviceArray<double>(N);
  int *I = deviceArray<int>(N);
  char *C = deviceArray<char>(4);
  scaleAll(F, 2.0f, N);
  scaleAll(D, 3.0, N);
  scaleAll(I, 4, N);
  // SITES-NEXT: function-templates.cu:[[@LINE+1]]:{{[0-9]+}}: scale<char> -> {{.*}}function-templates.cu:22:29 (definition), instrumented
  scale<char><<<1, 32>>>(C, 'h', 4);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("float %.1f double %.1f int %.0f char %.0f\n", checksum(F, N),
              checksum(D, N), checksum(I, N), checksum(C, 4));
  std::printf("sums %.1f %d\n", sum<float, 128>(F, N / 128),
              sum<int, 256>(I, N / 256));
  return 0;
}
// SITES-NOT: {{.}}
