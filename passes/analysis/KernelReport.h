//===- KernelReport.h - A profile seen through the model --------*- C++ -*-===//
///
/// \file
/// Groups a profile's entries by kernel definition, sums each kernel's
/// sampled counters over the launches they stand for, and runs the thesis
/// model on one device. The result is plain data that the diagnostic views
/// render; nothing here prints.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_KERNELREPORT_H
#define HEADROOM_ANALYSIS_KERNELREPORT_H

#include "analysis/KernelBounds.h"
#include "model/ComponentTimes.h"
#include "model/KernelCounters.h"
#include "model/KernelParameters.h"
#include "model/Prediction.h"
#include "schema/ProfileDocument.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace headroom {

/// The launches of one kernel made from one site (or from no site).
struct SiteUsage {
  /// Null for launches outside any instrumented site.
  const ProfileSite *Site = nullptr;
  std::uint64_t Launches = 0;
  double TotalNs = 0;
};

/// Everything the report says about one kernel.
struct KernelReport {
  /// The kernel as written at its launch sites, or the driver's name for
  /// kernels launched outside any site.
  std::string Kernel;
  /// The kernel's definition, when an instrumented site names it.
  std::optional<SourceLocation> Definition;
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
  /// The smallest block and grid among the modeled entries, the mean
  /// duration of a launch, and L2 bytes per DRAM byte when recorded: inputs
  /// of the qualifying notes.
  std::uint64_t MinThreadsPerBlock = 0, MinBlocks = 0;
  std::optional<double> L2ToDramRatio;
  /// Average threads active per warp instruction (32 = no divergence).
  std::optional<double> ThreadsPerWarpInst;
  /// The model's result for the modeled launches; absent without counters.
  std::optional<Prediction> Model;
  /// Why the model could not run although counters exist.
  std::optional<Error> ModelError;
  /// The modeled launches' counters, summed (totals over ModeledLaunches).
  KernelCounters Counters;
  /// The device-independent kernel parameters derived from Counters, when
  /// they describe a kernel: what --target projections start from.
  std::optional<KernelParameters> Parameters;
  /// Zhang & Owens' per-component times on the device, slowest first.
  ComponentTimes Components;
  /// The kernel projected onto each --target device (thesis chapter 5), in
  /// the order of the targets; E_util-corrected when the measured time is
  /// from the modeled device.
  /// Only targets that the Hopper model does not project (Bounds holds
  /// those): every output uses one model per target, as the text does.
  std::vector<Prediction> Projections;
  /// The thesis model on every target, for the quadrant-split chart only
  /// (its geometry is the thesis model's, as Model stays for the roofline).
  std::vector<Prediction> ChartProjections;
  /// The profile's device indexes that ran the kernel.
  std::set<unsigned> Devices;
  /// The Hopper model's bounds (docs/model.md), when it was chosen and the
  /// device and the counters allow it: then the diagnostics use them, and
  /// the thesis prediction (Model) stays for the roofline views.
  std::optional<KernelBounds> Bounds;
  /// Why the Hopper model was not used although chosen (counters missing).
  std::optional<std::string> BoundsMissing;

  /// The headroom the diagnostics and the lint gate judge: the Hopper
  /// model's when present, else the thesis model's.
  std::optional<double> headroom() const {
    if (Bounds)
      return Bounds->headroom();
    return Model ? Model->headroom() : std::nullopt;
  }
  /// The predicted time of the modeled launches by the same rule.
  std::optional<double> predictedMs() const {
    if (Bounds)
      return Bounds->predictedMs();
    return Model ? std::optional(Model->PredictedMs) : std::nullopt;
  }

  double meanLaunchNs() const { return Launches ? TotalNs / Launches : 0; }
  /// Whether component \p C, which the base model does not see, needs more
  /// time than the model's floor.
  bool exceedsFloor(Component C) const {
    std::optional<double> T = Components.timeOf(C);
    return T && Model && *T > Model->PredictedMs;
  }
};

/// A whole profile on one device.
struct ProfileReport {
  std::string DeviceName;
  double TotalNs = 0;
  /// Kernels by decreasing GPU time.
  std::vector<KernelReport> Kernels;
  /// Kernels with a model prediction.
  std::size_t modeledKernels() const;
};

/// Analyzes \p P on device \p D. Entries of every device in the profile are
/// included (the model predicts them on \p D). With \p MeasuredOnDevice
/// false (the profile was recorded on another GPU) the measured times are
/// not attached to the predictions: there is no headroom then.
ProfileReport analyzeProfile(const ProfileDocument &P,
                             const DeviceParameters &D,
                             const ModelOptions &Options = {},
                             bool MeasuredOnDevice = true);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_KERNELREPORT_H
