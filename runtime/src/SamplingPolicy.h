//===- SamplingPolicy.h - Which launches get counters -----------*- C++ -*-===//
///
/// \file
/// Decides, at a launch's API entry, whether its counters are collected.
/// Per LaunchKey (site or scope, kernel, device, grid, block, dynamic shared
/// memory) the rule is one of HEADROOM_SAMPLE: the first launch (default),
/// every N-th launch (the 1st, N+1-th, ...), every launch, or none. The
/// scope (HEADROOM_SAMPLE_SCOPE) limits which launches are candidates: by
/// default only those made from an instrumented site, since library kernels
/// such as NCCL's can wait on other GPUs and hang under kernel replay.
/// Kernels whose names contain a skip pattern (NCCL and NVSHMEM kernels
/// always, plus HEADROOM_SAMPLE_SKIP) are never sampled.
///
/// The `first` rule is bounded (SamplingBounds): configurations whose grids
/// are within a factor of sqrt 2 in blocks share one sample (a kernel whose
/// grid changes at every launch would otherwise be replayed at every
/// launch), a kernel gets at most a set number of samples, and samples other
/// than a kernel's first two sizes (FreeSample) are taken only while the
/// time budget (SamplingBudget) allows. The runtime estimates the counters of
/// the configurations left out from the sampled ones (CounterEstimation.h).
///
/// A claimed launch that could not be sampled for a passing reason (stream
/// capture, failed launch) is released, and the next launch of the key tries
/// again, a bounded number of times; a key the sampler refuses for good (a
/// kernel replay cannot run safely) is never tried again.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_SAMPLINGPOLICY_H
#define HEADROOM_RUNTIME_SAMPLINGPOLICY_H

#include "LaunchKey.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace headroom::rt {

/// Which launches may be sampled (HEADROOM_SAMPLE_SCOPE).
enum class SamplingScope {
  /// Launches from instrumented sites only (default).
  Sites,
  /// Also launches attributed to a scope (library calls bracketed by
  /// headroom_scope_begin/end).
  Scopes,
  /// Every launch, also unattributed ones.
  All,
};

std::string_view samplingScopeName(SamplingScope S);

/// Which launches of one key are sampled (HEADROOM_SAMPLE).
struct SamplingRule {
  enum class Kind {
    /// The first launch of each key (default).
    First,
    /// Launches 1, N+1, 2N+1, ... of each key.
    Every,
    /// Every launch.
    All,
    /// None.
    Off,
  };
  Kind Which = Kind::First;
  /// The period of Kind::Every.
  unsigned N = 1;
  /// "first", "every:N", "all" or "off".
  std::string name() const;
  friend bool operator==(const SamplingRule &, const SamplingRule &) = default;
};

/// How the `first` rule groups configurations (HEADROOM_SAMPLE_GROUPING).
enum class SamplingGrouping {
  /// One sample per size class of grids (blocks within a factor of sqrt 2)
  /// of each site or scope, kernel, device, block and shared memory.
  Size,
  /// One sample per configuration.
  Exact,
};

std::string_view samplingGroupingName(SamplingGrouping G);

/// What bounds the `first` rule's samples.
struct SamplingBounds {
  SamplingGrouping Grouping = SamplingGrouping::Size;
  /// Samples of one kernel on one device (HEADROOM_SAMPLES_PER_KERNEL);
  /// nullopt: no cap.
  std::optional<unsigned> PerKernel = 16;
};

/// The size class of a grid of \p Blocks blocks: floor(2 log2 Blocks).
unsigned gridSizeClass(std::uint64_t Blocks);

/// Launches the bounds left without counters, by reason.
struct SkippedLaunches {
  /// Their size class was sampled in another configuration.
  std::uint64_t Grouped = 0;
  /// The kernel had its samples.
  std::uint64_t Capped = 0;
  /// The time budget was spent.
  std::uint64_t OverBudget = 0;
};

/// The sampling decision. Not thread-safe: the Runtime serializes access.
class SamplingPolicy {
public:
  /// The most keys tracked; further keys are not sampled.
  static constexpr std::size_t MaxKeys = 1u << 16;

  /// Name patterns never sampled whatever the configuration: collective
  /// kernels wait on other GPUs and would hang under kernel replay.
  static const std::vector<std::string> &builtinSkipPatterns();

  explicit SamplingPolicy(SamplingScope Scope,
                          SamplingRule Rule = SamplingRule{},
                          std::vector<std::string> SkipPatterns = {},
                          unsigned MaxAttempts = 3,
                          SamplingBounds Bounds = SamplingBounds{});

  /// True when this launch of \p Key is to be sampled. \p BudgetLeft: the
  /// time budget allows another sample (only a kernel's first sample is
  /// taken without). When a launch is left alone because of its name or of
  /// the bounds, \p Why (if given) says so, once per key.
  /// \p SmCount: the SMs of the launch's device (0: unknown), for the
  /// samples a kernel gets regardless of the budget (FreeSample).
  bool claim(const LaunchKey &Key, std::string *Why = nullptr,
             bool BudgetLeft = true, unsigned SmCount = 0);
  /// The claimed launch of \p Key gave no counters for a passing reason:
  /// the next launch of the key tries again. \p Failed counts the attempt
  /// against the bound (a launch skipped before profiling does not).
  void release(const LaunchKey &Key, bool Failed = true);
  /// The claimed launch of \p Key can never be sampled: stop trying.
  void refuse(const LaunchKey &Key);
  /// Stops all sampling (counters became unavailable).
  void disable() { Enabled = false; }
  bool enabled() const { return Enabled; }
  SamplingScope scope() const { return Scope; }
  const SamplingRule &rule() const { return Rule; }
  const SamplingBounds &bounds() const { return Bounds; }
  const SkippedLaunches &skipped() const { return Skipped; }
  /// Whether launches of \p Key may be profiled at all, whatever the rule:
  /// in scope and not matching a skip pattern (warp-stall samples follow
  /// the same limits).
  bool candidate(const LaunchKey &Key) const {
    return inScope(Key) && !skipPattern(Key.Kernel);
  }
  /// The key \p Key shares its sample with under the `first` rule.
  LaunchKey groupOf(const LaunchKey &Key) const;

private:
  /// The samples a kernel gets whatever the budget: its first, its first
  /// of a grid that fills the GPU, and, when its first grid did not fill it,
  /// its first of a grid at most a quarter of that one: two sizes to tell a
  /// fixed part of its counters from a part per thread (CounterEstimation.h).
  enum class FreeSample { None, First, FullWave, Smaller };
  struct State {
    std::uint64_t Seen = 0;
    unsigned Failures = 0;
    bool Done = false;
    bool Retry = false;
    bool Refused = false;
    /// Why the bounds left it out was noted.
    bool Noted = false;
    /// Which of the kernel's budget-free samples its sample was.
    FreeSample Claimed = FreeSample::None;
  };
  /// The samples of one kernel under the `first` rule.
  struct KernelSamples {
    unsigned Taken = 0;
    /// The blocks of its first sample's grid.
    std::uint64_t FirstBlocks = 0;
    bool FullWaveTaken = false;
    bool SmallerTaken = false;
  };
  using KernelId = std::pair<std::string, std::uint32_t>;
  bool inScope(const LaunchKey &Key) const;
  /// The `first` rule under the bounds; \p Why: the reason it is not taken.
  bool claimFirst(const LaunchKey &Key, State &S, bool BudgetLeft,
                  unsigned SmCount, std::string &Why);
  /// A claimed `first` sample of \p Key was not taken after all.
  void unclaimFirst(const LaunchKey &Key, State &S);
  /// The pattern \p Kernel matches, if any.
  const std::string *skipPattern(const std::string &Kernel) const;

  SamplingScope Scope;
  SamplingRule Rule;
  std::vector<std::string> Skip;
  unsigned MaxAttempts;
  bool Enabled = true;
  SamplingBounds Bounds;
  std::unordered_map<LaunchKey, State, LaunchKeyHash> Keys;
  /// Size classes (or configurations) whose sample was taken.
  std::unordered_map<LaunchKey, bool, LaunchKeyHash> GroupsDone;
  std::map<KernelId, KernelSamples> Kernels;
  SkippedLaunches Skipped;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_SAMPLINGPOLICY_H
