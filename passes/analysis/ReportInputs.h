//===- ReportInputs.h - Loading what report and lint analyze ----*- C++ -*-===//
///
/// \file
/// `headroom report` and `headroom lint` take the same inputs: a profile, the
/// device it was recorded on, optional --target devices, model variants and
/// the source root. This reads and validates them all (errors name the file,
/// the field and what was expected) and runs the analysis.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_REPORTINPUTS_H
#define HEADROOM_ANALYSIS_REPORTINPUTS_H

#include "analysis/Analysis.h"
#include "devices/DeviceRegistry.h"

#include <memory>
#include <string>
#include <vector>

namespace headroom {

struct ReportRequest {
  std::string ProfilePath;
  /// A device name, alias or path (DeviceRegistry::lookup); empty or
  /// "auto": the profile's GPU (analysis/ProfileDevice.h).
  std::string Device;
  std::vector<std::string> Targets;
  ModelOptions Model;
  /// Where the profile's relative source paths are; empty: no source check.
  std::string SourceRoot = ".";
  /// --group-by: the kernels of each library call by call, or each kernel
  /// once.
  KernelGrouping Grouping = KernelGrouping::Call;
  /// The program's SASS (`--sass`), for the stall samples' hot lines.
  std::shared_ptr<const KernelCodeIndex> Code;
};

/// Reads the device(s) and the profile of \p R and analyzes them.
Expected<std::unique_ptr<Analysis>>
loadAnalysis(const ReportRequest &R, const DeviceRegistry &Registry);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_REPORTINPUTS_H
