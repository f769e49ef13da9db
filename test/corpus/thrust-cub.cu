// A large templated translation unit: thrust algorithms, cub's device-wide
// reduction and a user kernel. The launches inside thrust and cub (in the
// system headers of CUDA's cccl) are neither rewritten nor reported; the
// user's own launch is. docs/perf/instrument.md times this file.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17 --extended-lambda
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

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
  thrust::device_vector<int> V(N);
  thrust::sequence(V.begin(), V.end(), 0);
  thrust::transform(V.begin(), V.end(), V.begin(),
                    [] __device__(int X) { return (X * 7919) % 1000; });
  thrust::sort(V.begin(), V.end(), thrust::greater<int>());
  int *Raw = thrust::raw_pointer_cast(V.data());
  // SITES: thrust-cub.cu:[[@LINE+1]]:{{[0-9]+}}: halve -> {{.*}}, instrumented
  halve<<<N / 256, 256>>>(Raw, N);
  long long Sum = thrust::reduce(V.begin(), V.end(), 0LL);

  thrust::device_vector<int> Out(1);
  size_t Bytes = 0;
  CORPUS_CHECK(cub::DeviceReduce::Max(nullptr, Bytes, Raw,
                                      thrust::raw_pointer_cast(Out.data()), N));
  thrust::device_vector<char> Scratch(Bytes);
  CORPUS_CHECK(cub::DeviceReduce::Max(thrust::raw_pointer_cast(Scratch.data()),
                                      Bytes, Raw,
                                      thrust::raw_pointer_cast(Out.data()), N));
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("thrust sum %lld first %d max %d\n", Sum, int(V[0]), int(Out[0]));
  return 0;
}
// SITES-NOT: {{.}}
