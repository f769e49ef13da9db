//===- DeviceIdentity.h - Which GPU a profile entry ran on ------*- C++ -*-===//
#ifndef HEADROOM_RUNTIME_DEVICEIDENTITY_H
#define HEADROOM_RUNTIME_DEVICEIDENTITY_H

#include <array>
#include <cstdint>
#include <string>

namespace headroom::rt {

/// One device of the profile's devices section. Fields the driver could not
/// give stay empty/zero and are left out of the profile.
struct DeviceIdentity {
  /// CUPTI's device id, the CUDA device ordinal.
  std::uint32_t Index = 0;
  std::string Name;
  /// "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", as nvidia-smi prints it.
  std::string Uuid;
  int ComputeMajor = 0;
  int ComputeMinor = 0;
  int SmCount = 0;
  /// CUPTI's chip name, e.g. "GH100".
  std::string Chip;
};

/// Formats 16 UUID bytes the way nvidia-smi does.
std::string formatGpuUuid(const std::array<unsigned char, 16> &Bytes);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_DEVICEIDENTITY_H
