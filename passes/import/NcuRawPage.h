//===- NcuRawPage.h - Nsight Compute's raw page -----------------*- C++ -*-===//
///
/// \file
/// The raw page of an Nsight Compute report, as `ncu --import R.ncu-rep
/// --csv --page raw [--print-units base]` exports it: a header row of
/// column names ("ID", "Kernel Name", "Grid Size", ..., then one column per
/// metric), a row of units, then one row per profiled launch. Each launch
/// is read into what a profile needs: its kernel, device, process, launch
/// configuration, duration and the counters of Headroom's catalog
/// (schema/CounterCatalog.h, whose names are the PerfWorks metric names ncu
/// prints), every value in base units.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_IMPORT_NCURAWPAGE_H
#define HEADROOM_IMPORT_NCURAWPAGE_H

#include "support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace headroom::ncu {

/// The GPU a launch ran on.
struct NcuDevice {
  unsigned Index = 0;
  /// device__attribute_display_name ("NVIDIA H200").
  std::string Name;
  /// "CC" ("9.0").
  std::string ComputeCapability;
  std::optional<std::uint64_t> SmCount;
};

/// One profiled launch: one row of the page.
struct NcuLaunch {
  /// The line of the page the row is on.
  std::size_t Line = 0;
  /// "Kernel Name": the demangled signature in Nsight's spelling.
  std::string Kernel;
  NcuDevice Device;
  std::optional<std::int64_t> Pid;
  std::string Process, Host;
  std::array<unsigned, 3> Grid{1, 1, 1};
  std::array<unsigned, 3> Block{1, 1, 1};
  std::optional<std::uint64_t> RegistersPerThread, StaticSharedBytes,
      DynamicSharedBytes;
  /// gpu__time_duration.sum.
  double DurationNs = 0;
  /// The catalog's metrics the row has a value for, by name, in base units.
  std::vector<std::pair<std::string, double>> Counters;
};

struct NcuRawPage {
  std::vector<NcuLaunch> Launches;
};

/// The metrics a raw page must have: the duration and the thesis model's
/// inputs (DRAM traffic in sectors or in bytes).
std::vector<std::string> requiredMetrics();

/// Reads the raw page \p Text. Errors name the line, and the column by its
/// name, and say what was expected.
Expected<NcuRawPage> readRawPage(std::string_view Text);

} // namespace headroom::ncu

#endif // HEADROOM_IMPORT_NCURAWPAGE_H
