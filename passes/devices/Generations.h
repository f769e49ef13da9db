//===- Generations.h - GPU generations of the device database ---*- C++ -*-===//
///
/// \file
/// A device's generation is its vendor's architecture ("NVIDIA Hopper").
/// `--target current` names the GPUs of the newest NVIDIA generations that
/// the registry holds, ranked by the compute capabilities of the device
/// files rather than by a list written by hand, so a device file of a newer
/// architecture moves the window by itself.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_DEVICES_GENERATIONS_H
#define HEADROOM_DEVICES_GENERATIONS_H

#include "devices/DeviceRegistry.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace headroom {

/// How many NVIDIA generations `--target current` spans.
inline constexpr std::size_t CurrentGenerations = 3;

/// "9.0" as {9, 0}; nullopt when \p CC is not MAJOR.MINOR.
std::optional<std::pair<int, int>>
parseComputeCapability(const std::string &CC);

/// The architectures of \p Vendor's devices in \p Devices, newest first:
/// each ranked by the highest compute capability of its devices (Blackwell
/// by 12.0, Hopper by 9.0, Ada by 8.9). Architectures none of whose devices
/// states a compute capability are left out.
std::vector<std::string>
architecturesNewestFirst(const std::vector<DeviceEntry> &Devices,
                         const std::string &Vendor);

} // namespace headroom

#endif // HEADROOM_DEVICES_GENERATIONS_H
