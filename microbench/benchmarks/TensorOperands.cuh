//===- TensorOperands.cuh - Tensor-core benchmark operands -----*- CUDA -*-===//
///
/// \file
/// The matrices tensor_mma.cu and tensor_wgmma.cu multiply, and the register
/// fragments of the m16n8k16 shape that both use for A (PTX ISA, "Matrix
/// Fragments for mma.m16n8k16"; a wgmma warpgroup's warp w holds rows
/// 16w..16w+15 of A in the same layout).
///
/// Entries are -1, 0 or 1, exact in fp16 and bf16, so that with fp32
/// accumulation D = D0 + Steps * (A x B) is exact while every value stays
/// below 2^24: the host checks every accumulator bit-exactly. Each value
/// depends on a run-time seed, so no product is known at compile time.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_BENCHMARKS_TENSOROPERANDS_CUH
#define HEADROOM_MICROBENCH_BENCHMARKS_TENSOROPERANDS_CUH

#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace headroom::microbench {

/// A(m, k) in {-1, 0, 1}.
__host__ __device__ inline int tensorA(int M, int K, unsigned Seed) {
  return static_cast<int>((M * 7u + K * 3u + Seed) % 3u) - 1;
}

/// B(k, n) in {-1, 0, 1} for mma.sync.
__host__ __device__ inline int tensorB(int K, int N, unsigned Seed) {
  return static_cast<int>((K * 5u + N * 11u + Seed * 3u + 1u) % 3u) - 1;
}

/// The initial accumulator of element (m, n) of chain C in block Block, in
/// {-2, ..., 2}.
__host__ __device__ inline int tensorD0(int M, int N, int Chain,
                                        unsigned Block) {
  return static_cast<int>((M + 3u * N + 5u * Chain + Block) % 5u) - 2;
}

/// Two 16-bit values (Lo at the lower index) packed as the 32-bit register
/// of an .f16x2 or .bf16x2 fragment element.
template <bool Bf16> __device__ inline unsigned packPair(int Lo, int Hi) {
  if constexpr (Bf16) {
    __nv_bfloat162 V =
        __floats2bfloat162_rn(static_cast<float>(Lo), static_cast<float>(Hi));
    return *reinterpret_cast<unsigned *>(&V);
  } else {
    __half2 V =
        __floats2half2_rn(static_cast<float>(Lo), static_cast<float>(Hi));
    return *reinterpret_cast<unsigned *>(&V);
  }
}

/// The A fragment of lane Lane for rows Row0..Row0+15 of A: registers hold
/// (row g, k 2t..2t+1), (g+8, 2t..), (g, 2t+8..), (g+8, 2t+8..), where
/// g = lane / 4 and t = lane % 4.
template <bool Bf16>
__device__ inline void aFragment(unsigned (&R)[4], int Row0, unsigned Lane,
                                 unsigned Seed) {
  int G = static_cast<int>(Lane >> 2), T = static_cast<int>(Lane & 3);
#pragma unroll
  for (int I = 0; I < 4; ++I) {
    int M = Row0 + G + (I & 1) * 8, K = 2 * T + (I >> 1) * 8;
    R[I] = packPair<Bf16>(tensorA(M, K, Seed), tensorA(M, K + 1, Seed));
  }
}

/// Row and column of accumulator register I (0..3) of an m16n8 tile for lane
/// Lane: (g, 2t), (g, 2t+1), (g+8, 2t), (g+8, 2t+1).
__host__ __device__ inline void accumulatorPosition(int I, unsigned Lane,
                                                    int &M, int &N) {
  M = static_cast<int>(Lane >> 2) + (I >> 1) * 8;
  N = 2 * static_cast<int>(Lane & 3) + (I & 1);
}

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_BENCHMARKS_TENSOROPERANDS_CUH
