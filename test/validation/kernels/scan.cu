//===- scan.cu - Inclusive prefix sums of ints in three kernels -----------===//
///
/// \file
/// The three-kernel scan: (1) every block scans its tile of 1024 ints in
/// shared memory and writes the tile's total, (2) one block scans the tile
/// totals (up to 64K of them, 1024 at a time with a running carry), (3) every
/// element adds its tile's offset. Two block-level scans for step (1):
///   - Hillis-Steele: 1024 threads, log2(1024) = 10 double-buffered steps,
///     O(n log n) shared-memory work and a barrier per step;
///   - Blelloch: 512 threads for 1024 elements, up-sweep then down-sweep,
///     O(n) work but strided shared accesses with bank conflicts (no
///     padding, on purpose).
/// Steps (1) and (3) stream the array (memory), step (2) is a single block
/// (latency). The result is exact: integer compare.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

using namespace validation;

namespace {

constexpr unsigned Tile = 1024;

/// Inclusive scan of a tile of 1024 elements, one per thread, in 10
/// ping-pong steps.
__global__ void scanHillisSteeleKernel(const int *In, int *Out, int *TileSums,
                                       size_t N) {
  __shared__ int Buf[2][Tile];
  const unsigned T = threadIdx.x;
  const size_t I = blockIdx.x * size_t(Tile) + T;
  Buf[0][T] = I < N ? In[I] : 0;
  __syncthreads();
  int Src = 0;
  for (unsigned Off = 1; Off < Tile; Off *= 2) {
    int V = Buf[Src][T];
    if (T >= Off)
      V += Buf[Src][T - Off];
    Buf[1 - Src][T] = V;
    Src = 1 - Src;
    // The next step reads what this one wrote and overwrites what it read.
    __syncthreads();
  }
  if (I < N)
    Out[I] = Buf[Src][T];
  if (T == Tile - 1)
    TileSums[blockIdx.x] = Buf[Src][T];
}

/// Work-efficient scan of a tile of 1024 elements by 512 threads: an
/// exclusive up-sweep/down-sweep, then each element adds itself back.
__global__ void scanBlellochKernel(const int *In, int *Out, int *TileSums,
                                   size_t N) {
  __shared__ int S[Tile];
  const unsigned T = threadIdx.x;
  const size_t Base = blockIdx.x * size_t(Tile);
  const size_t I0 = Base + T, I1 = Base + T + Tile / 2;
  const int V0 = I0 < N ? In[I0] : 0, V1 = I1 < N ? In[I1] : 0;
  S[T] = V0;
  S[T + Tile / 2] = V1;
  unsigned Off = 1;
  for (unsigned D = Tile / 2; D > 0; D /= 2) {
    __syncthreads();
    if (T < D) {
      unsigned A = Off * (2 * T + 1) - 1, B = Off * (2 * T + 2) - 1;
      S[B] += S[A];
    }
    Off *= 2;
  }
  // Thread 0 did the last up-sweep step: S[Tile - 1] is the tile's total.
  if (T == 0) {
    TileSums[blockIdx.x] = S[Tile - 1];
    S[Tile - 1] = 0;
  }
  for (unsigned D = 1; D < Tile; D *= 2) {
    Off /= 2;
    __syncthreads();
    if (T < D) {
      unsigned A = Off * (2 * T + 1) - 1, B = Off * (2 * T + 2) - 1;
      int X = S[A];
      S[A] = S[B];
      S[B] += X;
    }
  }
  __syncthreads();
  if (I0 < N)
    Out[I0] = S[T] + V0;
  if (I1 < N)
    Out[I1] = S[T + Tile / 2] + V1;
}

__device__ int warpInclusiveScan(int X) {
  const unsigned Lane = threadIdx.x % 32;
  for (unsigned Off = 1; Off < 32; Off *= 2) {
    int Y = __shfl_up_sync(0xffffffffu, X, Off);
    if (Lane >= Off)
      X += Y;
  }
  return X;
}

constexpr unsigned SumsBlock = 1024;

/// One block of 1024 threads turns the tile totals into exclusive offsets,
/// in place, 1024 at a time (warp scans, then a scan of the 32 warp totals),
/// carrying the running total from one chunk to the next.
__global__ void scanTileSumsKernel(int *Sums, unsigned Count) {
  __shared__ int WarpTotals[SumsBlock / 32];
  const unsigned Lane = threadIdx.x % 32, Warp = threadIdx.x / 32;
  int Carry = 0;
  for (unsigned Base = 0; Base < Count; Base += SumsBlock) {
    const unsigned I = Base + threadIdx.x;
    const int V = I < Count ? Sums[I] : 0;
    const int X = warpInclusiveScan(V);
    if (Lane == 31)
      WarpTotals[Warp] = X;
    __syncthreads();
    if (Warp == 0)
      WarpTotals[Lane] = warpInclusiveScan(WarpTotals[Lane]);
    __syncthreads();
    const int Before = Warp > 0 ? WarpTotals[Warp - 1] : 0;
    if (I < Count)
      Sums[I] = Carry + Before + X - V;
    Carry += WarpTotals[SumsBlock / 32 - 1];
    // Everyone has read WarpTotals before the next chunk rewrites it.
    __syncthreads();
  }
}

/// Adds each tile's offset to its elements (tile 0's offset is zero).
__global__ void addTileOffsetsKernel(int *Out, const int *Offsets, size_t N) {
  const size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    Out[I] += Offsets[I / Tile];
}

template <bool Blelloch> void scanCase(Run &R, size_t N) {
  std::vector<int> Host(N), Want(N);
  parallelChunks((N + RandomChunk - 1) / RandomChunk,
                 [&](size_t First, size_t Last) {
                   for (size_t C = First; C < Last; ++C) {
                     Random Rng(31 * 0x9E3779B97F4A7C15ull + C);
                     size_t End = std::min(N, (C + 1) * RandomChunk);
                     for (size_t I = C * RandomChunk; I < End; ++I)
                       Host[I] = static_cast<int>(Rng.below(16));
                   }
                 });
  // At most 15 * 64M < 2^31: no overflow.
  long long Acc = 0;
  for (size_t I = 0; I < N; ++I)
    Want[I] = static_cast<int>(Acc += Host[I]);
  const unsigned Tiles = blocksFor(N, Tile);
  DeviceBuffer<int> In(N), Out(N), Sums(Tiles);
  In.upload(Host);
  Out.poison();
  Sums.poison();
  auto Seq = [&] {
    if (Blelloch)
      R.launch("scanBlellochKernel", [&] {
        scanBlellochKernel<<<Tiles, Tile / 2>>>(In, Out, Sums, N);
      });
    else
      R.launch("scanHillisSteeleKernel", [&] {
        scanHillisSteeleKernel<<<Tiles, Tile>>>(In, Out, Sums, N);
      });
    R.launch("scanTileSumsKernel",
             [&] { scanTileSumsKernel<<<1, SumsBlock>>>(Sums, Tiles); });
    R.launch("addTileOffsetsKernel", [&] {
      addTileOffsetsKernel<<<blocksFor(N, 256), 256>>>(Out, Sums, N);
    });
  };
  R.first(Seq);
  R.check(mismatches(Out.download(), Want), 0);
  R.repeat(Seq);
}

constexpr size_t M = size_t(1) << 20;

#define SCAN_CASES(S)                                                          \
  VALIDATION_REGISTER("scan.inclusive.hillissteele.n" #S "M", "scan",          \
                      "inclusive int prefix sum: Hillis-Steele tiles, tile "   \
                      "sums, offsets",                                         \
                      Expect::Mixed,                                           \
                      [](Run &R) { scanCase<false>(R, S * M); });              \
  VALIDATION_REGISTER("scan.inclusive.blelloch.n" #S "M", "scan",              \
                      "inclusive int prefix sum: Blelloch tiles, tile sums, "  \
                      "offsets",                                               \
                      Expect::Mixed,                                           \
                      [](Run &R) { scanCase<true>(R, S * M); });

SCAN_CASES(1)
SCAN_CASES(16)
SCAN_CASES(64)

} // namespace
