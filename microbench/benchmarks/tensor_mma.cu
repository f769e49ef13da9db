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
#include "benchmarks/TensorBenchmark.cuh"
#include "benchmarks/TensorOperands.cuh"
#include "harness/ClockProbe.cuh"

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

/// The mma.sync benchmark, as runTensorBenchmark runs it.
template <bool Bf16Operands> struct MmaSync {
  static constexpr bool Bf16 = Bf16Operands;
  static constexpr int ThreadsPerBlock = BlockSize, StepsPerIteration = Unroll;
  static constexpr unsigned Seed = 0x5bd1e995u % 1021u;
  static constexpr auto Kernel = mmaKernel<Bf16>;

  static size_t warps(int Blocks) {
    return static_cast<size_t>(Blocks) * BlockSize / 32;
  }
  static size_t outputFloats(int Blocks) {
    return warps(Blocks) * Chains * 32 * 4;
  }
  static double flop(int Blocks, long long Steps) {
    return static_cast<double>(warps(Blocks)) * Chains * Steps * 4096.0;
  }

  static void check(const char *Name, const std::vector<float> &Host,
                    int Blocks, long long Steps) {
    int Product[16][8];
    for (int M = 0; M < 16; ++M)
      for (int N = 0; N < 8; ++N) {
        Product[M][N] = 0;
        for (int K = 0; K < 16; ++K)
          Product[M][N] += tensorA(M, K, Seed) * tensorB(K, N, Seed);
      }
    for (size_t W = 0, Warps = warps(Blocks); W < Warps; ++W) {
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
  }

  static std::string describe(const TensorLaunch &L) {
    char Text[400];
    std::snprintf(
        Text, sizeof(Text),
        "mma.sync.aligned.m16n8k16.row.col.f32.%s.%s.f32 (HMMA.16816, 4096 "
        "FLOP each), fp32 accumulation; %d independent accumulator tiles per "
        "warp x %d unrolled steps per loop iteration, %d iterations; %d "
        "blocks x %d threads (%d per SM)",
        Bf16 ? "bf16" : "f16", Bf16 ? "bf16" : "f16", Chains, Unroll,
        L.Iterations, L.Blocks, BlockSize, L.BlocksPerSm);
    return Text;
  }
  static const char *peakNote(const cudaDeviceProp &P) {
    return P.major == 9 ? " (the rate of wgmma: Hopper's mma.sync is not "
                          "expected to reach it)"
                        : "";
  }
};

} // namespace

void runTensorMma(Context &Ctx) {
  const cudaDeviceProp &P = Ctx.props();
  if (P.major < 8) {
    Ctx.progress("  tensor_mma: skipped (m16n8k16 with bf16 needs compute "
                 "capability 8.0 or later)");
    return;
  }
  runTensorBenchmark<MmaSync<false>>(Ctx, "tensor_fp16_mma");
  runTensorBenchmark<MmaSync<true>>(Ctx, "tensor_bf16_mma");
}

} // namespace headroom::microbench
