//===- DeviceFile.h - Reading and writing headroom.device/1 -----*- C++ -*-===//
///
/// \file
/// The `headroom.device/1` format (docs/formats.md): one GPU's identity,
/// provenance, the six model parameters and any other calibrated
/// measurements. Read by `predict` and `devices` (and the report), written by
/// `calibrate`; writing what was read gives back the same device.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_DEVICES_DEVICEFILE_H
#define HEADROOM_DEVICES_DEVICEFILE_H

#include "model/DeviceParameters.h"
#include "schema/SchemaTags.h"
#include "support/Error.h"

#include <nlohmann/json.hpp>

#include <string>

namespace headroom {

/// Validates and converts a parsed device document; errors name the JSON
/// path but not the file.
Expected<DeviceParameters> parseDevice(const nlohmann::json &Doc);

/// Reads the device file at \p Path; every error starts with the path.
Expected<DeviceParameters> readDeviceFile(const std::string &Path);

/// The device as a `headroom.device/1` document, keys in the documented
/// order; fields that are unset are left out.
nlohmann::ordered_json deviceToJson(const DeviceParameters &D);

/// Writes \p D to \p Path (2-space indent, trailing newline).
Status writeDeviceFile(const std::string &Path, const DeviceParameters &D);

} // namespace headroom

#endif // HEADROOM_DEVICES_DEVICEFILE_H
