//===- histogram.cu - 256-bin byte histograms: global vs shared atomics ---===//
///
/// \file
/// Histograms are atomics-bound, and how badly depends on the data:
///   - global: every byte is one atomicAdd on a 1 KB array of 256 bins in
///     L2; with uniform bytes the atomics spread over 256 addresses, with
///     skewed bytes (90% in one bin) nearly all of them serialize on one
///     address (kept to n <= 64M so that a run stays under ~50 ms);
///   - shared: each block privatizes the histogram in shared memory (shared
///     atomics; with skewed bytes most lanes of a warp collide on one bank
///     word) and merges it with 256 global atomics at the end.
/// Each thread reads its bytes four at a time (one 32-bit word). The bins
/// accumulate across the timed repeats (same work each time; unsigned
/// wrap-around is harmless); the checked run starts from zeroed bins and
/// must match the host's counts exactly.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

using namespace validation;

namespace {

constexpr unsigned Bins = 256;

/// One word of four bytes per thread, one global atomic per byte.
__global__ void histGlobalKernel(const unsigned *Words, unsigned *Hist,
                                 size_t NWords) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= NWords)
    return;
  unsigned W = Words[I];
#pragma unroll
  for (int B = 0; B < 4; ++B)
    atomicAdd(&Hist[(W >> (8 * B)) & 0xFF], 1u);
}

constexpr unsigned SharedBlock = 256;

/// A grid-stride loop over words with atomics on a per-block histogram in
/// shared memory, merged into the global one at the end.
__global__ void histSharedKernel(const unsigned *Words, unsigned *Hist,
                                 size_t NWords) {
  __shared__ unsigned Local[Bins];
  for (unsigned B = threadIdx.x; B < Bins; B += blockDim.x)
    Local[B] = 0;
  __syncthreads();
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < NWords;
       I += size_t(gridDim.x) * blockDim.x) {
    unsigned W = Words[I];
#pragma unroll
    for (int B = 0; B < 4; ++B)
      atomicAdd(&Local[(W >> (8 * B)) & 0xFF], 1u);
  }
  __syncthreads();
  for (unsigned B = threadIdx.x; B < Bins; B += blockDim.x)
    if (Local[B])
      atomicAdd(&Hist[B], Local[B]);
}

/// N bytes (N a multiple of 8): uniform, or 90% equal to 7 and the rest
/// uniform.
std::vector<unsigned char> makeBytes(size_t N, bool Skewed) {
  std::vector<unsigned char> Bytes(N);
  const size_t Words64 = N / 8;
  parallelChunks((Words64 + RandomChunk - 1) / RandomChunk,
                 [&](size_t First, size_t Last) {
                   for (size_t C = First; C < Last; ++C) {
                     Random Rng(41 * 0x9E3779B97F4A7C15ull + C);
                     size_t End = std::min(Words64, (C + 1) * RandomChunk);
                     for (size_t W = C * RandomChunk; W < End; ++W) {
                       std::uint64_t X = Rng.next();
                       for (int B = 0; B < 8; ++B) {
                         unsigned char V = (X >> (8 * B)) & 0xFF;
                         if (Skewed)
                           V = Rng.below(10) == 0 ? V : 7;
                         Bytes[8 * W + B] = V;
                       }
                     }
                   }
                 });
  return Bytes;
}

template <bool Shared> void histCase(Run &R, size_t N, bool Skewed) {
  std::vector<unsigned char> Bytes = makeBytes(N, Skewed);
  std::vector<unsigned> Want(Bins, 0);
  for (unsigned char B : Bytes)
    ++Want[B];
  const size_t NWords = N / 4;
  DeviceBuffer<unsigned char> In(N);
  DeviceBuffer<unsigned> Hist(Bins);
  In.upload(Bytes);
  Hist.zero();
  const unsigned *Words = reinterpret_cast<const unsigned *>(In.get());
  int Sms = 0;
  VCHECK(cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, 0));
  // Eight blocks of 256 per SM: every thread resident, each doing many
  // words, so the merge (256 atomics per block) stays small.
  const unsigned SharedBlocks = static_cast<unsigned>(Sms) * 8;
  auto Seq = [&] {
    if (Shared)
      R.launch("histSharedKernel", [&] {
        histSharedKernel<<<SharedBlocks, SharedBlock>>>(Words, Hist, NWords);
      });
    else
      R.launch("histGlobalKernel", [&] {
        histGlobalKernel<<<blocksFor(NWords, 256), 256>>>(Words, Hist, NWords);
      });
  };
  R.first(Seq);
  R.check(mismatches(Hist.download(), Want), 0);
  R.repeat(Seq);
}

constexpr size_t M = size_t(1) << 20;

#define HIST_CASE(NAME, SHARED, SKEWED, S, EXPECT, TEXT)                       \
  VALIDATION_REGISTER("histogram." NAME ".n" #S "M", "histogram", TEXT,        \
                      EXPECT,                                                  \
                      [](Run &R) { histCase<SHARED>(R, S * M, SKEWED); });

HIST_CASE("global.uniform", false, false, 16, Expect::Latency,
          "256-bin byte histogram, global atomics, uniform bytes")
HIST_CASE("global.uniform", false, false, 256, Expect::Latency,
          "256-bin byte histogram, global atomics, uniform bytes")
HIST_CASE("global.skewed", false, true, 16, Expect::Latency,
          "256-bin byte histogram, global atomics, 90% of bytes in one bin")
HIST_CASE("global.skewed", false, true, 64, Expect::Latency,
          "256-bin byte histogram, global atomics, 90% of bytes in one bin")
HIST_CASE("shared.uniform", true, false, 16, Expect::Mixed,
          "256-bin byte histogram privatized in shared memory, uniform bytes")
HIST_CASE("shared.uniform", true, false, 256, Expect::Mixed,
          "256-bin byte histogram privatized in shared memory, uniform bytes")
HIST_CASE("shared.skewed", true, true, 16, Expect::Latency,
          "256-bin byte histogram privatized in shared memory, 90% of bytes "
          "in one bin")
HIST_CASE("shared.skewed", true, true, 256, Expect::Latency,
          "256-bin byte histogram privatized in shared memory, 90% of bytes "
          "in one bin")

} // namespace
