//===- l2_bandwidth.cu - L2 read bandwidth --------------------------------===//
///
/// \file
/// The bandwidth of reads served by the L2: a buffer of a quarter of the L2 is
/// read over and over with 16-byte ld.global.cg loads (cached in L2, not in
/// L1; volatile asm, so no pass is skipped or merged), Unroll loads in flight
/// per thread. The first launch brings the buffer into L2; timed launches then
/// read it Passes times each. Check: the sum of all loaded words must equal
/// Passes times the buffer's sum. No theoretical peak is claimed (the vendor
/// publishes no per-clock L2 rate).
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/Context.h"

#include <cstdio>
#include <string>
#include <vector>

namespace headroom::microbench {
namespace {

__device__ __forceinline__ uint4 loadCg(const uint4 *P) {
  uint4 V;
  asm volatile("ld.global.cg.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(V.x), "=r"(V.y), "=r"(V.z), "=r"(V.w)
               : "l"(P));
  return V;
}

constexpr int Unroll = 4;

/// N must be a multiple of Unroll x the grid's thread count.
__global__ void l2ReadKernel(const uint4 *In, size_t N, int Passes,
                             unsigned *Partial) {
  size_t Stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  size_t First = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  unsigned Sum = 0;
  for (int P = 0; P < Passes; ++P) {
    for (size_t I = First; I < N; I += Unroll * Stride) {
      uint4 V[Unroll];
#pragma unroll
      for (int U = 0; U < Unroll; ++U)
        V[U] = loadCg(In + I + U * Stride);
#pragma unroll
      for (int U = 0; U < Unroll; ++U)
        Sum += V[U].x + V[U].y + V[U].z + V[U].w;
    }
  }
  for (int O = 16; O > 0; O >>= 1)
    Sum += __shfl_xor_sync(0xffffffffu, Sum, O);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(&Partial[blockIdx.x], Sum);
}

__global__ void l2FillKernel(uint4 *Out, size_t N) {
  for (size_t I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += static_cast<size_t>(gridDim.x) * blockDim.x) {
    unsigned W = static_cast<unsigned>(I) * 4u;
    Out[I] = make_uint4(W * 2654435761u, (W + 1) * 2654435761u,
                        (W + 2) * 2654435761u, (W + 3) * 2654435761u);
  }
}

} // namespace

void runL2Bandwidth(Context &Ctx) {
  const int Block = 512, PerSm = 4;
  int Blocks = Ctx.smCount() * PerSm;
  size_t Chunk = static_cast<size_t>(Blocks) * Block * Unroll; // uint4s
  size_t Want =
      static_cast<size_t>(Ctx.props().l2CacheSize) / 4 / sizeof(uint4);
  size_t N = std::max<size_t>(1, Want / Chunk) * Chunk;
  size_t Bytes = N * sizeof(uint4);
  auto *Buf =
      static_cast<uint4 *>(Ctx.scratch(Bytes + Blocks * sizeof(unsigned)));
  auto *Partial = reinterpret_cast<unsigned *>(Buf + N);
  l2FillKernel<<<Blocks, Block, 0, Ctx.stream()>>>(Buf, N);
  HEADROOM_CUDA_LAUNCH();
  std::vector<unsigned> Words(N * 4);
  HEADROOM_CUDA(cudaStreamSynchronize(Ctx.stream()));
  HEADROOM_CUDA(cudaMemcpy(Words.data(), Buf, Bytes, cudaMemcpyDeviceToHost));
  unsigned BufferSum = 0;
  for (unsigned W : Words)
    BufferSum += W;

  auto Launch = [&](int Passes) {
    cudaMemsetAsync(Partial, 0, Blocks * sizeof(unsigned), Ctx.stream());
    l2ReadKernel<<<Blocks, Block, 0, Ctx.stream()>>>(Buf, N, Passes, Partial);
  };
  int Passes = Ctx.sizeIterations(Launch);
  std::vector<double> Times = Ctx.time([&] { Launch(Passes); });

  std::vector<unsigned> Host(Blocks);
  HEADROOM_CUDA(cudaMemcpy(Host.data(), Partial, Blocks * sizeof(unsigned),
                           cudaMemcpyDeviceToHost));
  unsigned Got = 0;
  for (unsigned V : Host)
    Got += V;
  unsigned Want32 = BufferSum * static_cast<unsigned>(Passes);
  if (Got != Want32) {
    char Buf2[96];
    std::snprintf(Buf2, sizeof(Buf2), "checksum 0x%08x, expected 0x%08x", Got,
                  Want32);
    throwWrongResult("l2_read", Buf2);
  }
  // The memset in each launch is part of the timed interval; it writes a few
  // hundred bytes and is negligible against the reads.
  auto Sum =
      summarizeRates(Times, static_cast<double>(Bytes) * Passes / 1e9 * 1e3);
  if (!Sum)
    throw BenchmarkError("l2_read: unusable timings");
  Measurement M;
  M.Name = "l2_read";
  M.Unit = "GB/s";
  M.Value = Sum->Median;
  M.SpreadPct = Sum->spreadPct();
  char Method[400];
  std::snprintf(Method, sizeof(Method),
                "%zu KiB buffer (1/4 of the L2) read %d times per launch with "
                "16-byte ld.global.cg (L2, not L1), unroll %d; %d blocks x %d "
                "threads; median of %d runs after %d warm-ups, IQR %.2f%%; "
                "checked",
                Bytes >> 10, Passes, Unroll, Blocks, Block,
                static_cast<int>(Times.size()), Ctx.warmups(), Sum->iqrPct());
  M.Method = Method;
  Ctx.add(M);
}

} // namespace headroom::microbench
