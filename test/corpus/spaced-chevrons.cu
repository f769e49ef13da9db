// Launches written with spaces (or comments) between the angle brackets,
// which nvcc accepts and clang's lexer does not: `<< <` and `>> >` are read
// as `<<<` and `>>>` in place (docs/instrument.md), so the sites keep their
// lines and columns, and the instrumented source holds launches both
// compilers accept. Spacings nvcc rejects (`< <<`, `> >>`) stay errors.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.cu
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin
// The original compiles with nvcc as it is (what the wrapper falls back to).
// RUN: %compile %{flags} -I%S/Inputs -c %s -o %t.plain.o

#include "corpus.h"

#include <vector>

__global__ void add(int *X, int V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] += V;
}

template <typename T> __global__ void twice(T *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] *= 2;
}

#define LAUNCH_ADD(X, V, N) add<< <((N) + 255) / 256, 256>> >(X, V, N)

// Host code with shifts and comparisons next to each other is left alone.
bool inRange(int A, int B) { return (A << 1) < B && (B >> 1) > A; }
std::vector<std::vector<std::vector<int>> > nested(1);

int main() {
  const int N = 4096;
  int *X = deviceArray<int>(N);
  // SITES: spaced-chevrons.cu:[[@LINE+2]]:3: add -> {{.*}}spaced-chevrons.cu:22:17 (definition), instrumented
  // OUT: (headroom_launch_begin(&__headroom_sites_{{[0-9a-f]+}}[0]), add<<< (N + 255) / 256, 256>>> (X, 1, N), headroom_launch_end
  add<< <(N + 255) / 256, 256>> >(X, 1, N);
  // SITES-NEXT: spaced-chevrons.cu:[[@LINE+2]]:3: add -> {{.*}}, instrumented
  // OUT: add {{<<<}}  N / 256, 256 {{>>>}}  (X, 2, N)
  add << < N / 256, 256 >> > (X, 2, N);
  // SITES-NEXT: spaced-chevrons.cu:[[@LINE+2]]:3: add -> {{.*}}, instrumented
  // OUT: add{{<<<}}     N / 128, 128{{>>>}}    (X, 3, N)
  add<</*grid*/<N / 128, 128>>/**/>(X, 3, N);
  // SITES-NEXT: spaced-chevrons.cu:[[@LINE+3]]:3: twice<int> -> {{.*}}spaced-chevrons.cu:28:39 (definition), instrumented
  // OUT: twice<int> {{<<<}}  N / 256, 256, 0, 0   {{$}}
  // OUT-NEXT: {{^}}    {{>>>}} (X, N), headroom_launch_end
  twice<int> << < N / 256, 256, 0, 0 >>
      > (X, N);
  // The closing broken over lines keeps its line breaks: the next line's
  // numbers do not move.
  // SITES-NEXT: spaced-chevrons.cu:[[@LINE+3]]:3: add -> {{.*}}, instrumented
  // OUT: add{{<<<}}N / 256, 256  {{$}}
  // OUT-NEXT: {{^}}    {{>>>}}(X, 4, N), headroom_launch_end
  add<<<N / 256, 256>>
      >(X, 4, N);
  // SITES-NEXT: spaced-chevrons.cu:[[@LINE+1]]:3: add -> {{.*}}, instrumented
  LAUNCH_ADD(X, 5, N);
  if (inRange(1, 4) && nested.size() == 1)
    // SITES-NEXT: spaced-chevrons.cu:[[@LINE+1]]:5: add -> {{.*}}, instrumented
    add<< <N / 256, 256>>>(X, 6, N);
  CORPUS_CHECK(cudaGetLastError());
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("spaced chevrons %.0f line %d\n", checksum(X, N), __LINE__);
  return 0;
}
// SITES-NOT: {{.}}
