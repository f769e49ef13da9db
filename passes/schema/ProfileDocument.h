//===- ProfileDocument.h - A headroom.profile/1 document --------*- C++ -*-===//
///
/// \file
/// Everything a `headroom.profile/1` file holds (docs/formats.md), typed:
/// the process, the devices, how the data was collected, the launch sites
/// and scopes the instrumented translation units registered, one entry per
/// (site or scope, kernel, device, launch configuration) with its launches,
/// durations and counters, and, in a profile that `headroom merge` wrote,
/// the processes it combines. The runtime fills one and writes it
/// (ProfileWriter.h); report, lint and merge read one (ProfileReader.h).
///
/// Optional fields are std::optional where the format distinguishes a null
/// or absent value from every other; strings are empty and counts 0 where
/// the format leaves them out when empty or 0.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SCHEMA_PROFILEDOCUMENT_H
#define HEADROOM_SCHEMA_PROFILEDOCUMENT_H

#include "schema/CounterCatalog.h"
#include "schema/SourceLocation.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// The largest count or duration in nanoseconds a profile holds (146 years
/// of GPU time, the year 2116 as a Unix time in ns): twice it still fits in
/// 64 bits, so `headroom merge` can add two without wrapping and refuse a
/// sum above it.
inline constexpr std::uint64_t MaxProfileCount = std::uint64_t(1) << 62;

/// The process that wrote the profile. In a merged profile pid and rank are
/// null, and host is null when several hosts took part.
struct ProfileProcess {
  std::optional<std::int64_t> Pid;
  std::optional<std::string> Host;
  std::optional<std::int64_t> Rank;
  std::optional<std::string> Command;
  std::optional<std::uint64_t> StartUnixNs, EndUnixNs;
};

/// A GPU that ran kernels.
struct ProfileDevice {
  /// The CUDA device ordinal that ProfileKernel::Device refers to.
  unsigned Index = 0;
  std::string Name;
  std::string Uuid;
  /// Every physical GPU a merged device stands for.
  std::vector<std::string> Uuids;
  std::string ComputeCapability;
  std::optional<std::uint64_t> SmCount;
  std::string Chip;
};

/// A metric that was requested but left out, and why.
struct DroppedMetric {
  std::string Name, Reason;
};

/// The bounds on counter sampling (`collection.sampling_limits`,
/// docs/runtime.md): absent in profiles of runtimes before them.
struct SamplingLimits {
  /// Counter collection's share of the program's own time; null: no budget.
  std::optional<double> BudgetPct;
  /// Samples of one kernel; null: no cap.
  std::optional<std::uint64_t> SamplesPerKernel;
  /// How configurations are grouped for sampling: "size" or "exact".
  std::string Grouping;
};

/// Warp-stall sampling (`collection.stall_sampling`, docs/runtime.md):
/// absent in profiles of runtimes before it.
struct StallSamplingInfo {
  /// "on" (sampled launches have `stall_samples`), "off" (turned off) or
  /// "unavailable" (Note says why).
  std::string Mode;
  /// Cycles between two samples of an SM; 0 when not sampled.
  std::uint64_t Period = 0;
  std::string Note;
};

/// How the data was collected (`collection`). Empty strings are absent.
struct ProfileCollection {
  /// What was recorded: "counters", "time" or "sites".
  std::string Mode;
  std::string RequestedMode, Sampling, SamplingScope, Correlation;
  /// What wrote the file: "exit", "periodic", a signal name, "merge".
  std::string Trigger;
  double FlushIntervalS = 0;
  std::vector<std::string> Metrics;
  /// Replay passes of the metric configuration; null when none was sampled.
  std::optional<std::uint64_t> Passes;
  std::vector<DroppedMetric> DroppedMetrics;
  std::vector<std::string> Warnings, Notes;
  std::uint64_t DroppedRecords = 0;
  std::map<std::string, std::uint64_t> Diagnostics;
  std::optional<SamplingLimits> Limits;
  std::optional<StallSamplingInfo> StallSampling;
  /// In a merged profile: how many processes recorded in each mode.
  std::map<std::string, std::uint64_t> Modes;
};

/// One kernel launch site in the user's source.
struct ProfileSite {
  /// What ProfileKernel::Site refers to (the position in the runtime's
  /// profiles).
  std::uint64_t Id = 0;
  /// Where the kernel is launched; an empty File where that is unknown (a
  /// profile that `headroom import` made of Nsight Compute's export: its
  /// sites are kernel definitions only).
  SourceLocation Launch;
  /// The kernel as written at the launch.
  std::string Kernel;
  /// The kernel's definition (or declaration); an empty File where the
  /// launch names no kernel function (a launch through a function pointer:
  /// the driver's name tells which kernel ran).
  SourceLocation Definition;

  bool hasDefinition() const { return !Definition.File.empty(); }
  bool hasLaunch() const { return !Launch.File.empty(); }
  /// The absolute directory that relative files of Launch and Definition are
  /// relative to (the compile's working directory, `directory`); empty in
  /// profiles that do not record it: their relative files are then taken
  /// relative to wherever the report runs (--source-root).
  std::string Directory;
};

/// A bracketed call into a library or uninstrumented code.
struct ProfileScope {
  std::uint64_t Id = 0;
  SourceLocation Where;
  /// What was called.
  std::string Name;
  /// The absolute directory a relative Where.File is relative to (the
  /// compile's working directory, `directory`), as ProfileSite::Directory;
  /// empty in profiles that do not record it.
  std::string Directory;
};

/// A kernel's counters by CUPTI metric name, in the order of the document.
using ProfileCounters = nlohmann::ordered_map<std::string, double>;

/// Where an entry's counters come from when they were estimated
/// (`counters_estimated`): a sampled entry of the same kernel on the same
/// device, its summable counters scaled by the ratio of threads.
struct CounterEstimate {
  std::optional<std::uint64_t> Site, Scope;
  std::array<unsigned, 3> Grid{1, 1, 1};
  std::array<unsigned, 3> Block{1, 1, 1};
  std::uint64_t DynamicSharedBytes = 0;
  /// This entry's threads over the sampled entry's.
  double Scale = 1;
  /// The grid of a second sampled entry of the same site, block and shared
  /// memory: summable counters lie on the line through both.
  std::optional<std::array<unsigned, 3>> ThroughGrid;
};

/// The warp-state samples of one instruction of a kernel (CUPTI PC
/// sampling): where the warps were when sampled, and why they waited.
struct StallSamplePc {
  /// The function the instruction belongs to (mangled; an inlined or called
  /// device function's code is in the kernel's function).
  std::string Function;
  /// The instruction's offset in the function's SASS, in bytes.
  std::uint64_t Offset = 0;
  /// The source line the line table gives the instruction (Column 0); File
  /// empty when the runtime could not resolve it.
  SourceLocation Where;
  /// The directory a relative Where.File is relative to; may be empty.
  std::string Directory;
  /// Samples per stall reason, by the reason's name without CUPTI's
  /// `smsp__pcsamp_warps_issue_stalled_` prefix (`long_scoreboard`,
  /// `selected`, ...); the `_not_issued` subsets are not kept.
  std::map<std::string, std::uint64_t> Stalls;

  std::uint64_t samples() const {
    std::uint64_t N = 0;
    for (const auto &[Reason, Count] : Stalls)
      N += Count;
    return N;
  }
};

/// A kernel entry's warp-state samples (`stall_samples`).
struct StallSamples {
  /// The sampled launches the samples come from.
  std::uint64_t Launches = 0;
  /// Cycles between two samples of an SM.
  std::uint64_t Period = 0;
  /// Samples the hardware or CUPTI dropped (a full buffer).
  std::uint64_t Dropped = 0;
  std::vector<StallSamplePc> Pcs;
};

/// A kernel launched just before some of an entry's launches on the same
/// stream, with device allocations that both launches' arguments point into
/// (`follows`): what fusing the two would keep on chip.
struct KernelFollow {
  /// The previous launch's site or scope, as ProfileKernel's.
  std::optional<std::uint64_t> Site, Scope;
  /// The previous launch's kernel (mangled).
  std::string Name;
  /// The entry's launches that came right after one of that kernel.
  std::uint64_t Launches = 0;
  /// The largest, over those launches, of the bytes of the allocations
  /// both launches' arguments point into.
  std::uint64_t SharedBytes = 0;
};

/// Puts \p Follows in the profile's order: most launches first, then by
/// name, site and scope.
void sortFollows(std::vector<KernelFollow> &Follows);

/// One (site or scope, kernel, device, configuration) entry.
struct ProfileKernel {
  /// The id of the launch site, of the scope; neither for a launch outside
  /// instrumented code.
  std::optional<std::uint64_t> Site, Scope;
  std::string Name;      ///< As the driver reports it (mangled).
  std::string Demangled; ///< Readable name; the reader puts Name if absent.
  unsigned Device = 0;
  std::array<unsigned, 3> Grid{1, 1, 1};
  std::array<unsigned, 3> Block{1, 1, 1};
  std::uint64_t DynamicSharedBytes = 0;
  /// Resources the runtime learned from the kernel's record.
  std::optional<std::uint64_t> StaticSharedBytes, RegistersPerThread,
      LocalBytesPerThread;
  std::uint64_t Launches = 0;
  /// Launches that were CUDA graph kernel nodes (written when non-zero).
  std::uint64_t GraphLaunches = 0;
  /// The launches whose durations TotalNs sums; Launches when absent.
  std::optional<std::uint64_t> TimedLaunches;
  /// Where the durations come from: "unprofiled", "profiled", "counters",
  /// "none"; empty when absent.
  std::string Timing;
  std::uint64_t UntimedLaunches = 0;
  std::uint64_t TotalNs = 0, MinNs = 0, MaxNs = 0;
  std::optional<std::uint64_t> MedianNs;
  /// A uniform sample of at most 64 of the timed durations.
  std::vector<std::uint64_t> DurationSampleNs;
  /// Mean duration of the sampled launches under the profiler.
  std::optional<std::uint64_t> ProfiledNs;
  std::uint64_t ReplayRecords = 0;
  /// Per-launch counters of the sampled launches; written with
  /// CounterLaunches whenever that is set.
  ProfileCounters Counters;
  /// How many sampled launches the counter values average.
  std::optional<std::uint64_t> CounterLaunches;
  /// Why sampling failed, or why the entry was not sampled.
  std::string CounterError, CounterNote;
  /// Set when Counters were estimated from another entry, not measured.
  std::optional<CounterEstimate> CountersEstimated;
  /// Warp-state samples of sampled launches (docs/runtime.md).
  std::optional<StallSamples> Stalls;
  /// The launches whose arguments the runtime inspected for the device
  /// allocations they point into; absent where it inspected none.
  std::optional<std::uint64_t> ExaminedLaunches;
  /// Of those, the launches that shared allocations with the launch just
  /// before them on the same stream, by that launch's kernel.
  std::vector<KernelFollow> Follows;

  /// Counter \p C per launch (its Hopper name in Counters), when recorded.
  std::optional<double> counter(Counter C) const;
  std::uint64_t threadsPerBlock() const {
    return std::uint64_t(Block[0]) * Block[1] * Block[2];
  }
  std::uint64_t blocks() const {
    return std::uint64_t(Grid[0]) * Grid[1] * Grid[2];
  }
  std::uint64_t timedLaunches() const {
    return TimedLaunches.value_or(Launches);
  }
  /// How many launches the counter values cover: CounterLaunches, else 1
  /// when there are counters, else 0.
  std::uint64_t counterLaunches() const {
    return Counters.empty() ? 0 : CounterLaunches.value_or(1);
  }
  /// GPU time of all Launches: the timed launches' mean times Launches (the
  /// sampled launches run under kernel replay and have no timestamps).
  double estimatedTotalNs() const {
    std::uint64_t Timed = timedLaunches();
    if (Timed == 0 || Timed >= Launches)
      return double(TotalNs);
    return double(TotalNs) / double(Timed) * double(Launches);
  }
};

/// One process a merged profile combines (`sources`).
struct ProfileSource {
  std::string Path;
  std::optional<std::int64_t> Pid;
  std::optional<std::string> Host;
  std::optional<std::int64_t> Rank;
  std::optional<std::string> Command;
  std::optional<std::uint64_t> StartUnixNs, EndUnixNs;
  std::string Trigger;
  std::optional<std::string> Mode;
  std::uint64_t Launches = 0;
};

/// A whole profile. A value type.
struct ProfileDocument {
  /// The file it was read from, for messages; not part of the format.
  std::string Path;
  std::string RuntimeVersion;
  std::optional<ProfileProcess> Process;
  std::vector<ProfileDevice> Devices;
  ProfileCollection Collection;
  std::vector<ProfileSite> Sites;
  std::vector<ProfileScope> Scopes;
  std::vector<ProfileKernel> Kernels;
  /// The merged processes; empty unless `headroom merge` wrote the file.
  std::vector<ProfileSource> Sources;

  /// True when at least one entry carries counters.
  bool hasCounters() const;
  /// The device of index \p Index, or null.
  const ProfileDevice *device(unsigned Index) const;
  /// The position in Sites of the site of id \p Id, or nothing.
  std::optional<std::size_t> siteIndex(std::uint64_t Id) const;
  /// The position in Scopes of the scope of id \p Id, or nothing.
  std::optional<std::size_t> scopeIndex(std::uint64_t Id) const;
  /// The site of kernel entry \p K, or null.
  const ProfileSite *siteOf(const ProfileKernel &K) const;
};

} // namespace headroom

#endif // HEADROOM_SCHEMA_PROFILEDOCUMENT_H
