// Launches in lambdas: a host lambda, a generic lambda (a template: one
// site), an immediately invoked lambda, a lambda kept in std::function, and
// an extended __device__ lambda passed to a kernel template (nvcc's
// --extended-lambda). A launch in a lambda inside a kernel would be a device
// launch; see dynamic-parallelism.cu.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17 --extended-lambda
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

#include <functional>

__global__ void inc(float *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] += 1.0f;
}

template <typename F> __global__ void transform(float *X, int N, F Op) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = Op(X[I]);
}

int main() {
  const int N = 2048;
  float *X = deviceArray<float>(N);
  auto Once = [&] {
    // SITES: lambdas.cu:[[@LINE+1]]:{{[0-9]+}}: inc -> {{.*}}, instrumented
    inc<<<N / 256, 256>>>(X, N);
  };
  Once();
  auto Generic = [](auto *P, auto Count) {
    // SITES-NEXT: lambdas.cu:[[@LINE+1]]:{{[0-9]+}}: inc -> {{.*}}, instrumented
    inc<<<(Count + 127) / 128, 128>>>(P, Count);
  };
  Generic(X, N);
  Generic(X, N / 2);
  [=] {
    // SITES-NEXT: lambdas.cu:[[@LINE+1]]:{{[0-9]+}}: inc -> {{.*}}, instrumented
    inc<<<1, 64>>>(X, 64);
  }();
  std::function<void(int)> Later = [X](int Count) {
    for (int R = 0; R < Count; ++R)
      // SITES-NEXT: lambdas.cu:[[@LINE+1]]:{{[0-9]+}}: inc -> {{.*}}, instrumented
      inc<<<8, 256>>>(X, N);
  };
  Later(3);
  auto Square = [] __device__(float V) { return V * V; };
  // SITES-NEXT: lambdas.cu:[[@LINE+1]]:{{[0-9]+}}: transform -> {{.*}}, instrumented
  transform<<<N / 256, 256>>>(X, N, Square);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("lambdas %.1f\n", checksum(X, N));
  return 0;
}
// SITES-NOT: {{.}}
