//===- sort.cu - Bitonic sort of unsigned ints: many launches -------------===//
///
/// \file
/// Bitonic sort of 2^20 to 2^24 keys in place, as a long sequence of short
/// kernels: the corpus' launch-count and L2-residency case.
///   - global: one launch of bitonicStepKernel per (k, j) stage, 210 to 300
///     launches of the same kernel per sort; each launch reads and writes the
///     whole array once with a pair stride j, so the 4 MB and 16 MB arrays
///     stay in L2 across launches (each launch a few microseconds: launch
///     and tail latency) and the 64 MB one does not;
///   - shared: the stages whose pairs lie inside one 2048-key tile
///     (j <= 1024) run in shared memory, all of them in one launch per k
///     (and one launch sorts the tiles for every k <= 2048), the rest as
///     above: 55 to 105 launches, fewer passes over memory.
/// The timed repeats sort already-sorted data: the network does the same
/// work whatever the keys. The check compares with std::sort.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

#include <algorithm>

using namespace validation;

namespace {

/// The compare-exchange of keys Lo < Hi (indices) of stage (K, J): the
/// sequence of K keys containing Lo sorts ascending iff bit K of Lo is 0.
__device__ void compareExchange(unsigned &A, unsigned &B, bool Ascending) {
  if (Ascending ? A > B : A < B) {
    unsigned T = A;
    A = B;
    B = T;
  }
}

/// One (K, J) stage over the whole array: thread T owns the pair whose
/// lower index is T with a zero bit inserted at position log2(J).
__global__ void bitonicStepKernel(unsigned *Keys, unsigned J, unsigned K,
                                  unsigned Pairs) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= Pairs)
    return;
  unsigned Lo = ((T & ~(J - 1)) << 1) | (T & (J - 1));
  unsigned Hi = Lo + J;
  unsigned A = Keys[Lo], B = Keys[Hi];
  compareExchange(A, B, (Lo & K) == 0);
  Keys[Lo] = A;
  Keys[Hi] = B;
}

constexpr unsigned TileKeys = 2048, TileThreads = TileKeys / 2;

/// The stages (K, J) with J from \p JStart down to 1 on the block's tile in
/// shared memory; \p Base is the tile's first global index (directions
/// depend on global indices).
__device__ void tileStages(unsigned *S, unsigned Base, unsigned K,
                           unsigned JStart) {
  const unsigned T = threadIdx.x;
  for (unsigned J = JStart; J > 0; J /= 2) {
    __syncthreads();
    unsigned Lo = ((T & ~(J - 1)) << 1) | (T & (J - 1));
    compareExchange(S[Lo], S[Lo + J], ((Base + Lo) & K) == 0);
  }
}

/// Sorts every 2048-key tile, alternately ascending and descending (all the
/// stages with K <= 2048), in one launch.
__global__ void bitonicSortTileKernel(unsigned *Keys) {
  __shared__ unsigned S[TileKeys];
  const unsigned Base = blockIdx.x * TileKeys;
  S[threadIdx.x] = Keys[Base + threadIdx.x];
  S[threadIdx.x + TileThreads] = Keys[Base + threadIdx.x + TileThreads];
  for (unsigned K = 2; K <= TileKeys; K *= 2)
    tileStages(S, Base, K, K / 2);
  __syncthreads();
  Keys[Base + threadIdx.x] = S[threadIdx.x];
  Keys[Base + threadIdx.x + TileThreads] = S[threadIdx.x + TileThreads];
}

/// The stages (K, J) with J = 1024 down to 1 of one K > 2048: every pair
/// lies inside one tile.
__global__ void bitonicMergeTileKernel(unsigned *Keys, unsigned K) {
  __shared__ unsigned S[TileKeys];
  const unsigned Base = blockIdx.x * TileKeys;
  S[threadIdx.x] = Keys[Base + threadIdx.x];
  S[threadIdx.x + TileThreads] = Keys[Base + threadIdx.x + TileThreads];
  tileStages(S, Base, K, TileKeys / 2);
  __syncthreads();
  Keys[Base + threadIdx.x] = S[threadIdx.x];
  Keys[Base + threadIdx.x + TileThreads] = S[threadIdx.x + TileThreads];
}

template <bool Shared> void sortCase(Run &R, unsigned LogN) {
  const unsigned N = 1u << LogN, Pairs = N / 2;
  std::vector<unsigned> Host(N);
  Random Rng(51);
  for (unsigned &X : Host)
    X = static_cast<unsigned>(Rng.next() >> 32);
  std::vector<unsigned> Want = Host;
  std::sort(Want.begin(), Want.end());
  DeviceBuffer<unsigned> Keys(N);
  Keys.upload(Host);
  auto Step = [&](unsigned K, unsigned J) {
    R.launch("bitonicStepKernel", [&] {
      bitonicStepKernel<<<blocksFor(Pairs, 256), 256>>>(Keys, J, K, Pairs);
    });
  };
  auto Seq = [&] {
    if (!Shared) {
      for (unsigned K = 2; K <= N; K *= 2)
        for (unsigned J = K / 2; J > 0; J /= 2)
          Step(K, J);
      return;
    }
    R.launch("bitonicSortTileKernel", [&] {
      bitonicSortTileKernel<<<N / TileKeys, TileThreads>>>(Keys);
    });
    for (unsigned K = 2 * TileKeys; K <= N; K *= 2) {
      for (unsigned J = K / 2; J >= TileKeys; J /= 2)
        Step(K, J);
      R.launch("bitonicMergeTileKernel", [&] {
        bitonicMergeTileKernel<<<N / TileKeys, TileThreads>>>(Keys, K);
      });
    }
  };
  R.first(Seq);
  R.check(mismatches(Keys.download(), Want), 0);
  R.repeat(Seq);
}

#define SORT_CASES(LOG, S)                                                     \
  VALIDATION_REGISTER("sort.bitonic.global.n" #S, "sort",                      \
                      "bitonic sort of 2^" #LOG " uints, one launch per "      \
                      "(k, j) stage",                                          \
                      Expect::Latency,                                         \
                      [](Run &R) { sortCase<false>(R, LOG); });                \
  VALIDATION_REGISTER("sort.bitonic.shared.n" #S, "sort",                      \
                      "bitonic sort of 2^" #LOG " uints, stages with j <= "    \
                      "1024 in shared memory, one launch per k",               \
                      Expect::Mixed, [](Run &R) { sortCase<true>(R, LOG); });

SORT_CASES(20, 1M)
SORT_CASES(22, 4M)
SORT_CASES(24, 16M)

} // namespace
