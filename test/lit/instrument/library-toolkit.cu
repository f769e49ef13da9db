// Library calls with the CUDA 13 toolkit's own headers: cuBLAS (behind
// cublas_v2.h's macros), cuSPARSE, cuFFT, cuRAND's host API, thrust with
// and without execution policies (thrust::device, thrust::cuda::par.on),
// thrust's vectors, CUB's two-phase calls, in templates and lambdas. The
// instrumented source compiles with nvcc for sm_90 and its object brackets
// scopes; cuRAND's device API and CUB's block primitives in a kernel are
// left alone.
//
// REQUIRES: nvcc, clang
// RUN: %headroom instrument %s -o %t.cu --cuda-path=%cuda -- nvcc \
// RUN:   -std=c++17 --extended-lambda 2> %t.err
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t.err
// RUN: %headroom instrument %s --list-sites --cuda-path=%cuda -- nvcc \
// RUN:   -std=c++17 --extended-lambda 2> /dev/null \
// RUN:   | FileCheck %s --check-prefix=SITES
// RUN: %nvcc -arch=sm_90 -std=c++17 --extended-lambda -c \
// RUN:   -I%src/runtime/include %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=SYMBOLS
// SYMBOLS-DAG: U headroom_register_sites_in
// SYMBOLS-DAG: U headroom_register_scopes_in
// SYMBOLS-DAG: U headroom_scope_begin
// SYMBOLS-DAG: U headroom_scope_end

// SUMMARY: headroom instrument: instrumented 1 launch site and 16 library calls in {{.*}}library-toolkit.cu

#include <cub/block/block_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <curand_kernel.h>
#include <cusparse.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/universal_vector.h>

#include <cstdio>

#define CHECK(...)                                                             \
  do {                                                                         \
    if ((__VA_ARGS__) != 0)                                                    \
      std::printf("failed at line %d\n", __LINE__);                            \
  } while (0)

__global__ void noise(float *X, int N) {
  using Reduce = cub::BlockReduce<float, 128>;
  __shared__ typename Reduce::TempStorage Temp;
  curandState State;
  curand_init(1234, threadIdx.x, 0, &State);
  float Sum = Reduce(Temp).Sum(curand_uniform(&State));
  if (threadIdx.x == 0 && blockIdx.x < N)
    X[blockIdx.x] = Sum;
}

template <typename T> T sumOf(const thrust::device_vector<T> &V) {
  // SITES: library-toolkit.cu:[[@LINE+1]]:10: thrust::reduce (library call), instrumented
  return thrust::reduce(thrust::device, V.begin(), V.end(), T(0));
}

int main() {
  const int N = 1 << 10;
  cublasHandle_t Blas;
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:9: cublasCreate (library call), instrumented
  CHECK(cublasCreate(&Blas));
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:32: thrust::device_vector (library call), instrumented
  thrust::device_vector<float> X(N, 1.0f), Y(N);
  // SITES-NEXT: library-toolkit.cu:[[@LINE-1]]:44: thrust::device_vector (library call), instrumented
  float Alpha = 2.0f;
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:9: cublasSaxpy (library call), instrumented
  CHECK(cublasSaxpy(Blas, N, &Alpha, thrust::raw_pointer_cast(X.data()), 1,
                    thrust::raw_pointer_cast(Y.data()), 1));

  cusparseHandle_t Sparse;
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:9: cusparseCreate (library call), instrumented
  CHECK(cusparseCreate(&Sparse));
  cufftHandle Plan;
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:9: cufftPlan1d (library call), instrumented
  CHECK(cufftPlan1d(&Plan, N, CUFFT_C2C, 1));
  curandGenerator_t Generator;
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:9: curandCreateGenerator (library call), instrumented
  CHECK(curandCreateGenerator(&Generator, CURAND_RNG_PSEUDO_DEFAULT));
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:9: curandGenerateUniform (library call), instrumented
  CHECK(curandGenerateUniform(Generator, thrust::raw_pointer_cast(X.data()), N));

  cudaStream_t Stream;
  cudaStreamCreate(&Stream);
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:3: thrust::sort (library call), instrumented
  thrust::sort(thrust::cuda::par.on(Stream), X.begin(), X.end());
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:3: thrust::device_vector::resize (library call), instrumented
  Y.resize(2 * N);
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:33: thrust::universal_vector (library call), instrumented
  thrust::universal_vector<int> U(N);
  auto Total = [&](auto &V) { return thrust::reduce(V.begin(), V.end()); };
  // SITES-NEXT: library-toolkit.cu:[[@LINE-1]]:38: thrust::reduce (library call), instrumented

  // CUB's two-phase call: the size query and the scan.
  size_t Bytes = 0;
  int *In = thrust::raw_pointer_cast(U.data());
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:9: cub::DeviceScan::ExclusiveSum (library call), instrumented
  CHECK(cub::DeviceScan::ExclusiveSum(nullptr, Bytes, In, In, N));
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:31: thrust::device_vector (library call), instrumented
  thrust::device_vector<char> Temp(Bytes);
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:9: cub::DeviceScan::ExclusiveSum (library call), instrumented
  CHECK(cub::DeviceScan::ExclusiveSum(thrust::raw_pointer_cast(Temp.data()),
                                      Bytes, In, In, N));
  // SITES-NEXT: library-toolkit.cu:[[@LINE+1]]:3: noise -> {{.*}}library-toolkit.cu:{{[0-9]+}}:17 (definition), instrumented
  noise<<<8, 128>>>(thrust::raw_pointer_cast(X.data()), N);
  std::printf("%f %d\n", sumOf(X), Total(U));
  return 0;
}
// SITES-NOT: {{.}}
