//===- tensor_wgmma.cu - Tensor-core throughput through wgmma (sm_90a) ----===//
///
/// \file
/// Dense fp16 and bf16 matrix throughput of Hopper's tensor cores through the
/// warpgroup-level `wgmma.mma_async.sync.aligned.m64n256k16` (fp32
/// accumulation; HGMMA.64x256x16 in SASS), the instruction that reaches the
/// architecture's dense tensor peak. This file alone is compiled for
/// `-gencode=arch=compute_90a,code=sm_90a` (wgmma exists only in the
/// architecture-specific target); on any other GPU the benchmark says it is
/// skipped.
///
/// Each block is one warpgroup (4 warps, 128 threads) that keeps one 64 x 256
/// fp32 accumulator tile in registers (128 per thread) and issues Unroll
/// wgmmas per commit group, at most two groups in flight, as library GEMM
/// main loops do. A (64 x 16) is in registers, in the m16n8k16 fragment
/// layout per warp (TensorOperands.cuh); B (16 x 256) is in shared memory,
/// K-major without swizzle: 8 x 8 core matrices of 128 contiguous bytes, the
/// descriptor's leading (K) byte offset 128 and stride (N) byte offset 256.
/// One m64n256k16 is 2 x 64 x 256 x 16 = 524288 FLOP.
///
/// Check: every core matrix of B holds the same symmetric 8 x 8 block G of
/// values in {-1, 0, 1}, so B(k, n) = G(n mod 8, k mod 8); A is as in
/// tensor_mma.cu. Every accumulator must equal D0 + Steps x (A x B) exactly
/// (fp32 holds it below 2^24); the host checks all of them.
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

constexpr int Unroll = 4, BlockSize = 128, TileN = 256, Registers = 128;

/// G(r, e) in {-1, 0, 1}, symmetric in r and e.
__host__ __device__ inline int tensorG(int R, int E, unsigned Seed) {
  return static_cast<int>((R * E + R + E + Seed) % 3u) - 1;
}

template <bool Bf16>
__device__ __forceinline__ void wgmma64x256x16(float (&D)[128],
                                               const unsigned (&A)[4],
                                               unsigned long long DescB) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  // One instruction, two operand types: AB is "f16" or "bf16".
#define HEADROOM_WGMMA_M64N256K16_F32(AB)                                      \
  asm volatile(                                                                \
      "{\n.reg .pred p;\nsetp.ne.b32 p, %133, 0;\n"                            \
      "wgmma.mma_async.sync.aligned.m64n256k16.f32." AB "." AB " "             \
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, "     \
      "%15, "                                                                  \
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, " \
      "%30, %31, "                                                             \
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, " \
      "%46, %47, "                                                             \
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, " \
      "%62, %63, "                                                             \
      "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, " \
      "%78, %79, "                                                             \
      "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, " \
      "%94, %95, "                                                             \
      "%96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, "   \
      "%108, %109, %110, %111, "                                               \
      "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, "     \
      "%123, %124, %125, %126, %127}, "                                        \
      "{%128, %129, %130, %131}, %132, p, 1, 1, 0;\n}\n"                       \
      : "+f"(D[0]), "+f"(D[1]), "+f"(D[2]), "+f"(D[3]), "+f"(D[4]),            \
        "+f"(D[5]), "+f"(D[6]), "+f"(D[7]), "+f"(D[8]), "+f"(D[9]),            \
        "+f"(D[10]), "+f"(D[11]), "+f"(D[12]), "+f"(D[13]), "+f"(D[14]),       \
        "+f"(D[15]), "+f"(D[16]), "+f"(D[17]), "+f"(D[18]), "+f"(D[19]),       \
        "+f"(D[20]), "+f"(D[21]), "+f"(D[22]), "+f"(D[23]), "+f"(D[24]),       \
        "+f"(D[25]), "+f"(D[26]), "+f"(D[27]), "+f"(D[28]), "+f"(D[29]),       \
        "+f"(D[30]), "+f"(D[31]), "+f"(D[32]), "+f"(D[33]), "+f"(D[34]),       \
        "+f"(D[35]), "+f"(D[36]), "+f"(D[37]), "+f"(D[38]), "+f"(D[39]),       \
        "+f"(D[40]), "+f"(D[41]), "+f"(D[42]), "+f"(D[43]), "+f"(D[44]),       \
        "+f"(D[45]), "+f"(D[46]), "+f"(D[47]), "+f"(D[48]), "+f"(D[49]),       \
        "+f"(D[50]), "+f"(D[51]), "+f"(D[52]), "+f"(D[53]), "+f"(D[54]),       \
        "+f"(D[55]), "+f"(D[56]), "+f"(D[57]), "+f"(D[58]), "+f"(D[59]),       \
        "+f"(D[60]), "+f"(D[61]), "+f"(D[62]), "+f"(D[63]), "+f"(D[64]),       \
        "+f"(D[65]), "+f"(D[66]), "+f"(D[67]), "+f"(D[68]), "+f"(D[69]),       \
        "+f"(D[70]), "+f"(D[71]), "+f"(D[72]), "+f"(D[73]), "+f"(D[74]),       \
        "+f"(D[75]), "+f"(D[76]), "+f"(D[77]), "+f"(D[78]), "+f"(D[79]),       \
        "+f"(D[80]), "+f"(D[81]), "+f"(D[82]), "+f"(D[83]), "+f"(D[84]),       \
        "+f"(D[85]), "+f"(D[86]), "+f"(D[87]), "+f"(D[88]), "+f"(D[89]),       \
        "+f"(D[90]), "+f"(D[91]), "+f"(D[92]), "+f"(D[93]), "+f"(D[94]),       \
        "+f"(D[95]), "+f"(D[96]), "+f"(D[97]), "+f"(D[98]), "+f"(D[99]),       \
        "+f"(D[100]), "+f"(D[101]), "+f"(D[102]), "+f"(D[103]), "+f"(D[104]),  \
        "+f"(D[105]), "+f"(D[106]), "+f"(D[107]), "+f"(D[108]), "+f"(D[109]),  \
        "+f"(D[110]), "+f"(D[111]), "+f"(D[112]), "+f"(D[113]), "+f"(D[114]),  \
        "+f"(D[115]), "+f"(D[116]), "+f"(D[117]), "+f"(D[118]), "+f"(D[119]),  \
        "+f"(D[120]), "+f"(D[121]), "+f"(D[122]), "+f"(D[123]), "+f"(D[124]),  \
        "+f"(D[125]), "+f"(D[126]), "+f"(D[127])                               \
      : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "l"(DescB), "r"(1))
  if constexpr (Bf16)
    HEADROOM_WGMMA_M64N256K16_F32("bf16");
  else
    HEADROOM_WGMMA_M64N256K16_F32("f16");
#undef HEADROOM_WGMMA_M64N256K16_F32
#endif
}

template <bool Bf16>
__global__ void __launch_bounds__(BlockSize)
    wgmmaKernel(float *Out, ClockSample *Probe, unsigned Seed, int Iterations) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  __shared__ __align__(128) unsigned short Bs[TileN * 16];
  probeBegin(Probe);
  // Every 8 x 8 core matrix (64 elements) holds G: element e of row r.
  for (int I = threadIdx.x; I < TileN * 16; I += BlockSize) {
    float V = static_cast<float>(tensorG((I / 8) % 8, I % 8, Seed));
    if constexpr (Bf16) {
      __nv_bfloat16 H = __float2bfloat16_rn(V);
      Bs[I] = *reinterpret_cast<unsigned short *>(&H);
    } else {
      __half H = __float2half_rn(V);
      Bs[I] = *reinterpret_cast<unsigned short *>(&H);
    }
  }
  // The tensor cores read B through the async proxy.
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();

  unsigned Warp = threadIdx.x / 32, Lane = threadIdx.x & 31;
  unsigned A[4];
  aFragment<Bf16>(A, 16 * static_cast<int>(Warp), Lane, Seed);
  float D[Registers];
#pragma unroll
  for (int J = 0; J < TileN / 8; ++J)
#pragma unroll
    for (int I = 0; I < 4; ++I) {
      int M, N;
      accumulatorPosition(I, Lane, M, N);
      D[4 * J + I] = static_cast<float>(
          tensorD0(16 * static_cast<int>(Warp) + M, 8 * J + N, 0, blockIdx.x));
    }
  unsigned long long Address =
      static_cast<unsigned>(__cvta_generic_to_shared(Bs));
  unsigned long long DescB = ((Address & 0x3FFFF) >> 4) |
                             (static_cast<unsigned long long>(128 >> 4) << 16) |
                             (static_cast<unsigned long long>(256 >> 4) << 32);
  for (int It = 0; It < Iterations; ++It) {
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
    for (int U = 0; U < Unroll; ++U)
      wgmma64x256x16<Bf16>(D, A, DescB);
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  float *Dst =
      Out +
      (static_cast<size_t>(blockIdx.x) * BlockSize + threadIdx.x) * Registers;
#pragma unroll
  for (int I = 0; I < Registers; I += 4)
    *reinterpret_cast<float4 *>(Dst + I) =
        make_float4(D[I], D[I + 1], D[I + 2], D[I + 3]);
  probeEnd(Probe);
#endif
}

/// The wgmma benchmark, as runTensorBenchmark runs it.
template <bool Bf16Operands> struct Wgmma {
  static constexpr bool Bf16 = Bf16Operands;
  static constexpr int ThreadsPerBlock = BlockSize, StepsPerIteration = Unroll;
  static constexpr unsigned Seed = 0x27d4eb2fu % 1009u;
  static constexpr auto Kernel = wgmmaKernel<Bf16>;

  static size_t outputFloats(int Blocks) {
    return static_cast<size_t>(Blocks) * BlockSize * Registers;
  }
  static double flop(int Blocks, long long Steps) {
    return static_cast<double>(Blocks) * Steps * 2.0 * 64 * TileN * 16;
  }

  static void check(const char *Name, const std::vector<float> &Host,
                    int Blocks, long long Steps) {
    // Product[m][c]: row m of A times column c of B (which depends on c
    // mod 8).
    int Product[64][8];
    for (int M = 0; M < 64; ++M)
      for (int C = 0; C < 8; ++C) {
        Product[M][C] = 0;
        for (int K = 0; K < 16; ++K)
          Product[M][C] += tensorA(M, K, Seed) * tensorG(C, K % 8, Seed);
      }
    size_t Threads = static_cast<size_t>(Blocks) * BlockSize;
    for (size_t T = 0; T < Threads; ++T) {
      unsigned Block = static_cast<unsigned>(T / BlockSize);
      int Warp = static_cast<int>(T % BlockSize / 32);
      unsigned Lane = static_cast<unsigned>(T % 32);
      for (int R = 0; R < Registers; ++R) {
        int M, N;
        accumulatorPosition(R % 4, Lane, M, N);
        M += 16 * Warp;
        N += 8 * (R / 4);
        float Want = static_cast<float>(tensorD0(M, N, 0, Block) +
                                        Steps * Product[M][N % 8]);
        float Got = Host[T * Registers + R];
        if (Got != Want) {
          char Buf[160];
          std::snprintf(Buf, sizeof(Buf),
                        "block %u element (%d, %d): got %.9g, expected %.9g",
                        Block, M, N, Got, Want);
          throwWrongResult(Name, Buf);
        }
      }
    }
  }

  static std::string describe(const TensorLaunch &L) {
    char Text[500];
    std::snprintf(
        Text, sizeof(Text),
        "wgmma.mma_async.sync.aligned.m64n256k16.f32.%s.%s (HGMMA, 524288 "
        "FLOP each), A in registers, B in shared memory (K-major, no "
        "swizzle), fp32 accumulation; one warpgroup per block, %d wgmmas per "
        "commit group, at most 2 groups in flight, %d iterations; %d blocks "
        "x %d threads (%d per SM, %d registers per thread)",
        Bf16 ? "bf16" : "f16", Bf16 ? "bf16" : "f16", Unroll, L.Iterations,
        L.Blocks, BlockSize, L.BlocksPerSm, L.RegistersPerThread);
    return Text;
  }
  static const char *peakNote(const cudaDeviceProp &) { return ""; }
};

} // namespace

void runTensorWgmma(Context &Ctx) {
  const cudaDeviceProp &P = Ctx.props();
  if (P.major != 9 || P.minor != 0) {
    Ctx.progress("  tensor_wgmma: skipped (wgmma is built for sm_90a only; "
                 "this GPU is compute capability " +
                 std::to_string(P.major) + "." + std::to_string(P.minor) + ")");
    return;
  }
  runTensorBenchmark<Wgmma<false>>(Ctx, "tensor_fp16_wgmma");
  runTensorBenchmark<Wgmma<true>>(Ctx, "tensor_bf16_wgmma");
}

} // namespace headroom::microbench
