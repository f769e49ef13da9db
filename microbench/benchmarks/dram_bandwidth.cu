//===- dram_bandwidth.cu - DRAM bandwidth (B_mem) -------------------------===//
///
/// \file
/// B_mem of thesis table 4.3 (section 4.2.3: the mean of read, write and copy
/// bandwidth on large arrays), plus the STREAM triad and copy bandwidth as a
/// function of resident warps.
///
/// Buffers are at least 8x the L2, so that every byte comes from DRAM, and at
/// least 4 GiB each in full runs (1 GiB in quick ones) as memory allows, so
/// that launch and ramp-up costs stay near 0.1%. Kernels move 16-byte vectors
/// (uint4), Unroll independent accesses in flight per thread before the first
/// use, in one of two layouts: a grid-stride loop over the whole array, or
/// contiguous tiles of Block x Unroll vectors (a grid of all tiles, or a
/// persistent grid looping over them). The layout, block size, grid, unroll
/// depth and cache hints (plain; streaming ld/st.global.cs; loads with the
/// L2::256B prefetch hint) are chosen per kernel by timing each candidate
/// briefly (for copy, cudaMemcpyAsync device-to-device and, on Hopper, copies
/// through the bulk-copy (TMA) engine are candidates too, each checked once
/// before it may compete); the best is then timed fully and named in the
/// method. Bytes counted: read N, write N, copy 2N, triad 3N (each byte read or
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
#include "core/WarpsCurve.h"
#include "harness/Context.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace headroom::microbench {
namespace {

constexpr unsigned PatternMul = 0x9E3779B1u;

/// Cache hints for the 16-byte accesses.
enum Hint : int { Plain = 0, Streaming = 1, Prefetch256 = 2 };
/// How threads walk the array.
enum Layout : int { GridStride = 0, Tiles = 1 };

template <int H> __device__ __forceinline__ uint4 loadVec(const uint4 *P) {
  if constexpr (H == Streaming) {
    return __ldcs(P);
  } else if constexpr (H == Prefetch256) {
    uint4 V;
    asm volatile("ld.global.nc.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(V.x), "=r"(V.y), "=r"(V.z), "=r"(V.w)
                 : "l"(P));
    return V;
  } else {
    return *P;
  }
}

template <int H> __device__ __forceinline__ void storeVec(uint4 *P, uint4 V) {
  if constexpr (H == Streaming)
    __stcs(P, V);
  else
    *P = V;
}

__device__ __forceinline__ unsigned sumVec(uint4 V) {
  return V.x + V.y + V.z + V.w;
}

__device__ __forceinline__ uint4 pattern(size_t I, unsigned Seed) {
  unsigned W = static_cast<unsigned>(I) * 4u;
  return make_uint4(W * PatternMul + Seed, (W + 1) * PatternMul + Seed,
                    (W + 2) * PatternMul + Seed, (W + 3) * PatternMul + Seed);
}

__device__ __forceinline__ uint4 triad(uint4 B, uint4 C, unsigned S) {
  return make_uint4(B.x + S * C.x, B.y + S * C.y, B.z + S * C.z, B.w + S * C.w);
}

/// The per-kernel work on K vectors at First, First + Step, ...: all loads
/// are issued before the first use.
template <int H> struct ReadWork {
  const uint4 *In;
  unsigned Sum = 0;
  template <int K> __device__ __forceinline__ void run(size_t I, size_t S) {
    uint4 V[K];
#pragma unroll
    for (int U = 0; U < K; ++U)
      V[U] = loadVec<H>(In + I + U * S);
#pragma unroll
    for (int U = 0; U < K; ++U)
      Sum += sumVec(V[U]);
  }
};

template <int H> struct WriteWork {
  uint4 *Out;
  unsigned Seed;
  template <int K> __device__ __forceinline__ void run(size_t I, size_t S) {
#pragma unroll
    for (int U = 0; U < K; ++U)
      storeVec<H>(Out + I + U * S, pattern(I + U * S, Seed));
  }
};

template <int H> struct CopyWork {
  uint4 *Dst;
  const uint4 *Src;
  template <int K> __device__ __forceinline__ void run(size_t I, size_t S) {
    uint4 V[K];
#pragma unroll
    for (int U = 0; U < K; ++U)
      V[U] = loadVec<H>(Src + I + U * S);
#pragma unroll
    for (int U = 0; U < K; ++U)
      storeVec<H>(Dst + I + U * S, V[U]);
  }
};

template <int H> struct TriadWork {
  uint4 *A;
  const uint4 *B, *C;
  unsigned S;
  template <int K> __device__ __forceinline__ void run(size_t I, size_t St) {
    uint4 VB[K], VC[K];
#pragma unroll
    for (int U = 0; U < K; ++U) {
      VB[U] = loadVec<H>(B + I + U * St);
      VC[U] = loadVec<H>(C + I + U * St);
    }
#pragma unroll
    for (int U = 0; U < K; ++U)
      storeVec<H>(A + I + U * St, triad(VB[U], VC[U], S));
  }
};

/// Runs Work over all N vectors in layout L, Unroll vectors per batch.
template <int L, int Unroll, typename WorkT>
__device__ __forceinline__ void walk(size_t N, WorkT &Work) {
  auto Batch = [&](size_t First, size_t Step) {
    if (First + (Unroll - 1) * Step < N)
      Work.template run<Unroll>(First, Step);
    else
      for (size_t I = First; I < N; I += Step)
        Work.template run<1>(I, Step);
  };
  if constexpr (L == GridStride) {
    size_t Stride = static_cast<size_t>(gridDim.x) * blockDim.x;
    for (size_t I = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
         I < N; I += Unroll * Stride)
      Batch(I, Stride);
  } else {
    size_t Tile = static_cast<size_t>(blockDim.x) * Unroll;
    for (size_t T = blockIdx.x; T * Tile < N; T += gridDim.x)
      Batch(T * Tile + threadIdx.x, blockDim.x);
  }
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

template <int L, int Unroll, int H>
__global__ void readKernel(const uint4 *__restrict__ In, size_t N,
                           unsigned *Partial) {
  ReadWork<H> W{In};
  walk<L, Unroll>(N, W);
  blockSum(W.Sum, Partial);
}

template <int L, int Unroll, int H>
__global__ void writeKernel(uint4 *__restrict__ Out, size_t N, unsigned Seed) {
  WriteWork<H> W{Out, Seed};
  walk<L, Unroll>(N, W);
}

template <int L, int Unroll, int H>
__global__ void copyKernel(uint4 *__restrict__ Dst,
                           const uint4 *__restrict__ Src, size_t N) {
  CopyWork<H> W{Dst, Src};
  walk<L, Unroll>(N, W);
}

template <int L, int Unroll, int H>
__global__ void triadKernel(uint4 *__restrict__ A, const uint4 *__restrict__ B,
                            const uint4 *__restrict__ C, size_t N, unsigned S) {
  TriadWork<H> W{A, B, C, S};
  walk<L, Unroll>(N, W);
}

__device__ __forceinline__ unsigned sharedAddr(const void *P) {
  return static_cast<unsigned>(__cvta_generic_to_shared(P));
}

constexpr int MaxBulkStages = 8;

/// Copy through Hopper's bulk-copy (TMA) engine, no tensor map: one thread
/// per block streams chunks global -> shared (cp.async.bulk, completing on an
/// mbarrier) and shared -> global (cp.async.bulk bulk_group), Stages chunks in
/// flight. Chunks are dealt to blocks round-robin. If a chunk never arrives
/// (which would be a bug), the kernel traps after 2 s rather than hang.
__global__ void __launch_bounds__(32)
    bulkCopyKernel(char *Dst, const char *Src, size_t Chunks,
                   unsigned ChunkBytes, int Stages) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  extern __shared__ __align__(128) unsigned char Buf[];
  __shared__ __align__(8) unsigned long long Bar[MaxBulkStages];
  if (threadIdx.x != 0)
    return;
  for (int I = 0; I < Stages; ++I)
    asm volatile(
        "mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(sharedAddr(&Bar[I]))
        : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  auto Issue = [&](size_t Chunk, int Slot) {
    unsigned B = sharedAddr(&Bar[Slot]);
    asm volatile(
        "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(B),
        "r"(ChunkBytes)
        : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::"
                 "bytes [%0], [%1], %2, [%3];" ::"r"(
                     sharedAddr(Buf + static_cast<size_t>(Slot) * ChunkBytes)),
                 "l"(Src + Chunk * ChunkBytes), "r"(ChunkBytes), "r"(B)
                 : "memory");
  };
  const size_t Step = gridDim.x;
  for (int I = 0; I < Stages; ++I)
    if (blockIdx.x + I * Step < Chunks)
      Issue(blockIdx.x + I * Step, I);
  for (size_t K = 0;; ++K) {
    size_t Chunk = blockIdx.x + K * Step;
    if (Chunk >= Chunks)
      break;
    int Slot = static_cast<int>(K % Stages);
    unsigned Parity = static_cast<unsigned>((K / Stages) & 1);
    unsigned B = sharedAddr(&Bar[Slot]);
    unsigned long long Start = 0;
    for (unsigned Done = 0; !Done;) {
      asm volatile("{\n\t.reg .pred p;\n\t"
                   "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                   "selp.u32 %0, 1, 0, p;\n\t}"
                   : "=r"(Done)
                   : "r"(B), "r"(Parity)
                   : "memory");
      unsigned long long Now;
      asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(Now));
      if (!Start)
        Start = Now;
      else if (!Done && Now - Start > 2000000000ull)
        __trap();
    }
    asm volatile(
        "cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(
            Dst + Chunk * ChunkBytes),
        "r"(sharedAddr(Buf + static_cast<size_t>(Slot) * ChunkBytes)),
        "r"(ChunkBytes)
        : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    size_t Next = Chunk + Stages * Step;
    if (Next < Chunks) {
      // The slot is reused only once the store has read it.
      asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
      Issue(Next, Slot);
    }
  }
  asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
#endif
}

/// Sum of the words written by writeKernel(seed) over N uint4, mod 2^32.
unsigned patternSum(size_t N, unsigned Seed) {
  unsigned long long M = static_cast<unsigned long long>(N) * 4; // words
  // sum_{w<M} w = M(M-1)/2, computed mod 2^64 (hence mod 2^32) exactly.
  unsigned long long Tri = (M % 2 == 0) ? (M / 2) * (M - 1) : M * ((M - 1) / 2);
  return static_cast<unsigned>(Tri) * PatternMul +
         static_cast<unsigned>(M) * Seed;
}

/// One way to run a kernel of the family.
struct Config {
  int Layout = GridStride;
  int Unroll = 4;
  int Hint = Plain;
  int BlockSize = 512;
  /// Blocks per SM of a persistent grid; 0: one block per tile (Tiles only).
  int BlocksPerSm = 4;
  /// Copy only: cudaMemcpyAsync instead of a kernel.
  bool Memcpy = false;
  /// Copy only: bulkCopyKernel with chunks of BulkChunk bytes, BulkStages in
  /// flight per block (one warp per block, BlocksPerSm blocks per SM).
  unsigned BulkChunk = 0;
  int BulkStages = 0;
  /// Dynamic shared memory per block: padding that limits the blocks per SM
  /// (throughput-vs-warps curves only).
  size_t DynSmem = 0;

  std::string str() const {
    if (Memcpy)
      return "cudaMemcpyAsync device-to-device";
    if (BulkChunk)
      return "bulk-copy (TMA) engine, cp.async.bulk global->shared->global, " +
             std::to_string(BulkChunk >> 10) + " KiB chunks x " +
             std::to_string(BulkStages) + " stages per block, " +
             std::to_string(BlocksPerSm) + " one-warp blocks/SM";
    static const char *Hints[] = {"plain", "streaming (.cs) hints",
                                  "L2::256B prefetch hint on loads"};
    std::string Grid = BlocksPerSm ? std::to_string(BlocksPerSm) + " blocks/SM"
                                   : std::string("one block per tile");
    return std::string(Layout == Tiles ? "contiguous tiles" : "grid-stride") +
           ", " + std::to_string(BlockSize) + " threads x " + Grid +
           ", unroll " + std::to_string(Unroll) + ", " + Hints[Hint];
  }
};

template <int V> using IntC = std::integral_constant<int, V>;

/// Calls Fn(IntC<Layout>, IntC<Unroll>, IntC<Hint>) for C's template values.
template <typename F> void withConfig(const Config &C, F &&Fn) {
  auto ByHint = [&](auto L, auto U) {
    switch (C.Hint) {
    case Plain:
      Fn(L, U, IntC<Plain>{});
      break;
    case Streaming:
      Fn(L, U, IntC<Streaming>{});
      break;
    default:
      Fn(L, U, IntC<Prefetch256>{});
      break;
    }
  };
  auto ByUnroll = [&](auto L) {
    switch (C.Unroll) {
    case 2:
      ByHint(L, IntC<2>{});
      break;
    case 4:
      ByHint(L, IntC<4>{});
      break;
    default:
      ByHint(L, IntC<8>{});
      break;
    }
  };
  if (C.Layout == Tiles)
    ByUnroll(IntC<Tiles>{});
  else
    ByUnroll(IntC<GridStride>{});
}

enum Kind { Read, Write, Copy, Triad };
constexpr unsigned SeedB = 0x1234567u, SeedC = 0x7654321u, TriadS = 3u;

/// The DRAM benchmark's state: three buffers and a partial-sum array.
class DramBench {
public:
  explicit DramBench(Context &Ctx) : Ctx(Ctx) {
    const cudaDeviceProp &P = Ctx.props();
    size_t Free = 0, Total = 0;
    HEADROOM_CUDA(cudaMemGetInfo(&Free, &Total));
    size_t L2x8 = static_cast<size_t>(P.l2CacheSize) * 8;
    size_t Want = Ctx.quick() ? std::max<size_t>(L2x8, size_t(1) << 30)
                              : std::max<size_t>(L2x8, size_t(4) << 30);
    size_t Fit = Free / 4; // three buffers, and room for the rest
    Bytes = std::min(Want, Fit) / (size_t(1) << 20) * (size_t(1) << 20);
    if (Bytes < L2x8)
      throw BenchmarkError("dram_bandwidth: " + std::to_string(Free >> 20) +
                           " MiB free is too little for three buffers of 8x "
                           "the L2 (" +
                           std::to_string(L2x8 >> 20) + " MiB)");
    N = Bytes / sizeof(uint4);
    for (uint4 *&Buf : Buffers)
      HEADROOM_CUDA(cudaMalloc(&Buf, Bytes));
    // One partial sum per block; the most blocks is one per tile of 256x2.
    MaxBlocks = std::max<size_t>(N / 512 + 1, P.multiProcessorCount * 16);
    HEADROOM_CUDA(cudaMalloc(&Partial, sizeof(unsigned) * MaxBlocks));
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
  int blocks(const Config &C) const {
    if (C.BlocksPerSm)
      return Ctx.smCount() * C.BlocksPerSm;
    size_t Tile = static_cast<size_t>(C.BlockSize) * C.Unroll;
    return static_cast<int>((N + Tile - 1) / Tile);
  }
  void launch(int Kind, const Config &C, unsigned Seed);
  /// Fills Buf with pattern(Seed).
  void fill(uint4 *Buf, unsigned Seed);
  /// The sum of the partial sums of the last read launch of C's shape.
  unsigned partialSum(const Config &C);
  /// The sum of all words of Buf, by a separate read.
  unsigned readSum(const uint4 *Buf);
  Config tune(int Kind);
  /// The bulk-copy configurations that fit this device and copy correctly
  /// (each is run once and checked before it may compete).
  std::vector<Config> bulkCandidates();
  void measure(int Kind, const char *Name, double BytesPerElement,
               const Config &C, size_t Candidates, const char *What);
  /// Bandwidth of kernel K (grid-stride, unroll 4) at 1..64 resident warps
  /// per SM, added as Name.
  void curve(int K, const char *Name);

  Context &Ctx;
  size_t Bytes = 0, N = 0;
  uint4 *Buffers[3] = {nullptr, nullptr, nullptr};
  unsigned *Partial = nullptr;
  size_t MaxBlocks = 0;
  size_t LastCandidates = 0;
};

void DramBench::launch(int K, const Config &C, unsigned Seed) {
  cudaStream_t S = Ctx.stream();
  uint4 *A = Buffers[0], *B = Buffers[1], *Cb = Buffers[2];
  if (C.Memcpy) {
    HEADROOM_CUDA(cudaMemcpyAsync(A, B, Bytes, cudaMemcpyDeviceToDevice, S));
    return;
  }
  int Grid = blocks(C);
  withConfig(C, [&](auto L, auto U, auto H) {
    constexpr int LV = decltype(L)::value, UV = decltype(U)::value,
                  HV = decltype(H)::value;
    const size_t Smem = C.DynSmem;
    switch (K) {
    case Read:
      readKernel<LV, UV, HV><<<Grid, C.BlockSize, Smem, S>>>(B, N, Partial);
      break;
    case Write:
      writeKernel<LV, UV, HV><<<Grid, C.BlockSize, Smem, S>>>(A, N, Seed);
      break;
    case Copy:
      copyKernel<LV, UV, HV><<<Grid, C.BlockSize, Smem, S>>>(A, B, N);
      break;
    default:
      triadKernel<LV, UV, HV>
          <<<Grid, C.BlockSize, Smem, S>>>(A, B, Cb, N, TriadS);
      break;
    }
  });
}

void DramBench::fill(uint4 *Buf, unsigned Seed) {
  writeKernel<GridStride, 4, Plain>
      <<<Ctx.smCount() * 4, 512, 0, Ctx.stream()>>>(Buf, N, Seed);
  HEADROOM_CUDA_LAUNCH();
}

unsigned DramBench::readSum(const uint4 *Buf) {
  readKernel<GridStride, 4, Plain>
      <<<Ctx.smCount() * 4, 512, 0, Ctx.stream()>>>(Buf, N, Partial);
  HEADROOM_CUDA_LAUNCH();
  return partialSum(Config{});
}

unsigned DramBench::partialSum(const Config &C) {
  int Blocks = blocks(C);
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
  std::vector<int> Hints = {Plain, Streaming};
  if (K != Write)
    Hints.push_back(Prefetch256);
  for (int Unroll : {2, 4, 8})
    for (int H : Hints) {
      for (auto [Block, PerSm] : {std::pair{512, 4}, std::pair{256, 8},
                                  std::pair{1024, 2}, std::pair{1024, 1}})
        Candidates.push_back({GridStride, Unroll, H, Block, PerSm});
      for (int Block : {256, 512, 1024})
        for (int PerSm : {0, 2048 / Block})
          Candidates.push_back({Tiles, Unroll, H, Block, PerSm});
    }
  if (K == Copy) {
    Candidates.push_back(Config{GridStride, 4, Plain, 512, 4, true});
    for (Config C : bulkCandidates())
      Candidates.push_back(C);
  }
  Config Best = Candidates.front();
  double BestMs = 1e30;
  for (const Config &C : Candidates) {
    std::vector<double> Ms =
        Ctx.time([&] { launch(K, C, SeedB); }, Ctx.quick() ? 2 : 3, 1);
    auto S = summarize(Ms);
    if (S && S->Median < BestMs) {
      BestMs = S->Median;
      Best = C;
    }
  }
  LastCandidates = Candidates.size();
  return Best;
}

std::vector<Config> DramBench::bulkCandidates() {
  std::vector<Config> Out;
  const cudaDeviceProp &P = Ctx.props();
  if (P.major < 9)
    return Out;
  for (auto [ChunkKiB, Stages, PerSm] :
       {std::tuple{16, 4, 2}, std::tuple{16, 4, 3}, std::tuple{32, 3, 2},
        std::tuple{8, 8, 3}, std::tuple{16, 2, 4}}) {
    Config C;
    C.BulkChunk = static_cast<unsigned>(ChunkKiB) << 10;
    C.BulkStages = Stages;
    C.BlocksPerSm = PerSm;
    size_t Smem = static_cast<size_t>(C.BulkChunk) * Stages;
    if (Bytes % C.BulkChunk ||
        (Smem + 1024) * PerSm > P.sharedMemPerMultiprocessor ||
        Smem > P.sharedMemPerBlockOptin)
      continue;
    HEADROOM_CUDA(cudaFuncSetAttribute(
        bulkCopyKernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
        static_cast<int>(Smem)));
    fill(Buffers[0], SeedC);
    launch(Copy, C, SeedB);
    HEADROOM_CUDA_LAUNCH();
    if (readSum(Buffers[0]) == patternSum(N, SeedB))
      Out.push_back(C);
    else
      Ctx.progress("  left out (wrong copy): " + C.str());
  }
  return Out;
}

void DramBench::measure(int K, const char *Name, double BytesPerElement,
                        const Config &C, size_t Candidates, const char *What) {
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
  char Method[640];
  std::snprintf(Method, sizeof(Method),
                "%s; %zu MiB per buffer (%.1fx L2), 16-byte accesses; best of "
                "%zu launch shapes: %s; median of %d runs after %d warm-ups, "
                "IQR %.2f%%; result checked; theoretical = memory clock %.0f "
                "MHz x 2 x %d bit / 8",
                What, Bytes >> 20,
                static_cast<double>(Bytes) / Ctx.props().l2CacheSize,
                Candidates, C.str().c_str(), static_cast<int>(Times.size()),
                Ctx.warmups(), Sum->iqrPct(), Ctx.memoryClockKHz() / 1000.0,
                Ctx.props().memoryBusWidth);
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
  measure(Write, "dram_write", 16, WriteC, LastCandidates,
          "write: a[i] = pattern(i)");
  Check("dram_write", readSum(A), patternSum(N, SeedB));

  // Read: sums buffer b; the measured kernel's own sum is checked.
  fill(B, SeedB);
  Config ReadC = tune(Read);
  measure(Read, "dram_read", 16, ReadC, LastCandidates, "read: sum += b[i]");
  Check("dram_read", partialSum(ReadC), patternSum(N, SeedB));

  // Copy: b -> a, where a holds another pattern until then.
  Config CopyC = tune(Copy);
  fill(A, SeedC);
  measure(Copy, "dram_copy", 32, CopyC, LastCandidates, "copy: a[i] = b[i]");
  Check("dram_copy", readSum(A), patternSum(N, SeedB));

  // Triad: a = b + s*c.
  fill(A, SeedC);
  fill(C, SeedC);
  Config TriadC = tune(Triad);
  measure(Triad, "dram_triad", 48, TriadC, LastCandidates,
          "STREAM triad: a[i] = b[i] + s*c[i]");
  Check("dram_triad", readSum(A),
        patternSum(N, SeedB) + TriadS * patternSum(N, SeedC));

  // The read kernel's partial sums are checked after each point of its
  // curve; the copy's destination once after its curve.
  curve(Read, "dram_read_vs_warps");
  fill(A, SeedC);
  curve(Copy, "dram_copy_vs_warps");
  Check("dram_copy_vs_warps", readSum(A), patternSum(N, SeedB));
}

/// DRAM bandwidth as a function of resident warps per SM (Little's law: the
/// bytes in flight a kernel needs to reach the DRAM bandwidth). Residency is
/// made exact by shared-memory padding (Context::limitResidency).
void DramBench::curve(int K, const char *Name) {
  auto RateAt = [&](int Warps) {
    int Block = 32 * std::min(Warps, 16);
    Config C{GridStride, 4, Plain, Block, Warps * 32 / Block};
    const void *Kernel =
        K == Read
            ? reinterpret_cast<const void *>(readKernel<GridStride, 4, Plain>)
            : reinterpret_cast<const void *>(copyKernel<GridStride, 4, Plain>);
    int Resident = 0;
    C.DynSmem = Ctx.limitResidency(Kernel, Block, C.BlocksPerSm, 0, Resident);
    if (Resident * Block / 32 < Warps)
      throw BenchmarkError(std::string(Name) + ": only " +
                           std::to_string(Resident * Block / 32) + " of " +
                           std::to_string(Warps) +
                           " warps per SM can be resident");
    std::vector<double> Ms =
        Ctx.time([&] { launch(K, C, SeedB); }, Ctx.quick() ? 3 : 5, 1);
    if (K == Read && partialSum(C) != patternSum(N, SeedB))
      throwWrongResult(Name, "wrong checksum at " + std::to_string(Warps) +
                                 " warps per SM");
    double BytesPerVector = K == Read ? 16 : 32;
    return static_cast<double>(N) * BytesPerVector / 1e9 /
           (summarize(Ms)->Median / 1e3);
  };
  Ctx.add(measureWarpsCurve(
      Name, RateAt,
      std::string("grid-stride ") + (K == Read ? "read" : "copy") +
          " kernel (unroll 4, 16-byte accesses, 64 bytes in flight per "
          "thread) at 1..64 resident warps per SM, residency made exact by "
          "shared-memory padding; points are (warps per SM, GB/s), median "
          "of repeated runs; value = fewest warps per SM reaching 90% of "
          "the best point"));
}

} // namespace

void runDramBandwidth(Context &Ctx) {
  DramBench Bench(Ctx);
  Bench.run();
}

} // namespace headroom::microbench
