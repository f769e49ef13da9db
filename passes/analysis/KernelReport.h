//===- KernelReport.h - A profile seen through the model --------*- C++ -*-===//
///
/// \file
/// Groups a profile's entries by kernel definition (and, grouping by call,
/// the launches a library call made by that call), sums each kernel's
/// sampled counters over the launches they stand for, runs the models on
/// one device and gives each kernel its finding. The result is plain data
/// that the checks judge and the views render; nothing here prints.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_KERNELREPORT_H
#define HEADROOM_ANALYSIS_KERNELREPORT_H

#include "analysis/KernelBounds.h"
#include "analysis/KernelFinding.h"
#include "analysis/StallLines.h"
#include "model/ComponentTimes.h"
#include "model/KernelCounters.h"
#include "model/KernelParameters.h"
#include "model/Prediction.h"
#include "schema/ProfileDocument.h"

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// How a report groups the launches of library calls (docs/report.md).
enum class KernelGrouping {
  /// The kernels a library call ran (a scope of the profile), by call: one
  /// report of each kernel per call, at the call's line.
  Call,
  /// Every kernel once, whatever called it.
  Kernel,
};

/// "call" or "kernel", as --group-by takes it.
const char *kernelGroupingName(KernelGrouping G);
std::optional<KernelGrouping> parseKernelGrouping(std::string_view Name);

/// The launches of one kernel made from one site, inside one library call
/// (a scope), or outside instrumented code.
struct SiteUsage {
  /// Null for launches outside any instrumented site.
  const ProfileSite *Site = nullptr;
  /// The library call the launches were made in, when not at a site; null
  /// otherwise. Scopes of one location and name count as one call.
  const ProfileScope *Scope = nullptr;
  std::uint64_t Launches = 0;
  double TotalNs = 0;

  /// Neither at a site nor in a library call.
  bool outside() const { return !Site && !Scope; }
};

/// What the models computed for one kernel, which only analysis/ reads: the
/// adapters that turn it into the kernel's finding (analysis/HopperFinding.h,
/// analysis/ThesisFinding.h) and the projections onto --target devices.
/// Checks and views read KernelReport::Finding instead.
struct ModelResults {
  /// The thesis model's prediction for the modeled launches.
  std::optional<Prediction> Thesis;
  /// The device-independent kernel parameters derived from the counters,
  /// when they describe a kernel: what --target projections start from.
  std::optional<KernelParameters> Parameters;
  /// Zhang & Owens' per-component times on the device, slowest first.
  ComponentTimes Components;
  /// The thesis model on every target: the projections of the targets the
  /// Hopper model does not project, and the quadrant-split chart's points.
  std::vector<Prediction> ThesisTargets;
  /// The Hopper model's bounds (docs/model.md), when it was chosen and the
  /// device and the counters allow it.
  std::optional<KernelBounds> Hopper;
};

/// Everything the report says about one kernel.
struct KernelReport {
  /// The kernel as written at its launch sites, or the driver's name for
  /// kernels launched outside any site.
  std::string Kernel;
  /// Kernel as warnings, tables and charts name it: at most
  /// ShortKernelNameLimit characters (support/KernelNames.h).
  std::string ShortName;
  /// The kernel's definition, when an instrumented site names it.
  std::optional<SourceLocation> Definition;
  /// Grouping by call: the library call whose launches of the kernel this
  /// report covers (a scope of the profile); null otherwise.
  const ProfileScope *Call = nullptr;
  std::uint64_t Launches = 0;
  /// GPU time of all launches (untimed sampled launches at the mean).
  double TotalNs = 0;
  /// The kernel's share of the GPU time of the whole profile, 0..1.
  double ShareOfProfile = 0;
  /// Sites by decreasing GPU time.
  std::vector<SiteUsage> Sites;
  /// The launches the model covers (entries with counters) and their time.
  std::uint64_t ModeledLaunches = 0;
  double ModeledNs = 0;
  /// Of those, the launches whose counters the runtime estimated from
  /// sampled configurations (counters_estimated), and their time.
  std::uint64_t EstimatedLaunches = 0;
  double EstimatedNs = 0;
  /// The smallest block and grid among the modeled entries (all entries
  /// without counters), and L2 bytes per DRAM byte when recorded: inputs
  /// of the qualifying notes.
  std::uint64_t MinThreadsPerBlock = 0, MinBlocks = 0;
  std::optional<double> L2ToDramRatio;
  /// Average threads active per warp instruction (32 = no divergence).
  std::optional<double> ThreadsPerWarpInst;
  /// The profile's device indexes that ran the kernel.
  std::set<unsigned> Devices;
  /// The modeled launches' counters, summed (totals over ModeledLaunches).
  KernelCounters Counters;
  /// The warp-stall samples of the kernel's entries, by source line;
  /// absent when none was sampled.
  std::optional<StallLines> Stalls;

  /// What Headroom finds about the kernel, whichever model made it; absent
  /// without counters the model can use.
  std::optional<KernelFinding> Finding;
  /// Why the model could not run although counters exist.
  std::optional<Error> ModelError;
  /// The Hopper model was chosen (or is the default on this device) but
  /// the profile lacks its per-pipe counters for this kernel, so the thesis
  /// model made the finding.
  bool LacksHopperCounters = false;
  /// For analysis/ only (see ModelResults).
  ModelResults Models;

  double meanLaunchNs() const { return Launches ? TotalNs / Launches : 0; }
  /// Where the kernel's diagnostics go: the library call it is reported
  /// under, else its definition, else the library call that ran most of it;
  /// none for a kernel launched only outside instrumented code.
  std::optional<SourceLocation> where() const;
  /// Whether every launch was made outside instrumented code (no site, no
  /// library call): a kernel the report lists apart.
  bool outside() const;
};

/// A library call and the kernels it ran, when a report groups by call.
struct CallReport {
  /// The scope: what was called, and where.
  const ProfileScope *Scope = nullptr;
  /// Its kernels, as positions in ProfileReport::Kernels, most GPU time
  /// first.
  std::vector<std::size_t> Kernels;
  std::uint64_t Launches = 0;
  double TotalNs = 0;
  /// The call's share of the GPU time of the whole profile, 0..1.
  double ShareOfProfile = 0;
};

/// A whole profile on one device.
struct ProfileReport {
  std::string DeviceName;
  double TotalNs = 0;
  KernelGrouping Grouping = KernelGrouping::Kernel;
  /// Kernels by decreasing GPU time.
  std::vector<KernelReport> Kernels;
  /// Grouping by call: the library calls, by decreasing GPU time; their
  /// kernels are in Kernels too.
  std::vector<CallReport> Calls;
  /// Kernels with a model prediction.
  std::size_t modeledKernels() const;
};

/// Analyzes \p P on device \p D and gives each kernel its finding (without
/// --target projections, which analysis/Analysis.h adds). Entries of every
/// device in the profile are included (the model predicts them on \p D).
/// With \p MeasuredOnDevice false (the profile was recorded on another GPU)
/// the measured times are not attached to the predictions: there is no
/// headroom then. \p Grouping says whether the launches of each library
/// call are a report of their own.
ProfileReport analyzeProfile(const ProfileDocument &P,
                             const DeviceParameters &D,
                             const ModelOptions &Options = {},
                             bool MeasuredOnDevice = true,
                             KernelGrouping Grouping = KernelGrouping::Kernel);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_KERNELREPORT_H
