//===- l2_requests.cu - L2 request rate -----------------------------------===//
///
/// \file
/// How many requests per second the L2 serves when every request carries one
/// 32-byte sector: the limit of gathers, strided and partial writes, and of
/// kernels whose warps touch a different cache line per thread, which the L2
/// bandwidth (l2_bandwidth.cu, full 128-byte lines) does not show. Nsight
/// Compute calls this unit the L2 tag stage (`lts__t_requests`).
///
/// A buffer of a quarter of the L2 (rounded down to a power of two of lines)
/// stays resident; each thread loads 4 bytes with ld.global.cg (L2, not L1)
/// from line (i * 2654435761) mod lines, an odd multiplier modulo a power of
/// two, so the 32 threads of a warp always name 32 different lines and every
/// load is one request of one sector. Unroll loads are in flight per thread.
/// Check: the sum of all loaded words equals the host's replay of the same
/// index sequence. No theoretical peak is claimed (the vendor publishes no L2
/// tag rate).
///
/// Stores take the same path with the same addresses: `l2_write_requests`
/// stores 4 bytes per lane (st.global.cg, one partial sector per request:
/// the shape of a scattered store, e.g. a naive transpose's writes);
/// `l2_write_requests_full` has each pair of lanes store the two 16-byte
/// halves of one sector (one full sector per request). Each store writes a
/// value that depends only on its address, so the check is that every word
/// holds zero or its value, and that the words written are exactly those
/// the host's replay of one period of the index sequence names.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/Context.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace headroom::microbench {
namespace {

constexpr int Unroll = 8;
constexpr unsigned Multiplier = 2654435761u;
constexpr unsigned WordsPerLine = 32; // 128-byte lines of 4-byte words

__device__ __forceinline__ unsigned loadCg(const unsigned *P) {
  unsigned V;
  asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(V) : "l"(P));
  return V;
}

/// The word thread \p Thread loads in pass \p Pass, unroll slot \p U.
__host__ __device__ inline unsigned wordOf(unsigned Thread, unsigned Threads,
                                           int Pass, int U, unsigned LineMask) {
  unsigned I = (static_cast<unsigned>(Pass) * Unroll + U) * Threads + Thread;
  return ((I * Multiplier) & LineMask) * WordsPerLine + (I & 7u);
}

__global__ void l2RequestKernel(const unsigned *Buf, unsigned LineMask,
                                int Passes, unsigned *Partial) {
  unsigned Threads = gridDim.x * blockDim.x;
  unsigned Thread = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned Sum = 0;
  for (int P = 0; P < Passes; ++P) {
    unsigned V[Unroll];
#pragma unroll
    for (int U = 0; U < Unroll; ++U)
      V[U] = loadCg(Buf + wordOf(Thread, Threads, P, U, LineMask));
#pragma unroll
    for (int U = 0; U < Unroll; ++U)
      Sum += V[U];
  }
  for (int O = 16; O > 0; O >>= 1)
    Sum += __shfl_xor_sync(0xffffffffu, Sum, O);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(&Partial[blockIdx.x], Sum);
}

__host__ __device__ inline unsigned wordValue(unsigned W) {
  return W * 2246822519u + 374761393u;
}

/// The launch and buffer all three measurements share: 4 blocks of 512
/// threads per SM over a quarter of the L2 (a power of two of lines).
struct Geometry {
  int Block = 512;
  int Blocks = 0;
  unsigned Threads = 0;
  size_t Lines = 1;
  size_t Words = 0;
  unsigned LineMask = 0;
};

Geometry geometryOf(Context &Ctx) {
  Geometry G;
  G.Blocks = Ctx.smCount() * 4;
  G.Threads = static_cast<unsigned>(G.Blocks) * G.Block;
  while (G.Lines * 2 * 128 <= static_cast<size_t>(Ctx.props().l2CacheSize) / 4)
    G.Lines *= 2;
  G.Words = G.Lines * WordsPerLine;
  G.LineMask = static_cast<unsigned>(G.Lines - 1);
  return G;
}

/// Adds measurement \p Name: \p Requests per launch over \p Times; \p What
/// says what one request is, \p Check how the result was checked.
void addRequestRate(Context &Ctx, const char *Name, const Geometry &G,
                    int Passes, const std::vector<double> &Times,
                    double Requests, const char *What, const char *Check) {
  auto Sum = summarizeRates(Times, Requests / 1e9 * 1e3);
  if (!Sum)
    throw BenchmarkError(std::string(Name) + ": unusable timings");
  Measurement M;
  M.Name = Name;
  M.Unit = "G requests/s";
  M.Value = Sum->Median;
  M.SpreadPct = Sum->spreadPct();
  char Method[400];
  std::snprintf(Method, sizeof(Method),
                "%s on a different 128-byte line of a %zu KiB L2-resident "
                "buffer, %d passes x unroll %d; %d blocks x %d threads; median "
                "of %d runs after %d warm-ups, IQR %.2f%%; %s",
                What, G.Words * sizeof(unsigned) >> 10, Passes, Unroll,
                G.Blocks, G.Block, static_cast<int>(Times.size()),
                Ctx.warmups(), Sum->iqrPct(), Check);
  M.Method = Method;
  Ctx.add(M);
}

/// What a store writes at word \p W: never zero, so that a word's zero means
/// it was not written.
__host__ __device__ inline unsigned storedValue(unsigned W) {
  return wordValue(W) | 1u;
}

/// Lanes per request: 1 for 4-byte partial-sector stores, 2 for the 16-byte
/// halves of a full sector.
template <int LanesPerRequest>
__host__ __device__ inline unsigned storedWordOf(unsigned I,
                                                 unsigned LineMask) {
  if (LanesPerRequest == 1)
    return ((I * Multiplier) & LineMask) * WordsPerLine + (I & 7u);
  unsigned Pair = I >> 1;
  return ((Pair * Multiplier) & LineMask) * WordsPerLine + (Pair & 3u) * 8 +
         (I & 1u) * 4;
}

template <int LanesPerRequest>
__global__ void l2WriteRequestKernel(unsigned *Buf, unsigned LineMask,
                                     int Passes) {
  unsigned Threads = gridDim.x * blockDim.x;
  unsigned Thread = blockIdx.x * blockDim.x + threadIdx.x;
  for (int P = 0; P < Passes; ++P) {
#pragma unroll
    for (int U = 0; U < Unroll; ++U) {
      unsigned I = (static_cast<unsigned>(P) * Unroll + U) * Threads + Thread;
      unsigned W = storedWordOf<LanesPerRequest>(I, LineMask);
      unsigned *Q = Buf + W;
      if (LanesPerRequest == 1)
        asm volatile("st.global.cg.u32 [%0], %1;" ::"l"(Q), "r"(storedValue(W))
                     : "memory");
      else
        asm volatile("st.global.cg.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(Q),
                     "r"(storedValue(W)), "r"(storedValue(W + 1)),
                     "r"(storedValue(W + 2)), "r"(storedValue(W + 3))
                     : "memory");
    }
  }
}

/// One store measurement: \p Name, lanes per request as above, \p What
/// one request is.
template <int LanesPerRequest>
void runL2WriteRequests(Context &Ctx, const char *Name, const char *What) {
  Geometry G = geometryOf(Ctx);
  auto *Buf = static_cast<unsigned *>(Ctx.scratch(G.Words * sizeof(unsigned)));
  HEADROOM_CUDA(cudaMemset(Buf, 0, G.Words * sizeof(unsigned)));
  auto Launch = [&](int Passes) {
    l2WriteRequestKernel<LanesPerRequest>
        <<<G.Blocks, G.Block, 0, Ctx.stream()>>>(Buf, G.LineMask, Passes);
  };
  int Passes = Ctx.sizeIterations(Launch);
  std::vector<double> Times = Ctx.time([&] { Launch(Passes); });

  std::vector<unsigned> Got(G.Words);
  HEADROOM_CUDA(cudaMemcpy(Got.data(), Buf, G.Words * sizeof(unsigned),
                           cudaMemcpyDeviceToHost));
  // The word of index I repeats with period Lines (one lane per request)
  // or 2 x Lines (pairs): one period names every word the launches wrote.
  size_t Count = static_cast<size_t>(G.Threads) * Unroll * Passes;
  size_t Period = std::min(Count, G.Lines * LanesPerRequest);
  std::vector<char> Written(G.Words, 0);
  for (size_t I = 0; I < Period; ++I) {
    unsigned W =
        storedWordOf<LanesPerRequest>(static_cast<unsigned>(I), G.LineMask);
    for (unsigned K = 0; K < (LanesPerRequest == 1 ? 1u : 4u); ++K)
      Written[W + K] = 1;
  }
  for (size_t W = 0; W < G.Words; ++W) {
    unsigned Want = Written[W] ? storedValue(static_cast<unsigned>(W)) : 0;
    if (Got[W] != Want) {
      char Msg[128];
      std::snprintf(Msg, sizeof(Msg), "word %zu holds 0x%08x, expected 0x%08x",
                    W, Got[W], Want);
      throwWrongResult(Name, Msg);
    }
  }
  addRequestRate(Ctx, Name, G, Passes, Times,
                 static_cast<double>(Count) / LanesPerRequest, What,
                 "every word checked");
}

} // namespace

void runL2Requests(Context &Ctx) {
  Geometry G = geometryOf(Ctx);
  auto *Buf = static_cast<unsigned *>(
      Ctx.scratch((G.Words + G.Blocks) * sizeof(unsigned)));
  unsigned *Partial = Buf + G.Words;
  std::vector<unsigned> Host(G.Words);
  for (size_t W = 0; W < G.Words; ++W)
    Host[W] = wordValue(static_cast<unsigned>(W));
  HEADROOM_CUDA(cudaMemcpy(Buf, Host.data(), G.Words * sizeof(unsigned),
                           cudaMemcpyHostToDevice));

  auto Launch = [&](int Passes) {
    cudaMemsetAsync(Partial, 0, G.Blocks * sizeof(unsigned), Ctx.stream());
    l2RequestKernel<<<G.Blocks, G.Block, 0, Ctx.stream()>>>(Buf, G.LineMask,
                                                            Passes, Partial);
  };
  int Passes = Ctx.sizeIterations(Launch);
  std::vector<double> Times = Ctx.time([&] { Launch(Passes); });

  std::vector<unsigned> Sums(G.Blocks);
  HEADROOM_CUDA(cudaMemcpy(Sums.data(), Partial, G.Blocks * sizeof(unsigned),
                           cudaMemcpyDeviceToHost));
  unsigned Got = 0, Want = 0;
  for (unsigned V : Sums)
    Got += V;
  // The loads run through consecutive indices I = 0 .. Count-1, and the word
  // of index I repeats with period Lines (a power of two, at least 8): sum
  // one period and the remainder instead of replaying every load.
  size_t Count = static_cast<size_t>(G.Threads) * Unroll * Passes;
  auto wordAt = [&](size_t I) {
    unsigned J = static_cast<unsigned>(I);
    return Host[((J * Multiplier) & G.LineMask) * WordsPerLine + (J & 7u)];
  };
  unsigned Period = 0;
  for (size_t I = 0; I < G.Lines; ++I)
    Period += wordAt(I);
  Want = Period * static_cast<unsigned>(Count / G.Lines);
  for (size_t I = 0; I < Count % G.Lines; ++I)
    Want += wordAt(I);
  if (Got != Want) {
    char Msg[96];
    std::snprintf(Msg, sizeof(Msg), "checksum 0x%08x, expected 0x%08x", Got,
                  Want);
    throwWrongResult("l2_requests", Msg);
  }
  addRequestRate(Ctx, "l2_requests", G, Passes, Times,
                 static_cast<double>(Count),
                 "one-sector L2 requests: 4-byte ld.global.cg loads, each lane "
                 "of a warp",
                 "checked");

  runL2WriteRequests<1>(Ctx, "l2_write_requests",
                        "one-sector L2 write requests: 4-byte st.global.cg "
                        "stores (a partial sector each), each request");
  runL2WriteRequests<2>(Ctx, "l2_write_requests_full",
                        "one-sector L2 write requests: two lanes store the "
                        "16-byte halves of one sector (st.global.cg.v4, a "
                        "full sector each), each request");
}

} // namespace headroom::microbench
