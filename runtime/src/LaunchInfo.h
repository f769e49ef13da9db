//===- LaunchInfo.h - A kernel launch seen at its API call ------*- C++ -*-===//
///
/// \file
/// What the launch callback knows about a kernel launch while the launching
/// API call runs: its correlation ids, kernel, configuration and the opaque
/// CUDA handles the counter sampler needs. Valid only during the callback.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_LAUNCHINFO_H
#define HEADROOM_RUNTIME_LAUNCHINFO_H

#include "LaunchAllocations.h"
#include "LaunchKey.h"

#include <array>
#include <cstdint>
#include <span>

namespace headroom::rt {

/// One kernel launch at its driver API call.
struct LaunchInfo {
  /// The correlation ids the launch's kernel record may carry: the driver
  /// call's first, then those of enclosing runtime calls, without repeats.
  std::array<std::uint32_t, 4> CorrelationIds{};
  unsigned NumCorrelationIds = 0;
  /// The kernel's symbol (mangled) name; never null.
  const char *KernelName = "";
  std::uint32_t Device = 0;
  Dim3 Grid;
  Dim3 Block;
  std::uint32_t DynamicSharedBytes = 0;
  /// CUcontext and CUstream of the launch, opaque outside the CUPTI layer.
  void *Context = nullptr;
  void *Stream = nullptr;
  /// For a launch on the calling thread's own default stream (whose handle
  /// every thread shares), something unique to that thread; else null.
  const void *StreamThread = nullptr;
  /// CUfunction and the launch's kernelParams/extra arrays (the counter
  /// sampler inspects the arguments), opaque outside the CUPTI layer.
  void *Function = nullptr;
  void **KernelParams = nullptr;
  void **Extra = nullptr;
  /// The device allocations the arguments point into, when the tracer
  /// inspected them (TracerOptions::InspectArguments); null when not.
  const LaunchAllocations *Allocations = nullptr;
  /// At API exit: whether the launch call itself succeeded.
  bool Succeeded = true;

  /// The stream as launches are ordered on it: the handle, or the
  /// thread whose default stream it is.
  const void *orderedStream() const {
    return StreamThread ? StreamThread : Stream;
  }

  std::span<const std::uint32_t> correlationIds() const {
    return {CorrelationIds.data(), NumCorrelationIds};
  }
  /// Adds \p Id unless present or full.
  void addCorrelationId(std::uint32_t Id) {
    for (unsigned I = 0; I < NumCorrelationIds; ++I)
      if (CorrelationIds[I] == Id)
        return;
    if (NumCorrelationIds < CorrelationIds.size())
      CorrelationIds[NumCorrelationIds++] = Id;
  }
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_LAUNCHINFO_H
