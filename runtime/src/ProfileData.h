//===- ProfileData.h - What a headroom.profile/1 holds ----------*- C++ -*-===//
///
/// \file
/// Everything a profile holds, as plain data (docs/formats.md). The Runtime
/// fills it at exit; ProfileWriter turns it into JSON.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_PROFILEDATA_H
#define HEADROOM_RUNTIME_PROFILEDATA_H

#include "DeviceIdentity.h"
#include "KernelAggregator.h"
#include "MetricSelection.h"
#include "ProcessInfo.h"
#include "ScopeRegistry.h"
#include "SiteRegistry.h"

#include "schema/ProfileDocument.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace headroom::rt {

/// How the data was collected.
struct CollectionInfo {
  /// What was actually recorded: "counters", "time" or "sites".
  std::string Mode;
  /// HEADROOM_MODE as requested.
  std::string RequestedMode;
  /// HEADROOM_SAMPLE: "first", "every:N", "all" or "off".
  std::string Sampling = "first";
  /// "sites", "scopes" or "all".
  std::string SamplingScope = "scopes";
  /// "callback" or "external".
  std::string Correlation = "callback";
  /// The metrics configured for sampling (empty when none were).
  std::vector<std::string> Metrics;
  /// Replay passes of that configuration.
  std::optional<std::size_t> Passes;
  std::vector<DroppedMetric> DroppedMetrics;
  std::vector<std::string> Warnings;
  /// Remarks that are not degradations (e.g. graph kernel nodes are not
  /// sampled).
  std::vector<std::string> Notes;
  std::uint64_t DroppedRecords = 0;
  /// What wrote this file: "exit", "periodic" or a signal name ("SIGTERM"):
  /// only "exit" and signals that end the process give a final profile.
  std::string Trigger = "exit";
  /// HEADROOM_FLUSH_S (0: no periodic writes).
  double FlushIntervalS = 0;
  /// Informational counts (record joins, evictions, timings).
  std::map<std::string, std::uint64_t> Diagnostics;
  /// The bounds of the `first` rule (counters mode).
  std::optional<headroom::SamplingLimits> Limits;
  /// Warp-stall sampling (counters mode).
  std::optional<headroom::StallSamplingInfo> StallSampling;
};

/// One whole profile.
struct ProfileData {
  std::string RuntimeVersion;
  ProcessInfo Process;
  std::vector<DeviceIdentity> Devices;
  CollectionInfo Collection;
  std::vector<SiteEntry> Sites;
  std::vector<ScopeEntry> Scopes;
  std::vector<KernelStats> Kernels;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_PROFILEDATA_H
