//===- load_latency.cu - Load-to-use latency of L1, L2 and DRAM -----------===//
///
/// \file
/// How long one global load takes from issue to use when it hits the L1,
/// hits the L2, or goes to DRAM: the wait of a warp whose next load depends
/// on this one, or that loads one value per loop iteration and uses it
/// before the next (the Hopper model's load rounds, docs/model.md).
///
/// One thread chases a cycle of one node per 128-byte line (each node holds
/// the index of the next), every load depending on the one before, with
/// ordinary loads (`ld.global`, cached in L1 as a kernel's would be):
///
///   - L1: 128 lines (16 KB), resident in L1 after the first lap;
///   - L2: 131072 lines (16 MB): fits the L2 of the GPUs it runs on, far
///     more than L1 holds, so nearly every load misses L1 and hits L2 (both
///     halves of a partitioned L2 alike);
///   - DRAM: 512 MB, 2 MB at a time: the cycle takes the 2 MB pages in a
///     random order and the lines of each page in a random order, so that
///     every load misses the L2 (the buffer is 10 times the L2) but the
///     address translation stays in one page for 16384 loads, as a
///     streaming kernel's does. Each launch goes on from where the last one
///     stopped, so that no launch finds the lines a previous one left in L2.
///
/// Check: the chase writes where it ends; after all launches that must be
/// the node the host reaches walking the same number of steps.
///
/// DRAM rounds: how long a warp's round of K independent loads takes, for
/// K = 1, 2, 4 and 8 (`load_latency_dram_rounds`: points of K and ns per
/// round). One block of 128 threads per SM (a warp per scheduler), each warp
/// chasing K chains through the DRAM cycle above, every lane reading its
/// word of the chain's 128-byte line (one coalesced request of 4 sectors, as
/// a warp's loads of consecutive floats are); the next round's lines come
/// from this round's values. A warp's round ends with its last load, so it
/// takes longer than one load alone, the more so the more loads it holds.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "core/Statistics.h"
#include "harness/Context.h"

#include <cstdint>
#include <cstdio>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace headroom::microbench {
namespace {

/// 32 words of 4 bytes: one node per 128-byte line.
constexpr std::size_t WordsPerNode = 32;

__global__ void chaseKernel(const std::uint32_t *Next, std::uint32_t *Pos,
                            std::uint32_t Steps) {
  std::uint32_t P = *Pos;
  for (std::uint32_t S = 0; S < Steps; ++S)
    P = Next[P];
  *Pos = P;
}

/// Each warp chases K chains, every lane reading word `lane` of a node's
/// line (each word of a node holds the next node's word index).
template <int K>
__global__ void roundsKernel(const std::uint32_t *Next,
                             const std::uint32_t *Start, std::uint32_t *End,
                             std::uint32_t Steps) {
  unsigned Warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  unsigned Lane = threadIdx.x % 32;
  std::uint32_t P[K];
#pragma unroll
  for (int J = 0; J < K; ++J)
    P[J] = Start[Warp * K + J];
  for (std::uint32_t S = 0; S < Steps; ++S) {
#pragma unroll
    for (int J = 0; J < K; ++J)
      P[J] = Next[P[J] + Lane];
  }
  if (Lane == 0) {
#pragma unroll
    for (int J = 0; J < K; ++J)
      End[Warp * K + J] = P[J];
  }
}

/// The cycle through \p Nodes nodes visiting groups of \p Group consecutive
/// nodes in a random order and the nodes of each group in a random order;
/// Next[node x 32] is the word index of the node after it.
std::vector<std::uint32_t> cycleOf(std::size_t Nodes, std::size_t Group,
                                   unsigned Seed) {
  std::mt19937_64 Rng(Seed);
  std::vector<std::uint32_t> Groups(Nodes / Group);
  std::iota(Groups.begin(), Groups.end(), 0u);
  std::shuffle(Groups.begin(), Groups.end(), Rng);
  std::vector<std::uint32_t> Within(Group);
  std::vector<std::uint32_t> Order;
  Order.reserve(Nodes);
  for (std::uint32_t G : Groups) {
    std::iota(Within.begin(), Within.end(), 0u);
    std::shuffle(Within.begin(), Within.end(), Rng);
    for (std::uint32_t W : Within)
      Order.push_back(static_cast<std::uint32_t>(G * Group + W));
  }
  std::vector<std::uint32_t> Next(Nodes * WordsPerNode, 0);
  for (std::size_t I = 0; I < Nodes; ++I)
    for (std::size_t W = 0; W < WordsPerNode; ++W)
      Next[Order[I] * WordsPerNode + W] =
          static_cast<std::uint32_t>(Order[(I + 1) % Nodes] * WordsPerNode);
  return Next;
}

/// The per-step nanoseconds of runs that took \p Times milliseconds for
/// \p Steps steps each, summarized; throws for benchmark \p Name when the
/// timings are unusable.
Summary perStepNs(const std::vector<double> &Times, std::uint32_t Steps,
                  const char *Name) {
  std::vector<double> Ns;
  for (double Ms : Times)
    Ns.push_back(Ms * 1e6 / Steps);
  std::optional<Summary> S = summarize(Ns);
  if (!S)
    throw BenchmarkError(std::string(Name) + ": unusable timings");
  return *S;
}

/// One measurement: \p Name, a cycle of \p Bytes in groups of \p GroupBytes,
/// \p Steps dependent loads per launch.
void runChase(Context &Ctx, const char *Name, std::size_t Bytes,
              std::size_t GroupBytes, std::uint32_t Steps, const char *What) {
  const std::size_t NodeBytes = WordsPerNode * sizeof(std::uint32_t);
  std::size_t Nodes = Bytes / NodeBytes;
  std::vector<std::uint32_t> Next = cycleOf(
      Nodes, GroupBytes / NodeBytes, 1000 + static_cast<unsigned>(Nodes));
  auto *Buf = static_cast<std::uint32_t *>(Ctx.scratch(Bytes + NodeBytes));
  std::uint32_t *Pos = Buf + Next.size();
  HEADROOM_CUDA(cudaMemcpy(Buf, Next.data(), Bytes, cudaMemcpyHostToDevice));
  HEADROOM_CUDA(cudaMemset(Pos, 0, sizeof(std::uint32_t)));
  std::uint64_t Launches = 0;
  auto Launch = [&] {
    ++Launches;
    chaseKernel<<<1, 1, 0, Ctx.stream()>>>(Buf, Pos, Steps);
  };
  std::vector<double> Times = Ctx.time(Launch);

  std::uint32_t Got = 0;
  HEADROOM_CUDA(cudaMemcpy(&Got, Pos, sizeof(Got), cudaMemcpyDeviceToHost));
  std::uint32_t Want = 0;
  for (std::uint64_t S = 0; S < Launches * Steps; ++S)
    Want = Next[Want];
  if (Got != Want) {
    char Msg[128];
    std::snprintf(Msg, sizeof(Msg), "the chase ended at word %u, expected %u",
                  Got, Want);
    throwWrongResult(Name, Msg);
  }

  Summary S = perStepNs(Times, Steps, Name);
  Measurement M;
  M.Name = Name;
  M.Unit = "ns";
  M.Value = S.Median;
  M.SpreadPct = S.iqrPct();
  char Method[400];
  std::snprintf(Method, sizeof(Method),
                "one thread, %u dependent loads per launch through %s; "
                "median of %d runs after %d warm-ups, IQR %.2f%%; the end "
                "of the chase checked",
                Steps, What, static_cast<int>(Times.size()), Ctx.warmups(),
                S.iqrPct());
  M.Method = Method;
  Ctx.add(M);
}

/// Warps per SM of the rounds measurement: one per scheduler.
constexpr unsigned RoundWarpsPerSm = 4;

/// The time of one round of \p K loads per warp, ns; checks every chain's
/// end.
/// \p DevStart has room for two words per chain (starts, then ends).
template <int K>
double roundNs(Context &Ctx, const std::vector<std::uint32_t> &Next,
               const std::uint32_t *DevNext, std::uint32_t *DevStart,
               std::uint32_t Steps) {
  const char *Name = "load_latency_dram_rounds";
  unsigned Blocks = static_cast<unsigned>(Ctx.smCount());
  std::size_t Chains = std::size_t(Blocks) * RoundWarpsPerSm * K;
  // Chains start evenly apart along the cycle, so that none reaches a line
  // another left in the L2 within a launch.
  std::size_t Nodes = Next.size() / WordsPerNode;
  std::vector<std::uint32_t> Start(Chains);
  std::uint32_t At = 0;
  std::size_t Gap = Nodes / Chains;
  for (std::size_t C = 0, Walked = 0; C < Chains; ++C) {
    for (; Walked < C * Gap; ++Walked)
      At = Next[At];
    Start[C] = At;
  }
  std::uint32_t *DevEnd = DevStart + Chains;
  HEADROOM_CUDA(cudaMemcpy(DevStart, Start.data(),
                           Chains * sizeof(std::uint32_t),
                           cudaMemcpyHostToDevice));
  auto Launch = [&] {
    roundsKernel<K><<<Blocks, RoundWarpsPerSm * 32, 0, Ctx.stream()>>>(
        DevNext, DevStart, DevEnd, Steps);
  };
  std::vector<double> Times = Ctx.time(Launch);
  std::vector<std::uint32_t> Ends(Chains);
  HEADROOM_CUDA(cudaMemcpy(Ends.data(), DevEnd, Chains * sizeof(std::uint32_t),
                           cudaMemcpyDeviceToHost));
  for (std::size_t C = 0; C < Chains; ++C) {
    std::uint32_t Want = Start[C];
    for (std::uint32_t S = 0; S < Steps; ++S)
      Want = Next[Want];
    if (Ends[C] != Want)
      throwWrongResult(Name, "a chain ended at the wrong node");
  }
  return perStepNs(Times, Steps, Name).Median;
}

void runRounds(Context &Ctx) {
  const std::size_t Bytes = std::size_t(512) << 20;
  const std::size_t NodeBytes = WordsPerNode * sizeof(std::uint32_t);
  std::size_t Nodes = Bytes / NodeBytes;
  std::vector<std::uint32_t> Next = cycleOf(
      Nodes, (2 << 20) / NodeBytes, 1000 + static_cast<unsigned>(Nodes));
  // One buffer: the cycle, then each chain's start and end (8 loads per
  // warp at most).
  std::size_t MostChains = std::size_t(Ctx.smCount()) * RoundWarpsPerSm * 8;
  auto *DevNext = static_cast<std::uint32_t *>(
      Ctx.scratch(Bytes + 2 * MostChains * sizeof(std::uint32_t)));
  std::uint32_t *DevChains = DevNext + Next.size();
  HEADROOM_CUDA(
      cudaMemcpy(DevNext, Next.data(), Bytes, cudaMemcpyHostToDevice));
  const std::uint32_t Steps = 2000;
  Measurement M;
  M.Name = "load_latency_dram_rounds";
  M.Unit = "ns";
  M.Points = {{1, roundNs<1>(Ctx, Next, DevNext, DevChains, Steps)},
              {2, roundNs<2>(Ctx, Next, DevNext, DevChains, Steps)},
              {4, roundNs<4>(Ctx, Next, DevNext, DevChains, Steps)},
              {8, roundNs<8>(Ctx, Next, DevNext, DevChains, Steps)}};
  M.Value = M.Points.front().second;
  for (auto [Loads, Ns] : M.Points) {
    char Line[96];
    std::snprintf(Line, sizeof(Line),
                  "load_latency_dram_rounds: %g loads %.1f ns", Loads, Ns);
    Ctx.progress(Line);
  }
  char Method[600];
  std::snprintf(
      Method, sizeof(Method),
      "a warp's round of K independent loads (K = 1, 2, 4, 8; points are "
      "K and ns per round): %u warps per SM, one block per SM, each warp "
      "chasing K chains through the lines of 512 MB (2 MB pages in a random "
      "order, the lines of each in a random order; L2 misses), every lane "
      "reading its word of the line (one coalesced 128-byte request per "
      "load), %u rounds per launch; medians of the timed runs after %d "
      "warm-ups; every chain's end checked; value = the round of one load",
      RoundWarpsPerSm, Steps, Ctx.warmups());
  M.Method = Method;
  Ctx.add(M);
}

} // namespace

void runLoadLatency(Context &Ctx) {
  runChase(Ctx, "load_latency_l1", 16 << 10, 16 << 10, 200000,
           "a random cycle of 128 lines in 16 KB (L1 hits)");
  runChase(Ctx, "load_latency_l2", 16 << 20, 16 << 20, 50000,
           "a random cycle of 131072 lines in 16 MB (L1 misses, L2 hits)");
  runChase(Ctx, "load_latency_dram", std::size_t(512) << 20, 2 << 20, 20000,
           "a cycle of the lines of 512 MB, 2 MB pages in a random order "
           "and the lines of each in a random order (L2 misses, address "
           "translations of one page at a time)");
  runRounds(Ctx);
}

} // namespace headroom::microbench
