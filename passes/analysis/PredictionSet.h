//===- PredictionSet.h - Many kernels on many devices -----------*- C++ -*-===//
///
/// \file
/// What `headroom predict` computes and its views render: every kernel of a
/// counters file on every requested device, optionally with the measured
/// times on a reference device and the E_util correction (5.13) calibrated
/// there and applied to all devices.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_PREDICTIONSET_H
#define HEADROOM_ANALYSIS_PREDICTIONSET_H

#include "devices/DeviceRegistry.h"
#include "model/CountersFile.h"
#include "model/Prediction.h"
#include "support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// The devices and variants to predict with.
struct PredictionRequest {
  /// Target devices, in output order; duplicates (same name) are dropped.
  std::vector<DeviceEntry> Devices;
  /// The GPU the counters and measured times were taken on. When set, its
  /// predictions carry the measured times (and so a headroom), and E_util
  /// is computed there per kernel and applied on every device. It is added
  /// to the devices (first) if not among them.
  std::optional<DeviceEntry> Reference;
  /// Overrides the measured time of a single-kernel counters file.
  std::optional<double> MeasuredMsOverride;
  ModelOptions Options;
};

/// Kernels x devices predictions. A value type.
struct PredictionSet {
  /// Where the kernels came from, for headings (may be empty).
  std::string Source;
  std::vector<KernelEntry> Kernels;
  std::vector<DeviceEntry> Devices;
  /// Index of the reference device in Devices, if any.
  std::optional<std::size_t> ReferenceIndex;
  ModelOptions Options;
  /// Device-major: kernel k on device d is at [d * Kernels.size() + k].
  std::vector<Prediction> Predictions;
  /// With a reference device, the kernels without a measured time, which
  /// E_util does not correct.
  std::vector<std::string> Uncorrected;
  /// Measured times were given without a reference device, so they are not
  /// used.
  bool MeasuredTimesUnused = false;
  /// A device has the Hopper model's rates, which --model auto would use
  /// for a profile: the thesis model ran for want of a launch
  /// configuration.
  bool HopperNeedsProfile = false;

  const Prediction &at(std::size_t Device, std::size_t Kernel) const {
    return Predictions[Device * Kernels.size() + Kernel];
  }
  /// Sum of the predicted times of all kernels on device \p Device.
  double totalPredictedMs(std::size_t Device) const;
  /// Sum of the E_util-corrected times on \p Device, if every kernel has one.
  std::optional<double> totalCorrectedMs(std::size_t Device) const;
  /// Sum of the measured times on \p Device, if every kernel has one.
  std::optional<double> totalMeasuredMs(std::size_t Device) const;
};

/// What `headroom predict` was asked: a counters file, devices by name or
/// path, and a reference device.
struct PredictFiles {
  /// One of the three inputs: a counters file, a profile, or Nsight
  /// Compute's export (which the tool imports).
  std::string CountersPath, ProfilePath, NcuPath;
  std::vector<std::string> Devices;
  std::optional<std::string> Reference;
  std::optional<double> MeasuredMsOverride;
  ModelOptions Options;
};

/// Reads the counters file, finds the devices in \p Registry and runs the
/// model (buildPredictionSet); the set's Source is the counters file.
Expected<PredictionSet> predictFiles(const PredictFiles &R,
                                     const DeviceRegistry &Registry);

/// Runs the model for \p Request. Fails when there is no device, when
/// --measured-ms is given for a file with several kernels or without a
/// reference, and when a reference is given but no kernel has a measured
/// time.
Expected<PredictionSet> buildPredictionSet(std::vector<KernelEntry> Kernels,
                                           PredictionRequest Request);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_PREDICTIONSET_H
