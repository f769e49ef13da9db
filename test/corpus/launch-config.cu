// All four configuration arguments, written the ways real code writes them:
// dim3 expressions with commas, template calls in the configuration,
// dynamic shared memory for an extern __shared__ array, streams from arrays
// and the per-thread default stream handle.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

#include <algorithm>

__global__ void reverseBlocks(const int *In, int *Out, int N) {
  extern __shared__ int Tile[];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Tile[threadIdx.x] = I < N ? In[I] : 0;
  __syncthreads();
  int J = blockIdx.x * blockDim.x + (blockDim.x - 1 - threadIdx.x);
  if (J < N)
    Out[J] = Tile[threadIdx.x];
}

__global__ void grid2d(int *Out, int W, int H) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < W && Y < H)
    Out[Y * W + X] = X + 2 * Y;
}

int main() {
  const int N = 4096, W = 100, H = 37;
  int *In = deviceArray<int>(N), *Out = deviceArray<int>(N);
  int *Img = deviceArray<int>(W * H);
  cudaStream_t Streams[2];
  for (cudaStream_t &S : Streams)
    CORPUS_CHECK(cudaStreamCreate(&S));
  const int Block = 256;
  // SITES: launch-config.cu:[[@LINE+1]]:{{[0-9]+}}: grid2d -> {{.*}}, instrumented
  grid2d<<<dim3((W + 15) / 16, (H + 15) / 16), dim3(16, 16)>>>(Img, W, H);
  // SITES-NEXT: launch-config.cu:[[@LINE+1]]:{{[0-9]+}}: reverseBlocks -> {{.*}}, instrumented
  reverseBlocks<<<std::max<int>(1, (N + Block - 1) / Block),
                  std::min<int>(Block, 1024), Block * sizeof(int),
                  Streams[1]>>>(Img, Out, N);
  // SITES-NEXT: launch-config.cu:[[@LINE+1]]:{{[0-9]+}}: reverseBlocks -> {{.*}}, instrumented
  reverseBlocks<<<N / Block, Block, Block * sizeof(int), cudaStreamPerThread>>>(Out, In, N);
  dim3 Grid{(W + 7) / 8, (H + 7) / 8, 1}, Threads{8, 8};
  // SITES-NEXT: launch-config.cu:[[@LINE+1]]:{{[0-9]+}}: grid2d -> {{.*}}, instrumented
  grid2d<<<Grid, Threads, 0, Streams[0]>>>(Out, W, H);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("config %.0f %.0f %.0f\n", checksum(In, N), checksum(Out, N),
              checksum(Img, W * H));
  return 0;
}
// SITES-NOT: {{.}}
