//===- gemm.cu - Dense matrix products on the CUDA cores: SGEMM and DGEMM -===//
///
/// \file
/// C = A * B for square row-major matrices on the FP32 and FP64 pipes (no
/// tensor cores), in the classic ladder of optimizations, because each rung
/// moves the limit somewhere else at the same arithmetic:
///
///   naive      one thread per output, every operand from global memory:
///              bound by the L1/LSU path (two loads per FMA), not by FLOPs
///   tiled16/32 16x16 or 32x32 shared-memory tiles: loads from global drop by
///              the tile width, the shared-memory pipe (two shared loads per
///              FMA) and barriers become the limit
///   regtile    a 128x128 block tile, 8x8 outputs per thread held in
///              registers: eight FMAs per shared-memory load, close to the
///              FP32 pipe's limit
///
/// DGEMM repeats naive and tiled16 on the FP64 pipe (half the FP32 rate on
/// Hopper). Sizes run from 512 (a few blocks: the grid does not fill the GPU)
/// to 4096. The check compares a deterministic sample of outputs (16 rows x 64
/// columns, corners included) against a double-precision reference, and
/// requires every output to be finite so that an unwritten one fails.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

#include <type_traits>

using namespace validation;

namespace {

/// One thread per output; a warp covers 32 consecutive columns of one row,
/// so B's loads are coalesced and A's are a broadcast.
template <class T>
__global__ void gemmNaiveKernel(const T *__restrict__ A,
                                const T *__restrict__ B, T *__restrict__ C,
                                int N) {
  int Col = blockIdx.x * blockDim.x + threadIdx.x;
  int Row = blockIdx.y * blockDim.y + threadIdx.y;
  if (Row >= N || Col >= N)
    return;
  const T *ARow = A + static_cast<size_t>(Row) * N;
  T Acc = 0;
  for (int K = 0; K < N; ++K)
    Acc += ARow[K] * B[static_cast<size_t>(K) * N + Col];
  C[static_cast<size_t>(Row) * N + Col] = Acc;
}

/// Tile x Tile threads, one output each; A and B pass through shared memory
/// one Tile x Tile tile at a time. N must be a multiple of Tile.
template <class T, int Tile>
__global__ void gemmTiledKernel(const T *__restrict__ A,
                                const T *__restrict__ B, T *__restrict__ C,
                                int N) {
  __shared__ T As[Tile][Tile];
  __shared__ T Bs[Tile][Tile];
  int Tx = threadIdx.x, Ty = threadIdx.y;
  int Row = blockIdx.y * Tile + Ty, Col = blockIdx.x * Tile + Tx;
  T Acc = 0;
  for (int K0 = 0; K0 < N; K0 += Tile) {
    As[Ty][Tx] = A[static_cast<size_t>(Row) * N + K0 + Tx];
    Bs[Ty][Tx] = B[static_cast<size_t>(K0 + Ty) * N + Col];
    __syncthreads();
#pragma unroll
    for (int K = 0; K < Tile; ++K)
      Acc += As[Ty][K] * Bs[K][Tx];
    __syncthreads();
  }
  C[static_cast<size_t>(Row) * N + Col] = Acc;
}

// The register-tiled SGEMM: a 128x128 block tile, K in steps of 8, 256
// threads as a 16x16 grid, each thread an 8x8 block of outputs.
constexpr int RtBM = 128, RtBN = 128, RtBK = 8, RtTM = 8, RtTN = 8;
constexpr int RtThreads = (RtBM / RtTM) * (RtBN / RtTN);
static_assert(RtThreads == 256, "one float4 of A and of B per thread");
static_assert(RtBM * RtBK == 4 * RtThreads && RtBN * RtBK == 4 * RtThreads,
              "one float4 of A and of B per thread");

/// N must be a multiple of 128. A's tile is stored transposed (As[k][m]) so
/// that each thread reads its 8 rows of A as two float4.
__global__ void __launch_bounds__(RtThreads)
    sgemmRegTileKernel(const float *__restrict__ A, const float *__restrict__ B,
                       float *__restrict__ C, int N) {
  __shared__ __align__(16) float As[RtBK][RtBM];
  __shared__ __align__(16) float Bs[RtBK][RtBN];
  int Tid = threadIdx.x;
  int TRow = Tid / (RtBN / RtTN), TCol = Tid % (RtBN / RtTN);
  size_t RowBase = static_cast<size_t>(blockIdx.y) * RtBM;
  size_t ColBase = static_cast<size_t>(blockIdx.x) * RtBN;
  // Loader coordinates: A row ARow, k offset AK (4 floats); B row BK, column
  // BCol (4 floats).
  int ARow = Tid / 2, AK = (Tid % 2) * 4;
  int BK = Tid / (RtBN / 4), BCol = (Tid % (RtBN / 4)) * 4;
  const float *APtr = A + (RowBase + ARow) * N + AK;
  const float *BPtr = B + static_cast<size_t>(BK) * N + ColBase + BCol;

  float Acc[RtTM][RtTN];
#pragma unroll
  for (int I = 0; I < RtTM; ++I)
#pragma unroll
    for (int J = 0; J < RtTN; ++J)
      Acc[I][J] = 0.0f;

  for (int K0 = 0; K0 < N; K0 += RtBK) {
    float4 Av = *reinterpret_cast<const float4 *>(APtr + K0);
    float4 Bv =
        *reinterpret_cast<const float4 *>(BPtr + static_cast<size_t>(K0) * N);
    As[AK + 0][ARow] = Av.x;
    As[AK + 1][ARow] = Av.y;
    As[AK + 2][ARow] = Av.z;
    As[AK + 3][ARow] = Av.w;
    *reinterpret_cast<float4 *>(&Bs[BK][BCol]) = Bv;
    __syncthreads();
#pragma unroll
    for (int K = 0; K < RtBK; ++K) {
      float4 A0 = *reinterpret_cast<const float4 *>(&As[K][TRow * RtTM]);
      float4 A1 = *reinterpret_cast<const float4 *>(&As[K][TRow * RtTM + 4]);
      float4 B0 = *reinterpret_cast<const float4 *>(&Bs[K][TCol * RtTN]);
      float4 B1 = *reinterpret_cast<const float4 *>(&Bs[K][TCol * RtTN + 4]);
      float Ar[RtTM] = {A0.x, A0.y, A0.z, A0.w, A1.x, A1.y, A1.z, A1.w};
      float Br[RtTN] = {B0.x, B0.y, B0.z, B0.w, B1.x, B1.y, B1.z, B1.w};
#pragma unroll
      for (int I = 0; I < RtTM; ++I)
#pragma unroll
        for (int J = 0; J < RtTN; ++J)
          Acc[I][J] += Ar[I] * Br[J];
    }
    __syncthreads();
  }
#pragma unroll
  for (int I = 0; I < RtTM; ++I) {
    float *CPtr = C + (RowBase + TRow * RtTM + I) * N + ColBase + TCol * RtTN;
    *reinterpret_cast<float4 *>(CPtr) =
        make_float4(Acc[I][0], Acc[I][1], Acc[I][2], Acc[I][3]);
    *reinterpret_cast<float4 *>(CPtr + 4) =
        make_float4(Acc[I][4], Acc[I][5], Acc[I][6], Acc[I][7]);
  }
}

enum class Variant { Naive, Tiled16, Tiled32, RegTile };

/// The relative L2 error of 16 rows x 64 columns of C (rows and columns drawn
/// from a fixed seed, the first and last of each included) against a double
/// reference; NaN if any element of C is not finite.
template <class T>
double sampledError(const std::vector<T> &C, const std::vector<T> &A,
                    const std::vector<T> &B, int N) {
  for (T V : C)
    if (!std::isfinite(static_cast<double>(V)))
      return NAN;
  Random Rng(77);
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
      Column[K] = static_cast<double>(B[static_cast<size_t>(K) * N + Cl]);
    for (int R : Rows) {
      const T *ARow = A.data() + static_cast<size_t>(R) * N;
      double Sum = 0;
      for (int K = 0; K < N; ++K)
        Sum += static_cast<double>(ARow[K]) * Column[K];
      Want.push_back(Sum);
      Got.push_back(static_cast<double>(C[static_cast<size_t>(R) * N + Cl]));
    }
  }
  return relativeError(Got, Want);
}

template <class T> void gemmCase(Run &R, Variant V, int N) {
  if (N % 128 != 0) {
    std::fprintf(stderr, "gemm: N = %d is not a multiple of 128\n", N);
    std::exit(2);
  }
  size_t Elems = static_cast<size_t>(N) * N;
  std::vector<T> A = randomVector<T>(Elems, 11), B = randomVector<T>(Elems, 12);
  DeviceBuffer<T> Da(Elems), Db(Elems), Dc(Elems);
  Da.upload(A);
  Db.upload(B);
  Dc.poison();
  auto Seq = [&] {
    switch (V) {
    case Variant::Naive:
      R.launch("gemmNaiveKernel", [&] {
        dim3 Block(32, 8), Grid(N / 32, N / 8);
        gemmNaiveKernel<T><<<Grid, Block>>>(Da, Db, Dc, N);
      });
      break;
    case Variant::Tiled16:
      R.launch("gemmTiledKernel", [&] {
        dim3 Block(16, 16), Grid(N / 16, N / 16);
        gemmTiledKernel<T, 16><<<Grid, Block>>>(Da, Db, Dc, N);
      });
      break;
    case Variant::Tiled32:
      R.launch("gemmTiledKernel", [&] {
        dim3 Block(32, 32), Grid(N / 32, N / 32);
        gemmTiledKernel<T, 32><<<Grid, Block>>>(Da, Db, Dc, N);
      });
      break;
    case Variant::RegTile:
      if constexpr (std::is_same_v<T, float>) {
        R.launch("sgemmRegTileKernel", [&] {
          dim3 Grid(N / RtBN, N / RtBM);
          sgemmRegTileKernel<<<Grid, RtThreads>>>(Da, Db, Dc, N);
        });
      }
      break;
    }
  };
  R.first(Seq);
  // fp32: a sum of N products in another order, |error| ~ eps * sqrt(N).
  double Tolerance = std::is_same_v<T, float> ? 1e-4 : 1e-10;
  R.check(sampledError(Dc.download(), A, B, N), Tolerance);
  R.repeat(Seq);
}

#define SGEMM_CASE(KERNEL, VARIANT, EXPECT, DESC, N)                           \
  VALIDATION_REGISTER("gemm.sgemm." KERNEL ".n" #N, "gemm", DESC, EXPECT,      \
                      [](Run &R) { gemmCase<float>(R, VARIANT, N); });
#define DGEMM_CASE(KERNEL, VARIANT, EXPECT, DESC, N)                           \
  VALIDATION_REGISTER("gemm.dgemm." KERNEL ".n" #N, "gemm", DESC, EXPECT,      \
                      [](Run &R) { gemmCase<double>(R, VARIANT, N); });

#define SGEMM_NAIVE(N)                                                         \
  SGEMM_CASE("naive", Variant::Naive, Expect::Memory,                          \
             "fp32 C = A B, one thread per output, operands from global "      \
             "memory (L1-bound)",                                              \
             N)
#define SGEMM_TILED16(N)                                                       \
  SGEMM_CASE("tiled16", Variant::Tiled16, Expect::Mixed,                       \
             "fp32 C = A B, 16x16 shared-memory tiles, one output per thread", \
             N)
#define SGEMM_TILED32(N)                                                       \
  SGEMM_CASE("tiled32", Variant::Tiled32, Expect::Mixed,                       \
             "fp32 C = A B, 32x32 shared-memory tiles, one output per thread", \
             N)
#define SGEMM_REGTILE(N)                                                       \
  SGEMM_CASE("regtile", Variant::RegTile, Expect::Compute,                     \
             "fp32 C = A B, 128x128 block tile, 8x8 outputs per thread in "    \
             "registers",                                                      \
             N)
#define DGEMM_NAIVE(N)                                                         \
  DGEMM_CASE("naive", Variant::Naive, Expect::Memory,                          \
             "fp64 C = A B, one thread per output, operands from global "      \
             "memory",                                                         \
             N)
#define DGEMM_TILED16(N)                                                       \
  DGEMM_CASE("tiled16", Variant::Tiled16, Expect::Mixed,                       \
             "fp64 C = A B, 16x16 shared-memory tiles, one output per thread", \
             N)

SGEMM_NAIVE(512)
SGEMM_NAIVE(1024)
SGEMM_NAIVE(2048)
SGEMM_NAIVE(4096)
SGEMM_TILED16(1024)
SGEMM_TILED16(2048)
SGEMM_TILED16(4096)
SGEMM_TILED32(1024)
SGEMM_TILED32(2048)
SGEMM_TILED32(4096)
SGEMM_REGTILE(512)
SGEMM_REGTILE(1024)
SGEMM_REGTILE(2048)
SGEMM_REGTILE(4096)
DGEMM_NAIVE(1024)
DGEMM_NAIVE(2048)
DGEMM_NAIVE(4096)
DGEMM_TILED16(1024)
DGEMM_TILED16(2048)
DGEMM_TILED16(4096)

} // namespace
