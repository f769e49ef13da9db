// A generic launcher that forwards any kernel and arguments (as libraries
// write them), and variadic kernel templates: the launch in the launcher is
// one site, named by the template parameter it launches.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

#include <utility>

template <typename... Ts> __device__ int total(Ts... Vs) { return (0 + ... + Vs); }

template <typename... Ts> __global__ void addAll(int *Out, Ts... Vs) {
  Out[threadIdx.x] = total(Vs...) + int(threadIdx.x);
}

__global__ void twice(int *Out, int N) {
  int I = threadIdx.x;
  if (I < N)
    Out[I] *= 2;
}

template <typename Kernel, typename... Args>
void launch(Kernel K, dim3 Grid, dim3 Block, Args &&...A) {
  // SITES: variadic-templates.cu:[[@LINE+1]]:{{[0-9]+}}: K -> <unknown>, instrumented
  K<<<Grid, Block>>>(std::forward<Args>(A)...);
}

int main() {
  int *Out = deviceArray<int>(32);
  launch(addAll<int, int, int>, 1, 32, Out, 1, 2, 3);
  launch(twice, dim3(1), dim3(32), Out, 32);
  // SITES-NEXT: variadic-templates.cu:[[@LINE+1]]:{{[0-9]+}}: addAll<int, long, short> -> {{.*}}variadic-templates.cu:19:43 (definition), instrumented
  addAll<int, long, short><<<1, 16>>>(Out, 10, 20L, short(30));
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("variadic %.0f\n", checksum(Out, 32));
  return 0;
}
// SITES-NOT: {{.}}
