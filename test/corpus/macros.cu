// Launches and macros (docs/instrument.md): a launch that is a whole macro
// expansion is wrapped at the use; a launch that is a macro argument (the
// CUDA_CHECK idiom, variadic so that the commas of <<<...>>> pass) is wrapped
// inside the argument; a launch inside a larger macro body is reported and
// left alone. Kernel names and configurations may come from macros.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs 2> %t.err | FileCheck %s --check-prefix=SITES
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

__global__ void add(int *X, int V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] += V;
}

#define LAUNCH_CHECKED(...)                                                    \
  do {                                                                         \
    __VA_ARGS__;                                                               \
    CORPUS_CHECK(cudaGetLastError());                                          \
  } while (0)
#define ADD_ONE(X, N) add<<<((N) + 255) / 256, 256>>>(X, 1, N)
#define KERNEL add
#define CONFIG(N) ((N) + 127) / 128, 128
#define ADD_AND_SYNC(X, N)                                                     \
  do {                                                                         \
    add<<<1, 32>>>(X, 100, N);                                                 \
    cudaDeviceSynchronize();                                                   \
  } while (0)

int main() {
  const int N = 1000;
  int *X = deviceArray<int>(N);
  // SITES: macros.cu:[[@LINE+1]]:{{[0-9]+}}: add -> {{.*}}, instrumented
  LAUNCH_CHECKED(add<<<(N + 255) / 256, 256>>>(X, 2, N));
  // SITES-NEXT: macros.cu:[[@LINE+1]]:{{[0-9]+}}: add -> {{.*}}, instrumented
  ADD_ONE(X, N);
  // SITES-NEXT: macros.cu:[[@LINE+1]]:{{[0-9]+}}: add -> {{.*}}, instrumented
  KERNEL<<<CONFIG(N)>>>(X, 3, N);
  // SITES-NEXT: macros.cu:[[@LINE+2]]:{{[0-9]+}}: add -> {{.*}}, not instrumented: the launch is part of a larger macro expansion{{.*}}
  // WARN: macros.cu:[[@LINE+1]]:{{[0-9]+}}: warning: launch of 'add' is not instrumented: the launch is part of a larger macro expansion{{.*}}
  ADD_AND_SYNC(X, 32);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("macros %.0f\n", checksum(X, N));
  return 0;
}
// SITES-NOT: {{.}}
// WARN-NOT: warning
