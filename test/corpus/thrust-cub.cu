// A large templated translation unit: thrust algorithms, cub's device-wide
// reduction and a user kernel. The launches inside thrust and cub (in the
// system headers of CUDA's cccl) are neither rewritten nor reported; the
// user's own launch is, and the calls into thrust and cub (a device
// vector's constructors, the algorithms, cub's size query and reduction)
// are bracketed as scopes, so that the library's kernels are attributed to
// them. thrust::transform's argument is an extended __device__ lambda,
// which the bracket's host lambda may hold. docs/perf/instrument.md times
// this file.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17 --extended-lambda
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS-DAG: U headroom_launch_begin
// HOOKS-DAG: U headroom_scope_begin
// HOOKS-DAG: U headroom_register_scopes_in

#include "corpus.h"

#include <cub/device/device_reduce.cuh>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

__global__ void halve(int *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] /= 2;
}

int main() {
  const int N = 1 << 16;
  // SITES: thrust-cub.cu:[[@LINE+1]]:30: thrust::device_vector (library call), instrumented
  thrust::device_vector<int> V(N);
  // SITES-NEXT: thrust-cub.cu:[[@LINE+1]]:3: thrust::sequence (library call), instrumented
  thrust::sequence(V.begin(), V.end(), 0);
  // SITES-NEXT: thrust-cub.cu:[[@LINE+1]]:3: thrust::transform (library call), instrumented
  thrust::transform(V.begin(), V.end(), V.begin(),
                    [] __device__(int X) { return (X * 7919) % 1000; });
  // SITES-NEXT: thrust-cub.cu:[[@LINE+1]]:3: thrust::sort (library call), instrumented
  thrust::sort(V.begin(), V.end(), thrust::greater<int>());
  int *Raw = thrust::raw_pointer_cast(V.data());
  // SITES-NEXT: thrust-cub.cu:[[@LINE+1]]:{{[0-9]+}}: halve -> {{.*}}, instrumented
  halve<<<N / 256, 256>>>(Raw, N);
  // SITES-NEXT: thrust-cub.cu:[[@LINE+1]]:19: thrust::reduce (library call), instrumented
  long long Sum = thrust::reduce(V.begin(), V.end(), 0LL);

  // SITES-NEXT: thrust-cub.cu:[[@LINE+1]]:30: thrust::device_vector (library call), instrumented
  thrust::device_vector<int> Out(1);
  size_t Bytes = 0;
  // SITES-NEXT: thrust-cub.cu:[[@LINE+1]]:16: cub::DeviceReduce::Max (library call), instrumented
  CORPUS_CHECK(cub::DeviceReduce::Max(nullptr, Bytes, Raw,
                                      thrust::raw_pointer_cast(Out.data()), N));
  // SITES-NEXT: thrust-cub.cu:[[@LINE+1]]:31: thrust::device_vector (library call), instrumented
  thrust::device_vector<char> Scratch(Bytes);
  // SITES-NEXT: thrust-cub.cu:[[@LINE+1]]:16: cub::DeviceReduce::Max (library call), instrumented
  CORPUS_CHECK(cub::DeviceReduce::Max(thrust::raw_pointer_cast(Scratch.data()),
                                      Bytes, Raw,
                                      thrust::raw_pointer_cast(Out.data()), N));
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("thrust sum %lld first %d max %d\n", Sum, int(V[0]), int(Out[0]));
  return 0;
}
// SITES-NOT: {{.}}
