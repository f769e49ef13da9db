//===- Analysis.h - Everything the report says about a profile --*- C++ -*-===//
///
/// \file
/// The one computation behind `headroom report` and `headroom lint`: the
/// profile through the model on the profiled device, the per-component
/// times, the projections onto --target devices, and what the checks of the
/// inputs need (the sources changed since profiling, a device file for
/// another GPU). The checks (checks/Diagnose.h) add the diagnostics. Every
/// output format (text, JSON, SARIF, CSV, HTML) is a view of an Analysis;
/// none recomputes anything.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_ANALYSIS_H
#define HEADROOM_ANALYSIS_ANALYSIS_H

#include "analysis/Diagnostic.h"
#include "analysis/KernelCode.h"
#include "analysis/KernelReport.h"
#include "analysis/SitesMatchSources.h"
#include "devices/DeviceRegistry.h"
#include "model/Prediction.h"
#include "schema/ProfileDocument.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace headroom {

struct AnalysisOptions {
  ModelOptions Model;
  /// Devices to project every kernel onto (thesis chapter 5).
  std::vector<DeviceEntry> Targets;
  /// Where relative source paths of the profile are found, and what the
  /// report's paths are printed relative to (analysis/SourcePaths.h; the
  /// current directory when empty); no source check when empty.
  std::string SourceRoot = ".";
  /// Whether the kernels a library call ran are reported by call, at the
  /// call's line, or each kernel once (analysis/KernelReport.h).
  KernelGrouping Grouping = KernelGrouping::Call;
  /// The program's SASS (`--sass`, `headroom nvcc`), for the loops and the
  /// waits of the stall samples' hot lines (analysis/HotLineCode.h); none
  /// when not at hand.
  std::shared_ptr<const KernelCodeIndex> Code;
};

/// A profile seen through the model. Owns the profile: KernelReport's site
/// pointers point into Source, so an Analysis is neither copied nor moved
/// (it lives behind a unique_ptr).
struct Analysis {
  ProfileDocument Source;
  DeviceEntry Device;
  /// The --target devices, without repeats and without Device itself.
  std::vector<DeviceEntry> Targets;
  ModelOptions Model;
  /// The profile's GPUs that Device is not (headroom-device-mismatch).
  std::vector<std::string> ForeignDevices;
  /// Whether the measured times were taken on Device: only then is there a
  /// headroom and an E_util.
  bool MeasuredOnDevice = true;
  ProfileReport Report;
  SourceCheckResult Sources;
  /// AnalysisOptions::SourceRoot: where the views read the sources of the
  /// report's relative paths.
  std::string SourceRoot;
  /// The report's diagnostics, which the checks add (checks/Diagnose.h):
  /// input problems first, then one per kernel, most GPU time first.
  std::vector<Diagnostic> Diagnostics;

  Analysis() = default;
  Analysis(const Analysis &) = delete;
  Analysis &operator=(const Analysis &) = delete;
};

/// Analyzes \p P on \p Device; the diagnostics are left empty.
std::unique_ptr<Analysis> analyze(ProfileDocument P, DeviceEntry Device,
                                  const AnalysisOptions &Options);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_ANALYSIS_H
