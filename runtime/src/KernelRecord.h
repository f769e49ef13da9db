//===- KernelRecord.h - One kernel execution, free of CUPTI -----*- C++ -*-===//
///
/// \file
/// A kernel execution as the activity API reports it, copied into a plain
/// struct so that everything past the CUPTI layer (and every unit test) works
/// without CUPTI headers.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_KERNELRECORD_H
#define HEADROOM_RUNTIME_KERNELRECORD_H

#include "LaunchKey.h"

#include <cstdint>
#include <string>

namespace headroom::rt {

/// One kernel execution (CUpti_ActivityKernel10, reduced).
struct KernelRecord {
  /// The correlation id of the API call that launched the kernel.
  std::uint32_t CorrelationId = 0;
  /// The kernel's symbol (mangled) name.
  std::string Name;
  /// GPU timestamps in ns; both 0 when CUPTI could not time the kernel.
  std::uint64_t StartNs = 0;
  std::uint64_t EndNs = 0;
  Dim3 Grid;
  Dim3 Block;
  std::uint32_t DynamicSharedBytes = 0;
  std::uint32_t StaticSharedBytes = 0;
  std::uint32_t RegistersPerThread = 0;
  std::uint32_t LocalBytesPerThread = 0;
  /// CUPTI's device id (the CUDA device ordinal).
  std::uint32_t Device = 0;
  std::uint32_t Context = 0;
  std::uint32_t Stream = 0;
  /// The graph and node that launched the kernel; 0 outside graphs.
  std::uint32_t GraphId = 0;
  std::uint64_t GraphNodeId = 0;

  /// True when the record carries a usable duration.
  bool hasDuration() const {
    return !(StartNs == 0 && EndNs == 0) && EndNs >= StartNs;
  }
  std::uint64_t durationNs() const {
    return hasDuration() ? EndNs - StartNs : 0;
  }
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_KERNELRECORD_H
