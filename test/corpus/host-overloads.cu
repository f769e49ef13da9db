// Host code that nvcc compiles and clang's CUDA headers reject: nvcc's host
// side resolves an unqualified isfinite(float) (in a host template, as in a
// validation helper), clang's CUDA headers do not. The errors are away from
// every launch, so the launches are instrumented anyway, clang's errors are
// shown as warnings with one note, and nvcc judges the result (it compiles
// it). A launch that itself needs such a call is not understood by clang:
// the file is refused with an error naming the launch, and `headroom nvcc`
// compiles it unchanged, with a note (docs/instrument.md). (nvcc's host
// min and max for mixed signed and unsigned arguments, the first shape of
// this kind found, are declared by the parse itself: min-in-launch.cu.)
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs > %t.sites 2> %t.err
// RUN: FileCheck %s --check-prefix=SITES --input-file=%t.sites
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin
//
// RUN: rm -f %t.refused.cu
// RUN: not %headroom instrument %s -o %t.refused.cu -- nvcc %{flags} \
// RUN:   -I%S/Inputs -DLAUNCH_USES_HOST_OVERLOAD 2> %t.refused
// RUN: FileCheck %s --check-prefix=REFUSED --input-file=%t.refused
// RUN: not ls %t.refused.cu
// RUN: %headroom nvcc %{flags} -I%S/Inputs -DLAUNCH_USES_HOST_OVERLOAD \
// RUN:   -arch=sm_90 -c %s -o %t.plain.o 2> %t.wrapped
// RUN: FileCheck %s --check-prefix=WRAPPED --input-file=%t.wrapped
// WRAPPED-NOT: generated
// RUN: nm %t.plain.o | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: headroom_launch_begin
// PLAIN: main

#include "corpus.h"

#include <cmath>

__global__ void fill(int *X, int V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = V;
}

/// How many of the \p N host values are finite.
template <typename T> int countFinite(const T *Values, int N) {
  int Count = 0;
  for (int I = 0; I < N; ++I)
    // NOTE-DAG: host-overloads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: no matching function for call to 'isfinite'
    Count += isfinite(Values[I]) ? 1 : 0;
  return Count;
}

int run(int *X, int N, float Scale) {
  // In the function of a launch, but not in the launch: tolerated.
  // NOTE-DAG: host-overloads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: no matching function for call to 'isfinite'
  int Blocks = isfinite(Scale) ? (N + 255) / 256 : 1;
#ifdef LAUNCH_USES_HOST_OVERLOAD
  // REFUSED: host-overloads.cu:[[@LINE+3]]:{{[0-9]+}}: error: no matching function for call to 'isfinite'
  // REFUSED: headroom instrument: error: '{{.*}}host-overloads.cu' is not instrumented: the launch of 'fill' at {{.*}}host-overloads.cu:[[@LINE+2]]:3 is in code that clang cannot compile (clang's errors are above); nothing was instrumented or written
  // WRAPPED: headroom nvcc: note: '{{.*}}host-overloads.cu' is not instrumented: clang cannot compile the code of the launch of 'fill' at {{.*}}host-overloads.cu:[[@LINE+1]]:3; it is compiled unchanged
  fill<<<isfinite(Scale) ? Blocks : 1, 256>>>(X, 3, N);
#endif
  // SITES: host-overloads.cu:[[@LINE+1]]:3: fill -> {{.*}}host-overloads.cu:39:17 (definition), instrumented
  fill<<<Blocks, 256>>>(X, 1, N);
  return Blocks;
}

int main() {
  const int N = 1 << 16;
  int *X = deviceArray<int>(N);
  float Scales[] = {1.0f, 2.0f, 0.5f};
  int Blocks = run(X, N, Scales[countFinite(Scales, 3) - 1]);
  // SITES-NEXT: host-overloads.cu:[[@LINE+1]]:3: fill -> {{.*}}, instrumented
  fill<<<Blocks / 2, 256>>>(X, 2, N / 2);
  CORPUS_CHECK(cudaGetLastError());
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("host overloads %d blocks, %.0f\n", Blocks, checksum(X, N));
  return 0;
}
// SITES-NOT: {{.}}
// NOTE: headroom instrument: note: clang's host parse of '{{.*}}host-overloads.cu' had 2 errors that no launch depends on (first: {{.*}}host-overloads.cu:57:{{[0-9]+}}: no matching function for call to 'isfinite'); its launches are instrumented and nvcc judges that code
// NOTE: headroom instrument: instrumented 2 launch sites in {{.*}}host-overloads.cu
