// nvcc's host overloads of min and max in launch configurations: a grid
// launched in chunks of at most `PerLaunch` blocks (`min(int, unsigned)`),
// a block size clamped with `max(int, unsigned)`, dynamic shared memory
// bounded with `min(size_t, size_t)` and `umin`. nvcc declares min and max
// `__host__ __device__` for every mix of signed and unsigned int, long and
// long long; clang's CUDA headers have them for the device only, so the
// parse declares nvcc's host overloads itself (docs/instrument.md): the
// launches parse, clang reports no error, and every one is instrumented.
// The kernel's own `min(int, unsigned)` is device code and keeps clang's
// device overload.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs > %t.sites 2> %t.err
// RUN: FileCheck %s --check-prefix=SITES --input-file=%t.sites
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// ERR-NOT: warning
// ERR-NOT: error
// ERR: headroom instrument: instrumented 4 launch sites in {{.*}}min-in-launch.cu
// ERR-NOT: {{.}}
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

#include <cstddef>

/// Adds \p Step to the elements of the blocks from \p FirstBlock on, up to
/// \p Limit elements.
__global__ void addFrom(float *X, unsigned Limit, int FirstBlock, float Step) {
  extern __shared__ float Staged[];
  int I = (FirstBlock + blockIdx.x) * blockDim.x + threadIdx.x;
  Staged[threadIdx.x] = Step;
  __syncthreads();
  // The end of the block, clamped to the array: device min(int, unsigned).
  unsigned End = min(int((FirstBlock + blockIdx.x + 1) * blockDim.x), Limit);
  if (unsigned(I) < End)
    X[I] += Staged[threadIdx.x];
}

/// Launches over \p Blocks blocks of 256 threads in chunks of at most
/// \p PerLaunch blocks, as a program bounded by a watchdog does.
void addInChunks(float *X, unsigned Limit, unsigned Blocks, int PerLaunch) {
  for (unsigned J = 0; J < Blocks; J += PerLaunch)
    // SITES: min-in-launch.cu:[[@LINE+1]]:5: addFrom -> {{.*}}min-in-launch.cu:32:17 (definition), instrumented
    addFrom<<<min(PerLaunch, Blocks - J), 256, 256 * sizeof(float)>>>(
        X, Limit, J, 1.0f);
}

template <typename T>
void addClamped(T *X, unsigned Limit, int Threads, size_t SharedCap) {
  // SITES-NEXT: min-in-launch.cu:[[@LINE+2]]:3: addFrom -> {{.*}}, instrumented
  unsigned Block = max(Threads, 32u);
  addFrom<<<(Limit + Block - 1) / Block, Block,
            min(Block * sizeof(float), SharedCap)>>>(X, Limit, 0, 2.0f);
}

int main() {
  const unsigned N = 1 << 16;
  float *X = deviceArray<float>(N);
  addInChunks(X, N, N / 256, 48);
  addClamped(X, N, 128, size_t(48) * 1024);
  long long Rows = N / 512;
  unsigned long long Cap = 64;
  // SITES-NEXT: min-in-launch.cu:[[@LINE+1]]:3: addFrom -> {{.*}}, instrumented
  addFrom<<<min(Rows, Cap), 512, umin(512u, N) * sizeof(float)>>>(X, N, 0,
                                                                   4.0f);
  // SITES-NEXT: min-in-launch.cu:[[@LINE+1]]:3: addFrom -> {{.*}}, instrumented
  addFrom<<<max(1L, long(N / 1024)), 1024, 1024 * sizeof(float)>>>(X, N, 0,
                                                                    8.0f);
  CORPUS_CHECK(cudaGetLastError());
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("min in launch %.0f\n", checksum(X, N));
  return 0;
}
// SITES-NOT: {{.}}
