//===- dram_bandwidth.cu - DRAM bandwidth (B_mem) -------------------------===//
///
/// \file
/// B_mem of thesis table 4.3 (section 4.2.3: the mean of read, write and copy
/// bandwidth on large arrays), plus the STREAM triad and copy bandwidth as a
/// function of resident warps.
///
/// Buffers are at least 8x the L2 (full runs: at least 2 GiB each, as memory
/// allows) so that every byte comes from DRAM. Kernels move 16-byte vectors
/// (uint4) through a grid-stride loop with Unroll independent accesses in
/// flight per thread before the first use. The grid shape, unroll depth and
/// cache hints (default, or streaming: ld.global.cs/st.global.cs) are chosen
/// per kernel by timing each candidate briefly; the best is then timed fully.
/// Bytes counted: read N, write N, copy 2N, triad 3N (each byte read or
/// written once).
///
/// Checks, all exact in 32-bit wrap-around arithmetic: the write kernel fills
/// word w with w*A + seed, whose sum has a closed form; the read kernel's sum
/// must equal it; the copy's destination (poisoned first) must sum to its
/// source's sum; the triad a = b + s*c must sum to sum(b) + s*sum(c).
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "core/PeakTables.h"
#include "harness/Context.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace headroom::microbench {
namespace {

constexpr unsigned PatternMul = 0x9E3779B1u;

template <bool Streaming>
__device__ __forceinline__ uint4 loadVec(const uint4 *P) {
  if constexpr (Streaming)
    return __ldcs(P);
  else
    return *P;
}

template <bool Streaming>
__device__ __forceinline__ void storeVec(uint4 *P, uint4 V) {
  if constexpr (Streaming)
    __stcs(P, V);
  else
    *P = V;
}

__device__ __forceinline__ unsigned sumVec(uint4 V) {
  return V.x + V.y + V.z + V.w;
}

/// Reduces Sum over the block and writes it to Partial[blockIdx.x].
__device__ __forceinline__ void blockSum(unsigned Sum, unsigned *Partial) {
  __shared__ unsigned WarpSums[32];
  for (int O = 16; O > 0; O >>= 1)
    Sum += __shfl_xor_sync(0xffffffffu, Sum, O);
  if ((threadIdx.x & 31) == 0)
    WarpSums[threadIdx.x >> 5] = Sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned Total = 0;
    for (unsigned W = 0; W < (blockDim.x + 31) / 32; ++W)
      Total += WarpSums[W];
    Partial[blockIdx.x] = Total;
  }
}

template <int Unroll, bool Streaming>
__global__ void readKernel(const uint4 *__restrict__ In, size_t N,
                           unsigned *Partial) {
  size_t Stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  size_t I = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  unsigned Sum = 0;
  for (; I + (Unroll - 1) * Stride < N; I += Unroll * Stride) {
    uint4 V[Unroll];
#pragma unroll
    for (int U = 0; U < Unroll; ++U)
      V[U] = loadVec<Streaming>(In + I + U * Stride);
#pragma unroll
    for (int U = 0; U < Unroll; ++U)
      Sum += sumVec(V[U]);
  }
  for (; I < N; I += Stride)
    Sum += sumVec(loadVec<Streaming>(In + I));
  blockSum(Sum, Partial);
}

__device__ __forceinline__ uint4 pattern(size_t I, unsigned Seed) {
  unsigned W = static_cast<unsigned>(I) * 4u;
  return make_uint4(W * PatternMul + Seed, (W + 1) * PatternMul + Seed,
                    (W + 2) * PatternMul + Seed, (W + 3) * PatternMul + Seed);
}

template <int Unroll, bool Streaming>
__global__ void writeKernel(uint4 *__restrict__ Out, size_t N, unsigned Seed) {
  size_t Stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  size_t I = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; I + (Unroll - 1) * Stride < N; I += Unroll * Stride) {
#pragma unroll
    for (int U = 0; U < Unroll; ++U)
      storeVec<Streaming>(Out + I + U * Stride, pattern(I + U * Stride, Seed));
  }
  for (; I < N; I += Stride)
    storeVec<Streaming>(Out + I, pattern(I, Seed));
}

template <int Unroll, bool Streaming>
__global__ void copyKernel(uint4 *__restrict__ Dst,
                           const uint4 *__restrict__ Src, size_t N) {
  size_t Stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  size_t I = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; I + (Unroll - 1) * Stride < N; I += Unroll * Stride) {
    uint4 V[Unroll];
#pragma unroll
    for (int U = 0; U < Unroll; ++U)
      V[U] = loadVec<Streaming>(Src + I + U * Stride);
#pragma unroll
    for (int U = 0; U < Unroll; ++U)
      storeVec<Streaming>(Dst + I + U * Stride, V[U]);
  }
  for (; I < N; I += Stride)
    storeVec<Streaming>(Dst + I, loadVec<Streaming>(Src + I));
}

__device__ __forceinline__ uint4 triadOp(uint4 B, uint4 C, unsigned S) {
  return make_uint4(B.x + S * C.x, B.y + S * C.y, B.z + S * C.z, B.w + S * C.w);
}

template <int Unroll, bool Streaming>
__global__ void triadKernel(uint4 *__restrict__ A, const uint4 *__restrict__ B,
                            const uint4 *__restrict__ C, size_t N, unsigned S) {
  size_t Stride = static_cast<size_t>(gridDim.x) * blockDim.x;
  size_t I = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; I + (Unroll - 1) * Stride < N; I += Unroll * Stride) {
    uint4 VB[Unroll], VC[Unroll];
#pragma unroll
    for (int U = 0; U < Unroll; ++U) {
      VB[U] = loadVec<Streaming>(B + I + U * Stride);
      VC[U] = loadVec<Streaming>(C + I + U * Stride);
    }
#pragma unroll
    for (int U = 0; U < Unroll; ++U)
      storeVec<Streaming>(A + I + U * Stride, triadOp(VB[U], VC[U], S));
  }
  for (; I < N; I += Stride)
    storeVec<Streaming>(A + I, triadOp(loadVec<Streaming>(B + I),
                                       loadVec<Streaming>(C + I), S));
}

/// Sum of the words written by writeKernel(seed) over N uint4, mod 2^32.
unsigned patternSum(size_t N, unsigned Seed) {
  unsigned long long M = static_cast<unsigned long long>(N) * 4; // words
  // sum_{w<M} w = M(M-1)/2, computed mod 2^64 (hence mod 2^32) exactly.
  unsigned long long Tri = (M % 2 == 0) ? (M / 2) * (M - 1) : M * ((M - 1) / 2);
  return static_cast<unsigned>(Tri) * PatternMul +
         static_cast<unsigned>(M) * Seed;
}

/// One launch configuration of a kernel family.
struct Config {
  int Unroll;
  bool Streaming;
  int BlockSize;
  int BlocksPerSm;
  std::string str() const {
    return std::to_string(BlockSize) + " threads x " +
           std::to_string(BlocksPerSm) + " blocks/SM, unroll " +
           std::to_string(Unroll) + (Streaming ? ", streaming hints" : "");
  }
};

/// The DRAM benchmark's state: three buffers and a partial-sum array.
class DramBench {
public:
  explicit DramBench(Context &Ctx) : Ctx(Ctx) {
    const cudaDeviceProp &P = Ctx.props();
    size_t Free = 0, Total = 0;
    HEADROOM_CUDA(cudaMemGetInfo(&Free, &Total));
    size_t L2x8 = static_cast<size_t>(P.l2CacheSize) * 8;
    size_t Want = Ctx.quick() ? std::max<size_t>(L2x8, size_t(256) << 20)
                              : std::max<size_t>(L2x8, size_t(2) << 30);
    size_t Fit = Free / 4; // three buffers plus headroom for others
    Bytes = std::min(Want, Fit) / (size_t(1) << 20) * (size_t(1) << 20);
    if (Bytes < L2x8)
      throw BenchmarkError("dram_bandwidth: " + std::to_string(Free >> 20) +
                           " MiB free is too little for three buffers of 8x "
                           "the L2 (" +
                           std::to_string(L2x8 >> 20) + " MiB)");
    N = Bytes / sizeof(uint4);
    for (uint4 *&Buf : Buffers)
      HEADROOM_CUDA(cudaMalloc(&Buf, Bytes));
    MaxBlocks = P.multiProcessorCount * 8;
    HEADROOM_CUDA(cudaMalloc(&Partial, sizeof(unsigned) * MaxBlocks * 4));
  }
  ~DramBench() {
    for (uint4 *Buf : Buffers)
      if (Buf)
        cudaFree(Buf);
    if (Partial)
      cudaFree(Partial);
  }

  void run();

private:
  template <int Unroll, bool Streaming>
  void launch(int Kind, const Config &C, unsigned Seed);
  void launch(int Kind, const Config &C, unsigned Seed);
  /// Fills Buf with pattern(Seed).
  void fill(uint4 *Buf, unsigned Seed);
  /// The sum of the partial sums of the last read launch of C's shape.
  unsigned partialSum(const Config &C);
  /// The sum of all words of Buf, by a separate read.
  unsigned readSum(const uint4 *Buf);
  Config tune(int Kind);
  void measure(int Kind, const char *Name, double BytesPerElement,
               const Config &C, const char *What);
  void copyCurve();

  Context &Ctx;
  size_t Bytes = 0, N = 0;
  uint4 *Buffers[3] = {nullptr, nullptr, nullptr};
  unsigned *Partial = nullptr;
  int MaxBlocks = 0;
};

enum Kind { Read, Write, Copy, Triad };
constexpr unsigned SeedB = 0x1234567u, SeedC = 0x7654321u, TriadS = 3u;

template <int Unroll, bool Streaming>
void DramBench::launch(int K, const Config &C, unsigned Seed) {
  int Blocks = Ctx.smCount() * C.BlocksPerSm;
  cudaStream_t S = Ctx.stream();
  switch (K) {
  case Read:
    readKernel<Unroll, Streaming>
        <<<Blocks, C.BlockSize, 0, S>>>(Buffers[1], N, Partial);
    break;
  case Write:
    writeKernel<Unroll, Streaming>
        <<<Blocks, C.BlockSize, 0, S>>>(Buffers[0], N, Seed);
    break;
  case Copy:
    copyKernel<Unroll, Streaming>
        <<<Blocks, C.BlockSize, 0, S>>>(Buffers[0], Buffers[1], N);
    break;
  default:
    triadKernel<Unroll, Streaming><<<Blocks, C.BlockSize, 0, S>>>(
        Buffers[0], Buffers[1], Buffers[2], N, TriadS);
    break;
  }
}

void DramBench::launch(int K, const Config &C, unsigned Seed) {
  switch (C.Unroll * 2 + C.Streaming) {
  case 2:
    launch<1, false>(K, C, Seed);
    break;
  case 3:
    launch<1, true>(K, C, Seed);
    break;
  case 4:
    launch<2, false>(K, C, Seed);
    break;
  case 5:
    launch<2, true>(K, C, Seed);
    break;
  case 8:
    launch<4, false>(K, C, Seed);
    break;
  case 9:
    launch<4, true>(K, C, Seed);
    break;
  case 16:
    launch<8, false>(K, C, Seed);
    break;
  default:
    launch<8, true>(K, C, Seed);
    break;
  }
}

void DramBench::fill(uint4 *Buf, unsigned Seed) {
  writeKernel<4, false>
      <<<Ctx.smCount() * 4, 512, 0, Ctx.stream()>>>(Buf, N, Seed);
  HEADROOM_CUDA_LAUNCH();
}

unsigned DramBench::readSum(const uint4 *Buf) {
  readKernel<4, false>
      <<<Ctx.smCount() * 4, 512, 0, Ctx.stream()>>>(Buf, N, Partial);
  HEADROOM_CUDA_LAUNCH();
  return partialSum({4, false, 512, 4});
}

unsigned DramBench::partialSum(const Config &C) {
  int Blocks = Ctx.smCount() * C.BlocksPerSm;
  std::vector<unsigned> Host(Blocks);
  HEADROOM_CUDA(cudaStreamSynchronize(Ctx.stream()));
  HEADROOM_CUDA(cudaMemcpy(Host.data(), Partial, sizeof(unsigned) * Blocks,
                           cudaMemcpyDeviceToHost));
  unsigned Sum = 0;
  for (unsigned V : Host)
    Sum += V;
  return Sum;
}

Config DramBench::tune(int K) {
  std::vector<Config> Candidates;
  for (int Unroll : {1, 2, 4, 8})
    for (bool Streaming : {false, true})
      for (auto [Block, PerSm] : {std::pair{512, 4}, std::pair{256, 8},
                                  std::pair{1024, 1}, std::pair{512, 2}})
        Candidates.push_back({Unroll, Streaming, Block, PerSm});
  Config Best = Candidates.front();
  double BestMs = 1e30;
  for (const Config &C : Candidates) {
    std::vector<double> Ms =
        Ctx.time([&] { launch(K, C, SeedB); }, Ctx.quick() ? 2 : 3, 1);
    auto S = summarize(Ms);
    double Median = S ? S->Median : 1e30;
    if (Median < BestMs) {
      BestMs = Median;
      Best = C;
    }
  }
  return Best;
}

void DramBench::measure(int K, const char *Name, double BytesPerElement,
                        const Config &C, const char *What) {
  std::vector<double> Times = Ctx.time([&] { launch(K, C, SeedB); });
  auto Sum = summarizeRates(Times, static_cast<double>(N) * BytesPerElement /
                                       1e9 * 1e3);
  if (!Sum)
    throw BenchmarkError(std::string(Name) + ": unusable timings");
  Measurement M;
  M.Name = Name;
  M.Unit = "GB/s";
  M.Value = Sum->Median;
  M.SpreadPct = Sum->spreadPct();
  M.Theoretical = dramPeakGBs(Ctx.memoryClockKHz(), Ctx.props().memoryBusWidth);
  char Method[512];
  std::snprintf(
      Method, sizeof(Method),
      "%s; %zu MiB per buffer (%.1fx L2), 16-byte accesses, "
      "grid-stride; best of 32 launch shapes: %s; median of %d runs "
      "after %d warm-ups, IQR %.2f%%; result checked; theoretical = "
      "memory clock %.0f MHz x 2 x %d bit / 8",
      What, Bytes >> 20, static_cast<double>(Bytes) / Ctx.props().l2CacheSize,
      C.str().c_str(), static_cast<int>(Times.size()), Ctx.warmups(),
      Sum->iqrPct(), Ctx.memoryClockKHz() / 1000.0, Ctx.props().memoryBusWidth);
  M.Method = Method;
  Ctx.add(M);
}

void DramBench::run() {
  Ctx.progress("  dram buffers: 3 x " + std::to_string(Bytes >> 20) + " MiB");
  auto Check = [&](const char *Name, unsigned Got, unsigned Want) {
    if (Got != Want) {
      char Buf[96];
      std::snprintf(Buf, sizeof(Buf), "checksum 0x%08x, expected 0x%08x", Got,
                    Want);
      throwWrongResult(Name, Buf);
    }
  };
  uint4 *A = Buffers[0], *B = Buffers[1], *C = Buffers[2];

  // Write: fills buffer a; checked by reading it back.
  Config WriteC = tune(Write);
  measure(Write, "dram_write", 16, WriteC, "write: a[i] = pattern(i)");
  Check("dram_write", readSum(A), patternSum(N, SeedB));

  // Read: sums buffer b; the tuned kernel's own sum is checked.
  fill(B, SeedB);
  Config ReadC = tune(Read);
  measure(Read, "dram_read", 16, ReadC, "read: sum += b[i]");
  Check("dram_read", partialSum(ReadC), patternSum(N, SeedB));

  // Copy: b -> a, where a holds another pattern until then.
  Config CopyC = tune(Copy);
  fill(A, SeedC);
  measure(Copy, "dram_copy", 32, CopyC, "copy: a[i] = b[i]");
  Check("dram_copy", readSum(A), patternSum(N, SeedB));

  // Triad: a = b + s*c.
  fill(A, SeedC);
  fill(C, SeedC);
  Config TriadC = tune(Triad);
  measure(Triad, "dram_triad", 48, TriadC,
          "STREAM triad: a[i] = b[i] + s*c[i]");
  Check("dram_triad", readSum(A),
        patternSum(N, SeedB) + TriadS * patternSum(N, SeedC));

  copyCurve();
}

/// Copy bandwidth as a function of resident warps per SM (Little's law: the
/// bytes in flight a kernel needs to reach the DRAM bandwidth).
void DramBench::copyCurve() {
  std::vector<std::pair<double, double>> Points;
  double Best = 0;
  for (int Warps : {1, 2, 4, 8, 16, 32, 64}) {
    int Block = 32 * std::min(Warps, 16);
    Config C{4, false, Block, Warps * 32 / Block};
    std::vector<double> Ms =
        Ctx.time([&] { launch(Copy, C, SeedB); }, Ctx.quick() ? 3 : 5, 1);
    double GBs =
        static_cast<double>(N) * 32 / 1e9 / (summarize(Ms)->Median / 1e3);
    Points.push_back({static_cast<double>(Warps), GBs});
    Best = std::max(Best, GBs);
  }
  Measurement M;
  M.Name = "dram_copy_vs_warps";
  M.Unit = "warps/SM";
  M.Value = Points.back().first;
  for (const auto &[W, GBs] : Points)
    if (GBs >= 0.9 * Best) {
      M.Value = W;
      break;
    }
  M.Points = Points;
  M.Method = "copy kernel (unroll 4, 16-byte accesses, 64 bytes in flight per "
             "thread) at 1..64 resident warps per SM; points are (warps per "
             "SM, GB/s), median of repeated runs; value = fewest warps per SM "
             "reaching 90% of the best point";
  Ctx.add(M);
}

} // namespace

void runDramBandwidth(Context &Ctx) {
  DramBench Bench(Ctx);
  Bench.run();
}

} // namespace headroom::microbench
