//===- ProfileDevice.h - The device a profile is modeled on -----*- C++ -*-===//
///
/// \file
/// The rule that `headroom report`, `headroom lint`, `headroom nvcc`'s build
/// diagnostics and `headroom lsp` share for choosing the device file of a
/// profile: the device the user asked for (`--device`, HEADROOM_DEVICE),
/// else the device file that describes the first of the profile's GPUs that
/// has one.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_PROFILEDEVICE_H
#define HEADROOM_ANALYSIS_PROFILEDEVICE_H

#include "devices/DeviceRegistry.h"
#include "schema/ProfileDocument.h"
#include "support/Error.h"

#include <string>

namespace headroom {

/// Where the user can name a device, for the errors of deviceForProfile.
struct DeviceRequest {
  /// A name, alias or path; empty or "auto": the profile's GPU.
  std::string Requested;
  /// Where Requested came from ("--device", "HEADROOM_DEVICE").
  std::string From;
};

/// The device to model \p P (read from \p ProfilePath) on: the requested
/// one, else the shipped or user device file of the profile's GPU. The error
/// when none describes it says how to name one (\p R.From).
Expected<DeviceEntry> deviceForProfile(const ProfileDocument &P,
                                       const DeviceRequest &R,
                                       const std::string &ProfilePath,
                                       const DeviceRegistry &Registry);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_PROFILEDEVICE_H
