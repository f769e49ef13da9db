//===- ProfilePredictions.h - A profile's kernels on devices ----*- C++ -*-===//
///
/// \file
/// What `headroom predict --profile` (or `--ncu`) computes and its views
/// render: every kernel of a profile (the runtime's, a merged one, or one
/// `headroom import` made of Nsight Compute's export) on every requested
/// device, each by the model `report` would choose there (the Hopper model
/// where the device file has its rates and the kernel its counters, else
/// the thesis model; `--model` picks one). The profile's own GPU compares
/// the measured times; the others are predicted only. Nothing here prints.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_PROFILEPREDICTIONS_H
#define HEADROOM_ANALYSIS_PROFILEPREDICTIONS_H

#include "analysis/KernelFinding.h"
#include "devices/DeviceRegistry.h"
#include "model/Prediction.h"
#include "schema/ProfileDocument.h"
#include "support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// One kernel of the profile on one device.
struct KernelOnDevice {
  /// As reports name it, and its definition when the profile knows it.
  std::string Kernel;
  std::optional<SourceLocation> Definition;
  std::uint64_t Launches = 0;
  /// The finding of the model that ran; absent without counters a model
  /// can use (then Why says why).
  std::optional<KernelFinding> Finding;
  std::string Why;
};

/// Kernels x devices. A value type.
struct ProfilePredictions {
  /// The profile's file, for headings.
  std::string Source;
  /// The GPUs the profile was recorded on, by the names it records.
  std::vector<std::string> ProfiledOn;
  ModelOptions Options;
  std::vector<DeviceEntry> Devices;
  /// Whether each device is the one the profile was recorded on (its
  /// findings carry the measured times).
  std::vector<bool> Measured;
  /// Kernels by decreasing GPU time; device-major: kernel k on device d is
  /// at [d * kernels() + k].
  std::vector<KernelOnDevice> Predictions;

  std::size_t kernels() const {
    return Devices.empty() ? 0 : Predictions.size() / Devices.size();
  }
  const KernelOnDevice &at(std::size_t Device, std::size_t Kernel) const {
    return Predictions[Device * kernels() + Kernel];
  }
};

/// Every kernel of \p P on each of \p Devices (same-named ones once) by the
/// model \p Options chooses. Fails without a device, or when the profile
/// has no kernel entry.
Expected<ProfilePredictions> predictProfile(const ProfileDocument &P,
                                            std::vector<DeviceEntry> Devices,
                                            const ModelOptions &Options);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_PROFILEPREDICTIONS_H
