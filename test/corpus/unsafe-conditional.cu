// A launch whose text contains a preprocessor conditional cannot be wrapped
// safely (the device side, where __CUDA_ARCH__ is defined, might see only
// one of the two insertions): it is reported and left alone. Conditionals
// around whole launches are fine.
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

__global__ void combine(int *X, int A, int B) { X[threadIdx.x] = A * 10 + B; }

int main() {
  int *X = deviceArray<int>(32);
  // SITES: unsafe-conditional.cu:[[@LINE+2]]:{{[0-9]+}}: combine -> {{.*}}, not instrumented: the launch contains a preprocessor conditional{{.*}}
  // WARN: unsafe-conditional.cu:[[@LINE+1]]:{{[0-9]+}}: warning: launch of 'combine' is not instrumented: the launch contains a preprocessor conditional
  combine<<<1, 32>>>(X,
#ifdef __CUDA_ARCH__
                     1,
#else
                     2,
#endif
                     3);
#if defined(USE_FOUR)
  combine<<<1, 32>>>(X, 4, 4);
#else
  // SITES-NEXT: unsafe-conditional.cu:[[@LINE+1]]:{{[0-9]+}}: combine -> {{.*}}, instrumented
  combine<<<1, 16>>>(X, 5, 5);
#endif
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("conditional %.0f\n", checksum(X, 32));
  return 0;
}
// SITES-NOT: {{.}}
// WARN-NOT: warning
