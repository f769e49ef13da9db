// A translation unit whose only GPU work is library calls: cuBLAS (behind
// cublas_v2.h's macros, in an error-check macro), cuSPARSE, cuFFT, cuRAND,
// thrust (with execution policies and a device vector's constructors) and
// CUB's two-phase scan, in a function template and a lambda. It launches no
// kernel of its own, yet is instrumented: each call is bracketed as a
// scope; `headroom nvcc`'s launch scan must send it to the parse (the
// completeness test, test/unit/nvcc/LaunchScanCompletenessTest.cpp).
//
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS-NOT: headroom_launch_begin
// HOOKS-DAG: U headroom_register_scopes_in
// HOOKS-DAG: U headroom_scope_begin
// HOOKS-DAG: U headroom_scope_end

#include "corpus.h"

#include <cub/device/device_scan.cuh>
#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <cusparse.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>

#define CHECK_STATUS(...)                                                      \
  do {                                                                         \
    if ((__VA_ARGS__) != 0)                                                    \
      std::printf("library call failed at line %d\n", __LINE__);              \
  } while (0)

template <typename T> T total(const thrust::device_vector<T> &V) {
  // SITES: library-calls.cu:[[@LINE+1]]:10: thrust::reduce (library call), instrumented
  return thrust::reduce(thrust::device, V.begin(), V.end(), T(0));
}

int run(int N) {
  cublasHandle_t Blas;
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:16: cublasCreate (library call), instrumented
  CHECK_STATUS(cublasCreate(&Blas));
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:32: thrust::device_vector (library call), instrumented
  thrust::device_vector<float> X(N, 1.0f);
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:32: thrust::device_vector (library call), instrumented
  thrust::device_vector<float> Y(N);
  float Alpha = 2.0f;
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:16: cublasSaxpy (library call), instrumented
  CHECK_STATUS(cublasSaxpy(Blas, N, &Alpha, thrust::raw_pointer_cast(X.data()),
                           1, thrust::raw_pointer_cast(Y.data()), 1));
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:16: cublasDestroy (library call), instrumented
  CHECK_STATUS(cublasDestroy(Blas));

  cusparseHandle_t Sparse;
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:16: cusparseCreate (library call), instrumented
  CHECK_STATUS(cusparseCreate(&Sparse));
  cufftHandle Plan;
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:16: cufftPlan1d (library call), instrumented
  CHECK_STATUS(cufftPlan1d(&Plan, N, CUFFT_R2C, 1));
  curandGenerator_t Generator;
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:16: curandCreateGenerator (library call), instrumented
  CHECK_STATUS(curandCreateGenerator(&Generator, CURAND_RNG_PSEUDO_DEFAULT));
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:16: curandGenerateUniform (library call), instrumented
  CHECK_STATUS(curandGenerateUniform(Generator,
                                     thrust::raw_pointer_cast(X.data()), N));

  cudaStream_t Stream;
  CORPUS_CHECK(cudaStreamCreate(&Stream));
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:3: thrust::sort (library call), instrumented
  thrust::sort(thrust::cuda::par.on(Stream), X.begin(), X.end());

  // CUB's two-phase call: the size query, then the scan.
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:30: thrust::device_vector (library call), instrumented
  thrust::device_vector<int> Counts(N, 1);
  int *Raw = thrust::raw_pointer_cast(Counts.data());
  size_t Bytes = 0;
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:16: cub::DeviceScan::ExclusiveSum (library call), instrumented
  CORPUS_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, Bytes, Raw, Raw, N));
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:31: thrust::device_vector (library call), instrumented
  thrust::device_vector<char> Temp(Bytes);
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:16: cub::DeviceScan::ExclusiveSum (library call), instrumented
  CORPUS_CHECK(cub::DeviceScan::ExclusiveSum(
      thrust::raw_pointer_cast(Temp.data()), Bytes, Raw, Raw, N));
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:42: thrust::reduce (library call), instrumented
  auto Largest = [&](int M) { return int(thrust::reduce(Counts.begin(), Counts.begin() + M)); };
  return int(total(Y)) + Largest(4);
}
// SITES-NOT: {{.}}
