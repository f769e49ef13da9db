//===- ProfileDevice.h - The device a profile is modeled on -----*- C++ -*-===//
///
/// \file
/// The rule that `headroom nvcc`'s build diagnostics and `headroom lsp` share
/// for choosing the device file of a profile found by the documented search
/// (ProfileSearch.h): the device the user asked for (HEADROOM_DEVICE, or
/// `--device`), else the device file that describes the first of the
/// profile's GPUs that has one.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_PROFILEDEVICE_H
#define HEADROOM_NVCC_PROFILEDEVICE_H

#include "devices/DeviceRegistry.h"
#include "schema/ProfileDocument.h"
#include "support/Error.h"

#include <string>

namespace headroom::nvcc {

/// The device to model \p P (read from \p ProfilePath) on: \p Requested (a
/// name, alias or path; errors say it came from \p RequestedFrom) when not
/// empty, else the shipped or user device file of the profile's GPU.
Expected<DeviceEntry> deviceForProfile(const ProfileDocument &P,
                                       const std::string &Requested,
                                       const std::string &RequestedFrom,
                                       const std::string &ProfilePath);

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_PROFILEDEVICE_H
