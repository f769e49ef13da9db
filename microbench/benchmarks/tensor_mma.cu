//===- tensor_mma.cu - Tensor-core throughput through mma.sync ------------===//
///
/// \file
/// Dense fp16 and bf16 matrix throughput of the tensor cores through the
/// warp-level `mma.sync.aligned.m16n8k16` (fp32 accumulation; HMMA.16816 in
/// SASS), the matrix instruction every architecture since Ampere runs and
/// what most hand-written and older library kernels use. Each warp keeps
/// Chains independent accumulator tiles, D = A x B + D, Unroll steps of each
/// per loop iteration; one m16n8k16 is 2 x 16 x 8 x 16 = 4096 FLOP.
///
/// The theoretical peak is the architecture's dense tensor rate
/// (core/PeakTables.cpp). On Hopper that is the rate of wgmma
/// (tensor_wgmma.cu): mma.sync is not expected to reach it there, and the
/// percentage says how far a kernel that stays on mma.sync is from the chip's
/// matrix peak.
///
/// Check: operands are -1, 0 and 1 (TensorOperands.cuh), so every
/// accumulator must equal D0 + Steps x (A x B) exactly; the host checks every
/// accumulator of every warp.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "benchmarks/TensorOperands.cuh"
#include "core/PeakTables.h"
#include "harness/ClockProbe.cuh"
#include "harness/Context.h"

#include <cstdio>
#include <string>
#include <vector>

namespace headroom::microbench {
namespace {

constexpr int Chains = 8, Unroll = 4, BlockSize = 256;

template <bool Bf16>
__device__ __forceinline__ void mma16816(float (&D)[4], const unsigned (&A)[4],
                                         unsigned B0, unsigned B1) {
  if constexpr (Bf16)
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                 "{%0, %1, %2, %3};"
                 : "+f"(D[0]), "+f"(D[1]), "+f"(D[2]), "+f"(D[3])
                 : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "r"(B0),
                   "r"(B1));
  else
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                 "{%0, %1, %2, %3};"
                 : "+f"(D[0]), "+f"(D[1]), "+f"(D[2]), "+f"(D[3])
                 : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "r"(B0),
                   "r"(B1));
}

/// Out receives, per warp, Chains tiles of 32 lanes x 4 accumulators.
template <bool Bf16>
__global__ void __launch_bounds__(BlockSize)
    mmaKernel(float *Out, ClockSample *Probe, unsigned Seed, int Iterations) {
  probeBegin(Probe);
  unsigned Lane = threadIdx.x & 31;
  int G = static_cast<int>(Lane >> 2), T = static_cast<int>(Lane & 3);
  unsigned A[4];
  aFragment<Bf16>(A, 0, Lane, Seed);
  unsigned B0 =
      packPair<Bf16>(tensorB(2 * T, G, Seed), tensorB(2 * T + 1, G, Seed));
  unsigned B1 =
      packPair<Bf16>(tensorB(2 * T + 8, G, Seed), tensorB(2 * T + 9, G, Seed));
  float D[Chains][4];
#pragma unroll
  for (int C = 0; C < Chains; ++C)
#pragma unroll
    for (int I = 0; I < 4; ++I) {
      int M, N;
      accumulatorPosition(I, Lane, M, N);
      D[C][I] = static_cast<float>(tensorD0(M, N, C, blockIdx.x));
    }
  for (int It = 0; It < Iterations; ++It) {
#pragma unroll
    for (int U = 0; U < Unroll; ++U)
#pragma unroll
      for (int C = 0; C < Chains; ++C)
        mma16816<Bf16>(D[C], A, B0, B1);
  }
  size_t Warp =
      (static_cast<size_t>(blockIdx.x) * BlockSize + threadIdx.x) / 32;
#pragma unroll
  for (int C = 0; C < Chains; ++C)
    *reinterpret_cast<float4 *>(Out + ((Warp * Chains + C) * 32 + Lane) * 4) =
        make_float4(D[C][0], D[C][1], D[C][2], D[C][3]);
  probeEnd(Probe);
}

template <bool Bf16> void runMma(Context &Ctx, const char *Name) {
  auto *Kernel = mmaKernel<Bf16>;
  int Occupancy = 0;
  HEADROOM_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &Occupancy, Kernel, BlockSize, 0));
  int PerSm = std::min(Occupancy, 2048 / BlockSize);
  if (PerSm < 1)
    throw BenchmarkError(std::string(Name) +
                         ": the kernel cannot be resident on an SM");
  int Blocks = Ctx.smCount() * PerSm;
  size_t Warps = static_cast<size_t>(Blocks) * BlockSize / 32;
  size_t Floats = Warps * Chains * 32 * 4;
  auto *Out = static_cast<float *>(Ctx.scratch(Floats * sizeof(float)));
  ClockSample *Probe = Ctx.clockProbe(Blocks);
  const unsigned Seed = 0x5bd1e995u % 1021u;
  auto Launch = [&](int Iterations) {
    Kernel<<<Blocks, BlockSize, 0, Ctx.stream()>>>(Out, Probe, Seed,
                                                   Iterations);
  };
  // |A x B| <= 16 and |D0| <= 2: the accumulators stay exact in fp32 while
  // 16 x Steps + 2 < 2^24.
  const int MaxIterations = ((1 << 24) - 3) / 16 / Unroll;
  int Iterations = std::min(Ctx.sizeIterations(Launch), MaxIterations);
  HEADROOM_CUDA(
      cudaMemsetAsync(Out, 0xff, Floats * sizeof(float), Ctx.stream()));
  // Tensor work runs into the board's power limit and its clock settles
  // lower within ~0.1 s: a quarter second of warm-up launches first, so the
  // timed runs see the settled clock (and spread less).
  int Warmups =
      std::max(Ctx.warmups(), static_cast<int>(250.0 / Ctx.targetKernelMs()));
  std::vector<double> Times =
      Ctx.time([&] { Launch(Iterations); }, Ctx.repetitions(), Warmups);
  Context::ClockReading Clock = Ctx.readClock(Blocks, Times.back());
  std::string Limits = Ctx.nvml().clockLimitReasons().value_or("unknown");

  std::vector<float> Host(Floats);
  HEADROOM_CUDA(cudaMemcpy(Host.data(), Out, Floats * sizeof(float),
                           cudaMemcpyDeviceToHost));
  long long Steps = static_cast<long long>(Iterations) * Unroll;
  int Product[16][8];
  for (int M = 0; M < 16; ++M)
    for (int N = 0; N < 8; ++N) {
      Product[M][N] = 0;
      for (int K = 0; K < 16; ++K)
        Product[M][N] += tensorA(M, K, Seed) * tensorB(K, N, Seed);
    }
  for (size_t W = 0; W < Warps; ++W) {
    unsigned Block = static_cast<unsigned>(W * 32 / BlockSize);
    for (int C = 0; C < Chains; ++C)
      for (unsigned Lane = 0; Lane < 32; ++Lane)
        for (int I = 0; I < 4; ++I) {
          int M, N;
          accumulatorPosition(I, Lane, M, N);
          float Want = static_cast<float>(tensorD0(M, N, C, Block) +
                                          Steps * Product[M][N]);
          float Got = Host[((W * Chains + C) * 32 + Lane) * 4 + I];
          if (Got != Want) {
            char Buf[160];
            std::snprintf(Buf, sizeof(Buf),
                          "warp %zu chain %d element (%d, %d): got %.9g, "
                          "expected %.9g",
                          W, C, M, N, Got, Want);
            throwWrongResult(Name, Buf);
          }
        }
  }

  double Flop = static_cast<double>(Warps) * Chains * Steps * 4096.0;
  auto Sum = summarizeRates(Times, Flop / 1e9 * 1e3);
  if (!Sum)
    throw BenchmarkError(std::string(Name) + ": unusable timings");
  const cudaDeviceProp &P = Ctx.props();
  Op PeakOp = Bf16 ? Op::TensorBf16 : Op::TensorFp16;
  Measurement M;
  M.Name = Name;
  M.Unit = "GFLOP/s";
  M.Value = Sum->Median;
  M.SpreadPct = Sum->spreadPct();
  M.Theoretical = peakGiga(PeakOp, P.major, P.minor, Ctx.smCount(), Clock.MHz);
  const ArchitectureRates *R = findRates(P.major, P.minor);
  char Method[900];
  std::snprintf(
      Method, sizeof(Method),
      "mma.sync.aligned.m16n8k16.row.col.f32.%s.%s.f32 (HMMA.16816, 4096 "
      "FLOP each), fp32 accumulation; %d independent accumulator tiles per "
      "warp x %d unrolled steps per loop iteration, %d iterations; %d blocks x "
      "%d threads (%d per SM); operands in {-1, 0, 1}, every accumulator "
      "checked bit-exactly; median of %d runs after %d warm-ups, IQR %.2f%%; "
      "SM clock %.0f MHz (%s); clock-limit reasons after the runs: %s; "
      "theoretical = the dense tensor rate, %g FMA per clock per SM x 2 x %d "
      "SMs x that clock%s",
      Bf16 ? "bf16" : "f16", Bf16 ? "bf16" : "f16", Chains, Unroll, Iterations,
      Blocks, BlockSize, PerSm, static_cast<int>(Times.size()), Warmups,
      Sum->iqrPct(), Clock.MHz, Clock.How.c_str(), Limits.c_str(),
      R ? R->perClock(PeakOp) : 0.0, Ctx.smCount(),
      P.major == 9 ? " (the rate of wgmma: Hopper's mma.sync is not expected "
                     "to reach it)"
                   : "");
  M.Method = Method;
  if (auto Pct = percentOfTheoretical(M); Pct && *Pct > 103.0)
    throw BenchmarkError(std::string(Name) +
                             ": measured rate is above the theoretical peak "
                             "(work eliminated, or a wrong peak table entry)",
                         ExitWrongResult);
  Ctx.add(M);
}

} // namespace

void runTensorMma(Context &Ctx) {
  const cudaDeviceProp &P = Ctx.props();
  if (P.major < 8) {
    Ctx.progress("  tensor_mma: skipped (m16n8k16 with bf16 needs compute "
                 "capability 8.0 or later)");
    return;
  }
  runMma<false>(Ctx, "tensor_fp16_mma");
  runMma<true>(Ctx, "tensor_bf16_mma");
}

} // namespace headroom::microbench
