// Kernels and launches in namespaces: nested, anonymous, inline, reached
// through a namespace alias and a using-declaration. Sites name the kernel
// fully qualified, without inline namespaces (as users write it).
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

namespace app::math {
__global__ void square(int *X, int N) {
  int I = threadIdx.x + blockIdx.x * blockDim.x;
  if (I < N)
    X[I] = I * I % 1000;
}
inline namespace v2 {
__global__ void negate(int *X, int N) {
  int I = threadIdx.x + blockIdx.x * blockDim.x;
  if (I < N)
    X[I] = -X[I];
}
} // namespace v2
} // namespace app::math

namespace {
__global__ void local(int *X) { X[0] += 7; }
} // namespace

namespace app {
void run(int *X, int N) {
  // SITES: namespaces.cu:[[@LINE+1]]:{{[0-9]+}}: app::math::square -> {{.*}}, instrumented
  math::square<<<(N + 255) / 256, 256>>>(X, N);
  // SITES-NEXT: namespaces.cu:[[@LINE+1]]:{{[0-9]+}}: app::math::negate -> {{.*}}, instrumented
  math::negate<<<(N + 255) / 256, 256>>>(X, N);
}
} // namespace app

namespace m = app::math;
using app::math::square;

int main() {
  const int N = 3000;
  int *X = deviceArray<int>(N);
  app::run(X, N);
  // SITES-NEXT: namespaces.cu:[[@LINE+1]]:{{[0-9]+}}: app::math::square -> {{.*}}, instrumented
  m::square<<<(N + 255) / 256, 256>>>(X, N);
  // SITES-NEXT: namespaces.cu:[[@LINE+1]]:{{[0-9]+}}: app::math::square -> {{.*}}, instrumented
  square<<<(N + 255) / 256, 256>>>(X, N);
  // SITES-NEXT: namespaces.cu:[[@LINE+1]]:{{[0-9]+}}: (anonymous namespace)::local -> {{.*}}, instrumented
  local<<<1, 1>>>(X);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("namespaces %.0f\n", checksum(X, N));
  return 0;
}
// SITES-NOT: {{.}}
