// The instrumented output of a realistic .cu, parsed with the real CUDA 13
// headers, compiles with nvcc for sm_90; its host object calls the runtime
// hooks; nvcc's diagnostics and -lineinfo name this file and its lines.
//
// REQUIRES: nvcc, clang
// RUN: %headroom instrument %s -o %t.cu --cuda-path=%cuda -- -std=c++17 \
// RUN:   -fgpu-rdc 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %nvcc -arch=sm_90 -std=c++17 -rdc=true -c -I%src/runtime/include \
// RUN:   %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=SYMBOLS
// SYMBOLS-DAG: U headroom_launch_begin
// SYMBOLS-DAG: U headroom_launch_end
// SYMBOLS-DAG: U headroom_register_sites
// RUN: %nvcc -arch=sm_90 -std=c++17 -rdc=true -lineinfo -ptx \
// RUN:   -I%src/runtime/include %t.cu -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: not %nvcc -arch=sm_90 -std=c++17 -rdc=true -c -DBREAK \
// RUN:   -I%src/runtime/include %t.cu -o %t.bad.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR

#include <cuda_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>

#include <cstdio>

#define CUDA_CHECK(...)                                                        \
  do {                                                                         \
    __VA_ARGS__;                                                               \
    cudaError_t Err = cudaGetLastError();                                      \
    if (Err != cudaSuccess)                                                    \
      std::printf("%s\n", cudaGetErrorString(Err));                            \
  } while (0)

namespace blas {
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // PTX: .loc [[FILE:[0-9]+]] [[@LINE+1]] {{[0-9]+}}
  if (i < n) y[i] = a * x[i] + y[i];
}

template <typename T, int Block> __global__ void blockSum(const T *x, T *out) {
  __shared__ T partial[Block];
  partial[threadIdx.x] = x[blockIdx.x * Block + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    T s = 0;
    for (int i = 0; i < Block; ++i)
      s += partial[i];
    out[blockIdx.x] = s;
  }
}
} // namespace blas
// PTX: .file [[FILE]] "{{.*}}nvcc-compile.cu"

__global__ void child(float *y) { y[threadIdx.x] = 0.0f; }
__global__ void parent(float *y) {
  // WARN: nvcc-compile.cu:[[@LINE+1]]:3: warning: launch of 'child' is not instrumented: the launch is in device code
  child<<<1, 32>>>(y);
}

__host__ __device__ void clear(float *y, int n) {
#ifndef __CUDA_ARCH__
  child<<<(n + 31) / 32, 32>>>(y);
#else
  for (int i = 0; i < n; ++i)
    y[i] = 0.0f;
#endif
}

struct Solver {
  cudaStream_t Stream = nullptr;
  template <typename T> void sum(const T *x, T *out, int blocks) {
    blas::blockSum<T, 128><<<blocks, 128, 0, Stream>>>(x, out);
  }
};

int main() {
  const int N = 1 << 20;
  float *X = nullptr, *Y = nullptr, *Sums = nullptr;
  cudaMalloc(&X, N * sizeof(float));
  cudaMalloc(&Y, N * sizeof(float));
  cudaMalloc(&Sums, N / 128 * sizeof(float));
  Solver S;
  cudaStreamCreate(&S.Stream);

  CUDA_CHECK(blas::saxpy<<<(N + 255) / 256, 256>>>(N, 2.0f, X, Y));
  static_assert(__LINE__ == 89, "lines are preserved");
  auto Twice = [&](float A) {
    for (int R = 0; R < 2; ++R)
      blas::saxpy<<<(N + 255) / 256, 256, 0, S.Stream>>>(N, A, X, Y);
  };
  Twice(3.0f);
  S.sum(Y, Sums, N / 128);
  clear(Y, N);
  parent<<<1, 1>>>(Y);

  thrust::device_vector<float> V(N, 1.0f);
  float Total = thrust::reduce(V.begin(), V.end());
  cudaDeviceSynchronize();
  std::printf("%f\n", Total);
#ifdef BREAK
  // ERR: nvcc-compile.cu([[@LINE+1]]): error
  static_assert(sizeof(float) == 1, "a deliberate error at a known line");
#endif
  return 0;
}
