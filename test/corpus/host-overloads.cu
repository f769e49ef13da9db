// Host code that nvcc compiles and clang's CUDA headers reject: nvcc's host
// overloads resolve max(int, unsigned), clang's do not. The errors are away
// from every launch, so the launches are instrumented anyway, clang's errors
// are shown as warnings with one note, and nvcc judges the result (it
// compiles it). A launch that itself needs such a call is not understood by
// clang: the file is refused with an error naming the launch, and
// `headroom nvcc` compiles it unchanged, with a note (docs/instrument.md).
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

__global__ void fill(int *X, int V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = V;
}

// NOTE: host-overloads.cu:[[@LINE+2]]:{{[0-9]+}}: warning: no matching function for call to 'max'
int blocksFor(int N, unsigned Cap) {
  return max((N + 255) / 256, Cap);
}

int run(int *X, int N, unsigned Cap) {
  // In the function of a launch, but not in the launch: tolerated.
  // NOTE: host-overloads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: no matching function for call to 'min'
  int Blocks = min(blocksFor(N, Cap), Cap);
#ifdef LAUNCH_USES_HOST_OVERLOAD
  // REFUSED: host-overloads.cu:[[@LINE+3]]:{{[0-9]+}}: error: no matching function for call to 'max'
  // REFUSED: headroom instrument: error: '{{.*}}host-overloads.cu' is not instrumented: the launch of 'fill' at {{.*}}host-overloads.cu:[[@LINE+2]]:3 is in code that clang cannot compile (clang's errors are above); nothing was instrumented or written
  // WRAPPED: headroom nvcc: note: '{{.*}}host-overloads.cu' is not instrumented: clang cannot compile the code of the launch of 'fill' at {{.*}}host-overloads.cu:[[@LINE+1]]:3; it is compiled unchanged
  fill<<<max(Blocks, 1u), 256>>>(X, 3, N);
#endif
  // SITES: host-overloads.cu:[[@LINE+1]]:3: fill -> {{.*}}host-overloads.cu:34:17 (definition), instrumented
  fill<<<Blocks, 256>>>(X, 1, N);
  return Blocks;
}

int main() {
  const int N = 1 << 16;
  int *X = deviceArray<int>(N);
  int Blocks = run(X, N, 1024u);
  // SITES-NEXT: host-overloads.cu:[[@LINE+1]]:3: fill -> {{.*}}, instrumented
  fill<<<Blocks / 2, 256>>>(X, 2, N / 2);
  CORPUS_CHECK(cudaGetLastError());
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("host overloads %d blocks, %.0f\n", Blocks, checksum(X, N));
  return 0;
}
// SITES-NOT: {{.}}
// NOTE: headroom instrument: note: clang's host parse of '{{.*}}host-overloads.cu' had 2 errors that no launch depends on (first: {{.*}}host-overloads.cu:42:{{[0-9]+}}: no matching function for call to 'max'); its launches are instrumented and nvcc judges that code
// NOTE: headroom instrument: instrumented 2 launch sites in {{.*}}host-overloads.cu
