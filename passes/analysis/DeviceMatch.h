//===- DeviceMatch.h - Is a device file the profile's GPU? ------*- C++ -*-===//
///
/// \file
/// A profile records the name the driver gives each GPU ("NVIDIA H100 80GB
/// HBM3"); a device file names its GPU by `name`, `aliases` and
/// `identity.product_name`. Measured times can only be compared with the
/// floor of the device they were measured on, so the report checks that the
/// device file is that GPU.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_DEVICEMATCH_H
#define HEADROOM_ANALYSIS_DEVICEMATCH_H

#include "model/DeviceParameters.h"
#include "schema/ProfileDocument.h"

#include <string>
#include <vector>

namespace headroom {

/// True if \p D describes the GPU the driver calls \p DriverName: its name,
/// an alias or its identity's product name match, ignoring case, '-', ' '
/// and '_'.
bool deviceIsNamed(const DeviceParameters &D, const std::string &DriverName);

/// The names of the profile's GPUs that ran kernels and that \p D is not,
/// each once, in device-index order.
std::vector<std::string> foreignDevices(const ProfileDocument &P,
                                        const DeviceParameters &D);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_DEVICEMATCH_H
