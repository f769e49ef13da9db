//===- Profile.h - A headroom.profile/1 file in memory ----------*- C++ -*-===//
///
/// \file
/// What an instrumented program measured, as written by libheadroom_rt
/// (docs/formats.md, `headroom.profile/1`): the devices, the launch sites
/// registered by the instrumented translation units, and one entry per
/// (site, kernel, device, launch configuration) with its launch count,
/// durations and the counters of its sampled launch.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_REPORT_PROFILE_H
#define HEADROOM_REPORT_PROFILE_H

#include "support/Error.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// A position in a source file; Line and Column are 1-based.
struct SourceLocation {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
};

/// One kernel launch site in the user's source.
struct ProfileSite {
  unsigned Id = 0;
  SourceLocation Launch;
  /// The kernel as written at the launch.
  std::string Kernel;
  /// The kernel's definition (or declaration).
  SourceLocation Definition;
};

struct ProfileDevice {
  unsigned Index = 0;
  std::string Name;
  std::string Uuid;
  std::string ComputeCapability;
  std::string Chip;
  unsigned SmCount = 0;
};

/// One (site, kernel, device, configuration) entry.
struct ProfileKernel {
  /// Index into Profile::Sites; empty for launches outside any site.
  std::optional<std::size_t> Site;
  std::string Name;      ///< As the driver reports it (mangled).
  std::string Demangled; ///< Readable name; Name when not given.
  unsigned Device = 0;
  std::array<unsigned, 3> Grid{1, 1, 1};
  std::array<unsigned, 3> Block{1, 1, 1};
  std::uint64_t DynamicSharedBytes = 0;
  std::uint64_t Launches = 0;
  /// The launches whose durations TotalNs sums: the sampled launch runs
  /// under kernel replay and has no usable timestamps, so this can be less
  /// than Launches (docs/formats.md).
  std::uint64_t TimedLaunches = 0;
  double TotalNs = 0, MinNs = 0, MaxNs = 0;
  /// Counters of the sampled launch(es), by CUPTI metric name; empty when
  /// no launch of this entry was sampled.
  std::map<std::string, double> Counters;
  /// How many launches the counter values cover (they are per launch).
  std::uint64_t CounterLaunches = 0;

  std::uint64_t threadsPerBlock() const {
    return std::uint64_t(Block[0]) * Block[1] * Block[2];
  }
  std::uint64_t blocks() const {
    return std::uint64_t(Grid[0]) * Grid[1] * Grid[2];
  }
  /// GPU time of all Launches: the timed launches' mean times Launches.
  double estimatedTotalNs() const {
    if (TimedLaunches == 0 || TimedLaunches >= Launches)
      return TotalNs;
    return TotalNs / double(TimedLaunches) * double(Launches);
  }
};

struct Profile {
  /// The file it was read from, for messages.
  std::string Path;
  std::string Mode; ///< "counters", "time" or "off".
  std::vector<std::string> Warnings;
  std::vector<ProfileDevice> Devices;
  std::vector<ProfileSite> Sites;
  std::vector<ProfileKernel> Kernels;

  /// True when at least one entry carries counters.
  bool hasCounters() const;
  const ProfileDevice *device(unsigned Index) const;
};

/// Reads and validates a profile; errors name the file, the field and what
/// was expected.
Expected<Profile> readProfile(const std::string &Path);

} // namespace headroom

#endif // HEADROOM_REPORT_PROFILE_H
