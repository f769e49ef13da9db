//===- RuntimeConfig.h - The runtime's environment variables ----*- C++ -*-===//
///
/// \file
/// Reads the HEADROOM_* environment variables (docs/runtime.md) into a plain
/// struct. Unknown values fall back to the default and leave a message in
/// Errors; reading never fails.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_RUNTIMECONFIG_H
#define HEADROOM_RUNTIME_RUNTIMECONFIG_H

#include "SamplingPolicy.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom::rt {

/// HEADROOM_MODE.
enum class Mode {
  /// The runtime does nothing and writes no profile.
  Off,
  /// Sites and kernel times.
  Time,
  /// Sites, kernel times and counters of sampled launches.
  Counters,
};

/// Where site associations come from (HEADROOM_CORRELATION).
enum class CorrelationSource {
  /// The driver launch callbacks (default): a kernel record carries the
  /// driver call's correlation id.
  Callback,
  /// The driver and runtime launch callbacks, for a CUPTI whose kernel
  /// records carry the runtime call's id (two more callbacks per launch).
  CallbackRuntime,
  /// External-correlation activity records (also the fallback when the
  /// callback subscription fails).
  External,
};

std::string_view modeName(Mode M);

/// How long the CUPTI profiler stays initialized (HEADROOM_PROFILER_LIFETIME).
enum class ProfilerLifetime {
  /// Per sample for rare samples (every:N with N >= 100), for the whole
  /// process otherwise.
  Auto,
  /// Initialized for each sample and released after it.
  Sample,
  /// Initialized at the first sample and kept.
  Process,
};

/// The runtime's own choice of profile: in the working directory.
inline constexpr const char *DefaultProfileName = "headroom-profile.json";

/// Who chose where the profile goes, first to last in precedence
/// (docs/runtime.md).
enum class ProfileChoice {
  /// HEADROOM_PROFILE.
  Variable,
  /// HEADROOM_PROFILE_DIR: its headroom-profile.json.
  Directory,
  /// The program's build (headroom_set_default_profile).
  Build,
  /// Nobody: headroom-profile.json in the working directory.
  Default,
};

struct RuntimeConfig {
  Mode RequestedMode = Mode::Counters;
  /// Where the profile goes, %p, %h, %r and %% expanded: HEADROOM_PROFILE,
  /// else HEADROOM_PROFILE_DIR's headroom-profile.json, else the build's
  /// choice, else DefaultProfileName.
  std::string ProfilePath = DefaultProfileName;
  ProfileChoice ProfileFrom = ProfileChoice::Default;
  /// Where a profile the build chose goes when it cannot be written there.
  std::string FallbackProfilePath = DefaultProfileName;
  /// HEADROOM_METRICS resolved to CUPTI names: added to the defaults, or
  /// instead of them when MetricsReplaceDefaults ("only:" prefix).
  std::vector<std::string> Metrics;
  bool MetricsReplaceDefaults = false;
  SamplingScope Scope = SamplingScope::Scopes;
  SamplingRule Rule;
  /// HEADROOM_SAMPLE_GROUPING and HEADROOM_SAMPLES_PER_KERNEL.
  SamplingBounds Bounds;
  /// HEADROOM_BUDGET_PCT: counter collection's share of the program's own
  /// time in percent; nullopt: no budget.
  std::optional<double> BudgetPct = 20.0;
  /// HEADROOM_SAMPLE_SKIP: kernel-name substrings never sampled.
  std::vector<std::string> SkipPatterns;
  CorrelationSource Correlation = CorrelationSource::Callback;
  /// HEADROOM_CACHE_DIR: where the metric choice per chip is kept across
  /// runs (MetricChoiceCache); empty: not kept.
  std::string CacheDir;
  /// HEADROOM_CUPTI_LIBRARY: the only libcupti to try when set.
  std::string CuptiLibrary;
  /// HEADROOM_FLUSH_S: seconds between periodic profile writes; 0: none.
  double FlushIntervalS = 60.0;
  /// HEADROOM_SIGNALS: write the profile on SIGINT, SIGTERM, SIGABRT and
  /// crash signals before the program's own handling.
  bool Signals = true;
  ProfilerLifetime Lifetime = ProfilerLifetime::Auto;
  /// HEADROOM_PC_SAMPLING: warp-stall samples of sampled kernels (counters
  /// mode only); on by default.
  bool PcSampling = true;
  /// HEADROOM_PC_SAMPLING=N: every stall sample at 2^N cycles; nullopt:
  /// chosen per kernel (StallPolicy).
  std::optional<unsigned> PcSamplingExponent;

  /// Whether the profiler is released after each sample (Lifetime resolved
  /// against the sampling rule).
  bool releaseProfilerAfterSample() const;
  /// Messages about values that were not understood.
  std::vector<std::string> Errors;
};

using GetenvFn = std::function<const char *(const char *)>;

/// Reads the configuration through \p Getenv (returns null when unset).
/// \p Pid and \p Host fill the path pattern; the rank comes from \p Getenv.
RuntimeConfig readRuntimeConfig(const GetenvFn &Getenv, long Pid,
                                std::string_view Host = "localhost");

/// Makes \p Pattern, the build's choice of profile, where \p C writes,
/// unless a variable chose already; expanded as HEADROOM_PROFILE is. Returns
/// whether it did.
bool chooseBuildProfile(RuntimeConfig &C, std::string_view Pattern, long Pid,
                        std::string_view Host, std::optional<long> Rank);

/// Expands \p Pattern: %p the process id, %h the host name, %r the rank (0
/// without a launcher rank), %% a percent sign; other characters are kept.
std::string expandProfilePath(std::string_view Pattern, long Pid,
                              std::string_view Host, std::optional<long> Rank);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_RUNTIMECONFIG_H
