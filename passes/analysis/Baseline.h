//===- Baseline.h - Times to compare against --------------------*- C++ -*-===//
///
/// \file
/// What `headroom lint --write-baseline` records and `--baseline` compares
/// with: per kernel, its measured and predicted time per launch, and its
/// headroom to the roof and to the cap. Kernels are
/// keyed by their definition's file and their name ("app.cu::saxpy"), not
/// the line, so edits that move a kernel keep its baseline; when one file
/// defines two kernels of one name (overloads), the line is appended
/// ("app.cu::f:12"). Kernels launched outside instrumented code have no
/// file ("::_Z5fooPf"). docs/formats.md documents the schema.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_BASELINE_H
#define HEADROOM_ANALYSIS_BASELINE_H

#include "analysis/Analysis.h"
#include "schema/SchemaTags.h"
#include "support/Error.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace headroom {

/// One kernel's recorded times.
struct BaselineKernel {
  std::string Key;
  std::string Kernel;
  /// Its definition, or the library call that ran it (KernelReport::where).
  std::optional<SourceLocation> Definition;
  std::uint64_t Launches = 0;
  /// Mean measured time of a launch, ms (absent when nothing was timed).
  std::optional<double> MeasuredMsPerLaunch;
  /// The model's floor for one modeled launch, ms (absent without counters).
  std::optional<double> PredictedMsPerLaunch;
  /// "compute", "memory" or "latency"; empty without counters.
  std::string Bound;
  /// The model that made the finding ("hopper", "thesis", "fitted"; empty
  /// without counters), its headroom to the roof (measured over roof time,
  /// as `lint --max-headroom` gates it) and to the cap (measured over
  /// predicted time, as `--max-cap-headroom` gates it).
  std::string Model;
  std::optional<double> Headroom, CapHeadroom;
};

struct Baseline {
  std::string Path;
  std::string Device;
  std::vector<BaselineKernel> Kernels;

  /// The kernel of key \p Key, or null. Indexed on first use.
  const BaselineKernel *find(const std::string &Key) const;

private:
  mutable std::unordered_map<std::string, std::size_t> Index;
};

/// The key of every kernel of \p A, in the order of A.Report.Kernels.
std::vector<std::string> baselineKeys(const Analysis &A);

/// The baseline of \p A's kernels.
Baseline makeBaseline(const Analysis &A);

nlohmann::ordered_json baselineToJson(const Baseline &B);

/// Writes \p B to \p Path (2-space indent, trailing newline).
Status writeBaselineFile(const std::string &Path, const Baseline &B);

/// Validates and converts a parsed baseline; errors name the JSON path but
/// not the file.
Expected<Baseline> parseBaseline(const nlohmann::json &Root);

/// Reads and validates a baseline file.
Expected<Baseline> readBaseline(const std::string &Path);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_BASELINE_H
