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
/// A claimed launch that could not be sampled for a passing reason (stream
/// capture, failed launch) is released, and the next launch of the key tries
/// again, a bounded number of times; a key the sampler refuses for good (a
/// kernel replay cannot run safely) is never tried again.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_SAMPLINGPOLICY_H
#define HEADROOM_RUNTIME_SAMPLINGPOLICY_H

#include "LaunchKey.h"

#include <string>
#include <string_view>
#include <unordered_map>
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
                          unsigned MaxAttempts = 3);

  /// True when this launch of \p Key is to be sampled. When a launch is
  /// left alone because of its name, \p Why (if given) says so, once per
  /// key.
  bool claim(const LaunchKey &Key, std::string *Why = nullptr);
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

private:
  struct State {
    std::uint64_t Seen = 0;
    unsigned Failures = 0;
    bool Done = false;
    bool Retry = false;
    bool Refused = false;
  };
  bool inScope(const LaunchKey &Key) const;
  /// The pattern \p Kernel matches, if any.
  const std::string *skipPattern(const std::string &Kernel) const;

  SamplingScope Scope;
  SamplingRule Rule;
  std::vector<std::string> Skip;
  unsigned MaxAttempts;
  bool Enabled = true;
  std::unordered_map<LaunchKey, State, LaunchKeyHash> Keys;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_SAMPLINGPOLICY_H
