//===- SamplingPolicy.cpp - Which launches get counters -------------------===//

#include "SamplingPolicy.h"

#include <bit>

namespace headroom::rt {

std::string_view samplingScopeName(SamplingScope S) {
  switch (S) {
  case SamplingScope::Sites:
    return "sites";
  case SamplingScope::Scopes:
    return "scopes";
  case SamplingScope::All:
    return "all";
  }
  return "sites";
}

std::string SamplingRule::name() const {
  switch (Which) {
  case Kind::First:
    return "first";
  case Kind::Every:
    return "every:" + std::to_string(N);
  case Kind::All:
    return "all";
  case Kind::Off:
    return "off";
  }
  return "first";
}

std::string_view samplingGroupingName(SamplingGrouping G) {
  return G == SamplingGrouping::Exact ? "exact" : "size";
}

unsigned gridSizeClass(std::uint64_t Blocks) {
  if (Blocks <= 1)
    return 0;
  // floor(2 log2 B): 2 floor(log2 B), plus one when B >= 2^k sqrt 2.
  unsigned K = unsigned(std::bit_width(Blocks)) - 1;
  double Half = double(std::uint64_t(1) << K) * 1.4142135623730951;
  return 2 * K + (double(Blocks) >= Half ? 1 : 0);
}

const std::vector<std::string> &SamplingPolicy::builtinSkipPatterns() {
  static const std::vector<std::string> Patterns = {"nccl", "nvshmem"};
  return Patterns;
}

SamplingPolicy::SamplingPolicy(SamplingScope Scope, SamplingRule Rule,
                               std::vector<std::string> SkipPatterns,
                               unsigned MaxAttempts, SamplingBounds Bounds)
    : Scope(Scope), Rule(Rule), Skip(builtinSkipPatterns()),
      MaxAttempts(MaxAttempts), Bounds(Bounds) {
  for (std::string &P : SkipPatterns)
    if (!P.empty())
      Skip.push_back(std::move(P));
  if (this->Rule.Which == SamplingRule::Kind::Every && this->Rule.N == 0)
    this->Rule.N = 1;
}

bool SamplingPolicy::inScope(const LaunchKey &Key) const {
  switch (Scope) {
  case SamplingScope::Sites:
    return Key.Site != NoSite;
  case SamplingScope::Scopes:
    return Key.Site != NoSite || Key.Scope != NoScope;
  case SamplingScope::All:
    return true;
  }
  return false;
}

const std::string *
SamplingPolicy::skipPattern(const std::string &Kernel) const {
  for (const std::string &P : Skip)
    if (Kernel.find(P) != std::string::npos)
      return &P;
  return nullptr;
}

LaunchKey SamplingPolicy::groupOf(const LaunchKey &Key) const {
  if (Bounds.Grouping == SamplingGrouping::Exact)
    return Key;
  LaunchKey Group = Key;
  // Z = 0 is no grid: a group key never equals a configuration's key.
  std::uint64_t Blocks =
      std::uint64_t(Key.Grid.X) * Key.Grid.Y * std::uint64_t(Key.Grid.Z);
  Group.Grid = Dim3{gridSizeClass(Blocks), 0, 0};
  return Group;
}

bool SamplingPolicy::claimFirst(const LaunchKey &Key, State &S, bool BudgetLeft,
                                unsigned SmCount, std::string &Why) {
  LaunchKey Group = groupOf(Key);
  if (GroupsDone[Group]) {
    ++Skipped.Grouped;
    Why = "not sampled: a grid of the same size class (within a factor of "
          "1.41 in blocks) was sampled; counters are estimated from the "
          "sampled configurations";
    return false;
  }
  KernelSamples &K = Kernels[KernelId{Key.Kernel, Key.Device}];
  std::uint64_t Blocks =
      std::uint64_t(Key.Grid.X) * Key.Grid.Y * std::uint64_t(Key.Grid.Z);
  bool FullWave = SmCount == 0 || Blocks >= SmCount;
  bool FirstFilled = SmCount == 0 || K.FirstBlocks >= SmCount;
  FreeSample Free = FreeSample::None;
  if (K.Taken == 0)
    Free = FreeSample::First;
  else if (FullWave && !K.FullWaveTaken)
    Free = FreeSample::FullWave;
  else if (!FirstFilled && !K.SmallerTaken && Blocks * 4 <= K.FirstBlocks)
    Free = FreeSample::Smaller;
  if (Free == FreeSample::None && Bounds.PerKernel &&
      K.Taken >= *Bounds.PerKernel) {
    ++Skipped.Capped;
    Why = "not sampled: the kernel had its " + std::to_string(K.Taken) +
          " samples (HEADROOM_SAMPLES_PER_KERNEL); counters are estimated "
          "from the sampled configurations";
    return false;
  }
  if (Free == FreeSample::None && !BudgetLeft) {
    ++Skipped.OverBudget;
    Why = "not sampled: counter collection had spent its share of the "
          "program's time (HEADROOM_BUDGET_PCT); counters are estimated "
          "from the sampled configurations";
    return false;
  }
  GroupsDone[Group] = true;
  if (K.Taken++ == 0)
    K.FirstBlocks = Blocks;
  K.FullWaveTaken = K.FullWaveTaken || FullWave;
  K.SmallerTaken = K.SmallerTaken || Free == FreeSample::Smaller;
  S.Claimed = Free;
  return true;
}

void SamplingPolicy::unclaimFirst(const LaunchKey &Key, State &S) {
  GroupsDone[groupOf(Key)] = false;
  KernelSamples &K = Kernels[KernelId{Key.Kernel, Key.Device}];
  if (K.Taken > 0)
    --K.Taken;
  if (S.Claimed == FreeSample::First || S.Claimed == FreeSample::FullWave)
    K.FullWaveTaken = false;
  if (S.Claimed == FreeSample::Smaller)
    K.SmallerTaken = false;
  if (K.Taken == 0)
    K.FirstBlocks = 0;
  S.Claimed = FreeSample::None;
}

bool SamplingPolicy::claim(const LaunchKey &Key, std::string *Why,
                           bool BudgetLeft, unsigned SmCount) {
  if (!Enabled || Rule.Which == SamplingRule::Kind::Off || !inScope(Key))
    return false;
  auto It = Keys.find(Key);
  if (It == Keys.end()) {
    if (Keys.size() >= MaxKeys)
      return false;
    It = Keys.try_emplace(Key).first;
    if (const std::string *P = skipPattern(Key.Kernel)) {
      It->second.Refused = true;
      if (Why)
        *Why = "not sampled: the kernel name contains '" + *P + "'" +
               (P->rfind("nccl", 0) == 0 || P->rfind("nvshmem", 0) == 0
                    ? " (collective kernels wait on other GPUs and would "
                      "hang under kernel replay)"
                    : " (HEADROOM_SAMPLE_SKIP)");
      return false;
    }
  }
  State &S = It->second;
  ++S.Seen;
  if (S.Refused || S.Failures >= MaxAttempts)
    return false;
  if (Rule.Which == SamplingRule::Kind::First) {
    if (S.Done && !S.Retry)
      return false;
    std::string Reason;
    if (!claimFirst(Key, S, BudgetLeft, SmCount, Reason)) {
      if (Why && !S.Noted)
        *Why = std::move(Reason);
      S.Noted = true;
      return false;
    }
    S.Retry = false;
    S.Done = true;
    return true;
  }
  bool Take = S.Retry;
  if (!Take) {
    switch (Rule.Which) {
    case SamplingRule::Kind::First:
      break;
    case SamplingRule::Kind::Every:
      Take = (S.Seen - 1) % Rule.N == 0;
      break;
    case SamplingRule::Kind::All:
      Take = true;
      break;
    case SamplingRule::Kind::Off:
      Take = false;
      break;
    }
  }
  if (!Take)
    return false;
  S.Retry = false;
  S.Done = true;
  return true;
}

void SamplingPolicy::release(const LaunchKey &Key, bool Failed) {
  auto It = Keys.find(Key);
  if (It == Keys.end())
    return;
  State &S = It->second;
  if (Failed)
    ++S.Failures;
  S.Retry = S.Failures < MaxAttempts;
  if (Rule.Which == SamplingRule::Kind::First) {
    S.Done = false;
    unclaimFirst(Key, S);
  }
}

void SamplingPolicy::refuse(const LaunchKey &Key) {
  auto It = Keys.find(Key);
  if (It == Keys.end())
    return;
  It->second.Refused = true;
  // Another configuration of its size class may still be sampled.
  if (Rule.Which == SamplingRule::Kind::First && It->second.Done)
    unclaimFirst(Key, It->second);
}

} // namespace headroom::rt
