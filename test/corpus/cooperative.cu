// cudaLaunchCooperativeKernel with a grid-wide barrier (cooperative groups):
// the launch is bracketed and keeps its result.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

#include <cooperative_groups.h>

namespace cg = cooperative_groups;

/// Each block writes its id, then (after the grid barrier) block 0 sums them.
__global__ void gridSum(int *Slots, int *Total) {
  cg::grid_group Grid = cg::this_grid();
  if (threadIdx.x == 0)
    Slots[blockIdx.x] = blockIdx.x + 1;
  Grid.sync();
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    int S = 0;
    for (unsigned B = 0; B < gridDim.x; ++B)
      S += Slots[B];
    *Total = S;
  }
}

int main() {
  int Device = 0, Supported = 0;
  CORPUS_CHECK(cudaDeviceGetAttribute(&Supported,
                                      cudaDevAttrCooperativeLaunch, Device));
  const int Blocks = 8;
  int *Slots = deviceArray<int>(Blocks), *Total = deviceArray<int>(1);
  void *Args[] = {&Slots, &Total};
  if (Supported)
    // SITES: cooperative.cu:[[@LINE+1]]:{{[0-9]+}}: gridSum -> {{.*}}cooperative.cu:19:17 (definition), instrumented
    CORPUS_CHECK(cudaLaunchCooperativeKernel((void *)gridSum, Blocks, 64, Args));
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("cooperative supported %d total %.0f\n", Supported,
              checksum(Total, 1));
  return 0;
}
// SITES-NOT: {{.}}
