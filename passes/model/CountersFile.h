//===- CountersFile.h - Reading headroom.counters/1 files -------*- C++ -*-===//
///
/// \file
/// Reads the `headroom.counters/1` format (docs/formats.md): per kernel, a
/// name, a launch count, whether the values are per-launch averages, the
/// measured time of the launches if known, and either the counters of thesis
/// table 4.1 (under any of the catalog's names) or the kernel parameters of
/// thesis table 4.2 directly. Every error names the field by its JSON path.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_COUNTERSFILE_H
#define HEADROOM_MODEL_COUNTERSFILE_H

#include "model/KernelCounters.h"
#include "model/KernelParameters.h"
#include "schema/SchemaTags.h"
#include "support/Error.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// One kernel of a counters file.
struct KernelEntry {
  /// The parameters derived from Counters, or given directly.
  KernelParameters Parameters;
  /// The counters, totals over the launches; absent when the file gave
  /// the kernel parameters instead.
  std::optional<KernelCounters> Counters;
  /// Total time of all the launches on the GPU where the counters were
  /// collected (the reference GPU), in ms.
  std::optional<double> MeasuredMs;
};

/// The contents of a counters file.
struct CountersFile {
  std::vector<KernelEntry> Kernels;
};

/// Validates and converts a parsed document. Errors name the JSON path
/// (`kernels[1].counters.inst_executed: expected a non-negative number, got
/// string "12"`) but not the file.
Expected<CountersFile> parseCounters(const nlohmann::json &Doc);

/// Reads the file at \p Path; every error starts with the path.
Expected<CountersFile> readCountersFile(const std::string &Path);

} // namespace headroom

#endif // HEADROOM_MODEL_COUNTERSFILE_H
