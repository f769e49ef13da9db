// A kernel template with a `__shared__` variable whose class has a
// constructor that initializes (as `cuda::pipeline_shared_state` and
// `cuda::barrier` do): nvcc compiles it with a warning (dynamic
// initialization of a `__shared__` variable is not supported, the
// constructor is not run), clang rejects it ("initialization is not
// supported for __shared__ variables"). In a template, clang's failed
// instantiation of the body marks the kernel's specialization invalid; the
// error is in device code, which nvcc judges, and not in the launches: they
// are instrumented, clang's error is shown as a warning with one note
// (docs/instrument.md). The kernel sets the variable itself, so the
// program's output does not depend on the constructor.
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

#include "corpus.h"

/// Per-block state that a constructor initializes.
struct BlockTally {
  int Count;
  __device__ BlockTally() : Count(0) {}
};

/// Counts, per block, the elements of \p X that are at least \p Floor, and
/// writes the count scaled by \p Scale to the block's first element of
/// \p Counts.
template <int Scale>
__global__ void tallyAtLeast(const int *X, int Floor, int *Counts, int N) {
  // NOTE: shared-constructor.cu:[[@LINE+1]]:{{[0-9]+}}: warning: initialization is not supported for __shared__ variables
  __shared__ BlockTally Tally;
  if (threadIdx.x == 0)
    Tally.Count = 0;
  __syncthreads();
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N && X[I] >= Floor)
    atomicAdd(&Tally.Count, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    Counts[blockIdx.x] = Scale * Tally.Count;
}

__global__ void iota(int *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = I % 1000;
}

int main() {
  const int N = 1 << 16, Threads = 256, Blocks = N / Threads;
  int *X = deviceArray<int>(N);
  int *Counts = deviceArray<int>(Blocks);
  // SITES: shared-constructor.cu:[[@LINE+1]]:3: iota -> {{.*}}, instrumented
  iota<<<Blocks, Threads>>>(X, N);
  // SITES-NEXT: shared-constructor.cu:[[@LINE+1]]:3: tallyAtLeast<2> -> {{.*}}shared-constructor.cu:35:17 (definition), instrumented
  tallyAtLeast<2><<<Blocks, Threads>>>(X, 500, Counts, N);
  CORPUS_CHECK(cudaGetLastError());
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("shared constructor %.0f\n", checksum(Counts, Blocks));
  return 0;
}
// SITES-NOT: {{.}}
// NOTE: headroom instrument: note: clang's host parse of '{{.*}}shared-constructor.cu' had 1 error that no launch depends on (first: {{.*}}shared-constructor.cu:37:{{[0-9]+}}: initialization is not supported for __shared__ variables); its launches are instrumented and nvcc judges that code
// NOTE: headroom instrument: instrumented 2 launch sites in {{.*}}shared-constructor.cu
