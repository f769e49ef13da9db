//===- tensor.cu - FP16 matrix products on the tensor cores through WMMA --===//
///
/// \file
/// C = A * B with fp16 inputs and fp32 accumulation through the warp-level
/// WMMA API (nvcuda::wmma, 16x16x16 fragments; HMMA instructions in SASS).
/// The tensor pipe can do far more arithmetic than either kernel can feed, so
/// these cases ask whether a model sees what starves it:
///
///   global   one warp per 16x16 output tile, fragments loaded straight from
///            global memory: every HMMA waits on L1/L2 loads of its operands
///   smem     a 128x128 block tile, 8 warps of 64x32 outputs each, A and B
///            staged through padded shared memory 32 columns of K at a time:
///            far fewer global loads, the shared-memory and barrier path and
///            the HMMA pipe now compete
///
/// Sizes 1024 (a partial wave of blocks for smem) to 8192 (4096 for global,
/// whose 8192 would take ~40 ms a launch). Inputs are uniform in [-1, 1]
/// rounded to half; a deterministic sample of outputs (16 rows x 64 columns)
/// is checked against a double product of the same rounded halves, and every
/// output must be finite. (The Hopper-only wgmma GEMM is in tensor_wgmma.cu,
/// built for sm_90a.)
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

#include <cuda_fp16.h>
#include <mma.h>

using namespace validation;
using namespace nvcuda;

namespace {

/// Four warps per block in a 2x2 arrangement: a 32x32 block tile, one 16x16
/// output tile per warp, K in steps of 16, A and B fragments loaded from
/// global memory. N must be a multiple of 32.
__global__ void __launch_bounds__(128)
    wmmaGlobalKernel(const half *__restrict__ A, const half *__restrict__ B,
                     float *__restrict__ C, int N) {
  int Warp = threadIdx.x / 32;
  size_t Row = static_cast<size_t>(blockIdx.y) * 32 + (Warp / 2) * 16;
  size_t Col = static_cast<size_t>(blockIdx.x) * 32 + (Warp % 2) * 16;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> Af;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> Bf;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> Cf;
  wmma::fill_fragment(Cf, 0.0f);
  for (int K = 0; K < N; K += 16) {
    wmma::load_matrix_sync(Af, A + Row * N + K, N);
    wmma::load_matrix_sync(Bf, B + static_cast<size_t>(K) * N + Col, N);
    wmma::mma_sync(Cf, Af, Bf, Cf);
  }
  wmma::store_matrix_sync(C + Row * N + Col, Cf, N, wmma::mem_row_major);
}

// The shared-memory tiled kernel: block tile 128x128, K step 32, 8 warps as
// 2 (rows) x 4 (columns), each warp 64x32 outputs = 4x2 accumulator
// fragments. Rows of the shared tiles are padded by 8 halves (16 bytes) so
// that the fragment loads do not all hit the same banks; every fragment
// pointer stays 32-byte aligned (rows of 80 and 272 bytes, 16-row steps).
constexpr int TBM = 128, TBN = 128, TBK = 32, Pad = 8, TThreads = 256;
constexpr int ALd = TBK + Pad, BLd = TBN + Pad;
static_assert(TBM * TBK / 8 == 2 * TThreads && TBK * TBN / 8 == 2 * TThreads,
              "two 16-byte chunks of A and of B per thread");

/// N must be a multiple of 128.
__global__ void __launch_bounds__(TThreads)
    wmmaSmemKernel(const half *__restrict__ A, const half *__restrict__ B,
                   float *__restrict__ C, int N) {
  __shared__ __align__(128) half As[TBM * ALd];
  __shared__ __align__(128) half Bs[TBK * BLd];
  int Tid = threadIdx.x, Warp = Tid / 32;
  int WarpRow = Warp / 4, WarpCol = Warp % 4;
  size_t RowBase = static_cast<size_t>(blockIdx.y) * TBM;
  size_t ColBase = static_cast<size_t>(blockIdx.x) * TBN;

  wmma::fragment<wmma::accumulator, 16, 16, 16, float> Cf[4][2];
#pragma unroll
  for (int I = 0; I < 4; ++I)
#pragma unroll
    for (int J = 0; J < 2; ++J)
      wmma::fill_fragment(Cf[I][J], 0.0f);

  for (int K0 = 0; K0 < N; K0 += TBK) {
#pragma unroll
    for (int P = 0; P < 2; ++P) {
      int Idx = Tid + P * TThreads;
      // A: 128 rows of 4 chunks of 8 halves.
      int Ar = Idx / (TBK / 8), Ac = (Idx % (TBK / 8)) * 8;
      *reinterpret_cast<uint4 *>(&As[Ar * ALd + Ac]) =
          *reinterpret_cast<const uint4 *>(A + (RowBase + Ar) * N + K0 + Ac);
      // B: 32 rows of 16 chunks of 8 halves.
      int Br = Idx / (TBN / 8), Bc = (Idx % (TBN / 8)) * 8;
      *reinterpret_cast<uint4 *>(&Bs[Br * BLd + Bc]) =
          *reinterpret_cast<const uint4 *>(
              B + static_cast<size_t>(K0 + Br) * N + ColBase + Bc);
    }
    __syncthreads();
#pragma unroll
    for (int KK = 0; KK < TBK; KK += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> Af[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> Bf[2];
#pragma unroll
      for (int I = 0; I < 4; ++I)
        wmma::load_matrix_sync(Af[I], &As[(WarpRow * 64 + I * 16) * ALd + KK],
                               ALd);
#pragma unroll
      for (int J = 0; J < 2; ++J)
        wmma::load_matrix_sync(Bf[J], &Bs[KK * BLd + WarpCol * 32 + J * 16],
                               BLd);
#pragma unroll
      for (int I = 0; I < 4; ++I)
#pragma unroll
        for (int J = 0; J < 2; ++J)
          wmma::mma_sync(Cf[I][J], Af[I], Bf[J], Cf[I][J]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int I = 0; I < 4; ++I)
#pragma unroll
    for (int J = 0; J < 2; ++J)
      wmma::store_matrix_sync(C + (RowBase + WarpRow * 64 + I * 16) * N +
                                  ColBase + WarpCol * 32 + J * 16,
                              Cf[I][J], N, wmma::mem_row_major);
}

/// N*N values uniform in [-1, 1] rounded to half: the halves for the device,
/// their exact values as float for the reference.
void halfMatrix(size_t Elems, std::uint64_t Seed, std::vector<half> &H,
                std::vector<float> &F) {
  Random Rng(Seed);
  H.resize(Elems);
  F.resize(Elems);
  for (size_t I = 0; I < Elems; ++I) {
    H[I] = __float2half_rn(static_cast<float>(Rng.uniform()));
    F[I] = __half2float(H[I]);
  }
}

/// The relative L2 error of 16 rows x 64 columns of C (from a fixed seed, the
/// first and last row and column included) against a double product of the
/// rounded inputs; NaN if any element of C is not finite.
double sampledError(const std::vector<float> &C, const std::vector<float> &A,
                    const std::vector<float> &B, int N) {
  for (float V : C)
    if (!std::isfinite(V))
      return NAN;
  Random Rng(78);
  std::vector<int> Rows(16), Cols(64);
  for (int &R : Rows)
    R = static_cast<int>(Rng.below(N));
  for (int &Cl : Cols)
    Cl = static_cast<int>(Rng.below(N));
  Rows.front() = 0;
  Rows.back() = N - 1;
  Cols.front() = 0;
  Cols.back() = N - 1;
  std::vector<double> Got, Want, Column(N);
  for (int Cl : Cols) {
    for (int K = 0; K < N; ++K)
      Column[K] = B[static_cast<size_t>(K) * N + Cl];
    for (int R : Rows) {
      const float *ARow = A.data() + static_cast<size_t>(R) * N;
      double Sum = 0;
      for (int K = 0; K < N; ++K)
        Sum += static_cast<double>(ARow[K]) * Column[K];
      Want.push_back(Sum);
      Got.push_back(C[static_cast<size_t>(R) * N + Cl]);
    }
  }
  return relativeError(Got, Want);
}

template <bool Smem> void wmmaCase(Run &R, int N) {
  if (N % 128 != 0) {
    std::fprintf(stderr, "tensor: N = %d is not a multiple of 128\n", N);
    std::exit(2);
  }
  size_t Elems = static_cast<size_t>(N) * N;
  std::vector<half> Ah, Bh;
  std::vector<float> Af, Bf;
  halfMatrix(Elems, 21, Ah, Af);
  halfMatrix(Elems, 22, Bh, Bf);
  DeviceBuffer<half> Da(Elems), Db(Elems);
  DeviceBuffer<float> Dc(Elems);
  Da.upload(Ah);
  Db.upload(Bh);
  Dc.poison();
  auto Seq = [&] {
    if (Smem)
      R.launch("wmmaSmemKernel", [&] {
        dim3 Grid(N / TBN, N / TBM);
        wmmaSmemKernel<<<Grid, TThreads>>>(Da, Db, Dc, N);
      });
    else
      R.launch("wmmaGlobalKernel", [&] {
        dim3 Grid(N / 32, N / 32);
        wmmaGlobalKernel<<<Grid, 128>>>(Da, Db, Dc, N);
      });
  };
  R.first(Seq);
  // Exact products, fp32 sums of N terms in another order: ~1e-6 relative.
  R.check(sampledError(Dc.download(), Af, Bf, N), 1e-3);
  R.repeat(Seq);
}

#define WMMA_GLOBAL_CASE(N)                                                    \
  VALIDATION_REGISTER("tensor.wmma.global.n" #N, "tensor",                     \
                      "fp16 C = A B (fp32 accumulation), WMMA 16x16x16, one "  \
                      "warp per 16x16 tile, fragments from global memory",     \
                      Expect::Memory, [](Run &R) { wmmaCase<false>(R, N); });
#define WMMA_SMEM_CASE(N)                                                      \
  VALIDATION_REGISTER("tensor.wmma.smem.n" #N, "tensor",                       \
                      "fp16 C = A B (fp32 accumulation), WMMA, 128x128 block " \
                      "tile of 8 warps staged through shared memory",          \
                      Expect::Compute, [](Run &R) { wmmaCase<true>(R, N); });

WMMA_GLOBAL_CASE(1024)
WMMA_GLOBAL_CASE(2048)
WMMA_GLOBAL_CASE(4096)
WMMA_SMEM_CASE(1024)
WMMA_SMEM_CASE(2048)
WMMA_SMEM_CASE(4096)
WMMA_SMEM_CASE(8192)

} // namespace
