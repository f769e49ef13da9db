//===- WarmUp.cu - Bringing the GPU to its working clocks -----------------===//
///
/// \file
/// An idle GPU runs at a low clock and takes a moment to reach its boost
/// clock under load. Before the first measurement the harness keeps the SMs
/// busy with FMA chains for a fixed time, so that every benchmark, the first
/// included, sees the clocks of a loaded GPU and two runs agree.
///
//===----------------------------------------------------------------------===//

#include "harness/WarmUp.h"

#include <cstdio>

namespace headroom::microbench {
namespace {

__global__ void warmUpKernel(float *Out, float X, float Y, int Iterations) {
  float A = threadIdx.x * 1e-3f, B = A + 1.0f, C = A + 2.0f, D = A + 3.0f;
  for (int I = 0; I < Iterations; ++I) {
    A = fmaf(A, X, Y);
    B = fmaf(B, X, Y);
    C = fmaf(C, X, Y);
    D = fmaf(D, X, Y);
  }
  float Sum = A + B + C + D;
  if (Sum == -1.0f) // never true for these inputs; keeps the work alive
    Out[blockIdx.x * blockDim.x + threadIdx.x] = Sum;
}

} // namespace

void warmUpGpu(Context &Ctx, double Seconds) {
  auto *Out = static_cast<float *>(Ctx.scratch(sizeof(float) * 1024 * 1024));
  int Blocks = Ctx.smCount() * 4;
  auto Launch = [&](int Iterations) {
    warmUpKernel<<<Blocks, 512, 0, Ctx.stream()>>>(Out, 0.999f, 1e-3f,
                                                   Iterations);
  };
  int Iterations = Ctx.sizeIterations(Launch);
  double Start = nowSeconds();
  while (nowSeconds() - Start < Seconds) {
    Launch(Iterations);
    HEADROOM_CUDA_LAUNCH();
    HEADROOM_CUDA(cudaStreamSynchronize(Ctx.stream()));
  }
  char Line[160];
  if (auto MHz = Ctx.nvml().currentSmClockMHz())
    std::snprintf(Line, sizeof(Line),
                  "warm-up: %.1f s of FMA load, SM clock now %u MHz (NVML)",
                  Seconds, *MHz);
  else
    std::snprintf(Line, sizeof(Line), "warm-up: %.1f s of FMA load", Seconds);
  Ctx.progress(Line);
}

} // namespace headroom::microbench
