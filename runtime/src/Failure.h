//===- Failure.h - Why a capability of the runtime is missing ---*- C++ -*-===//
///
/// \file
/// A CUPTI-free description of a failure of the hardware layer, precise
/// enough to tell the user how to get the missing data back.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_FAILURE_H
#define HEADROOM_RUNTIME_FAILURE_H

#include <string>

namespace headroom::rt {

/// The classes of failure that call for different advice.
enum class FailureKind {
  /// libcupti could not be loaded, or lacks a function the runtime needs.
  CuptiMissing,
  /// libcuda.so.1 (the NVIDIA driver) could not be loaded.
  DriverMissing,
  /// CUDA found no usable device.
  NoDevice,
  /// CUPTI_ERROR_INSUFFICIENT_PRIVILEGES: counters are restricted to admins.
  InsufficientPrivileges,
  /// CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED: another CUPTI client
  /// (Nsight Systems/Compute, cuda-gdb, compute-sanitizer, ...) is attached.
  MultipleSubscribers,
  /// CUPTI_ERROR_HARDWARE_BUSY: another profiler (e.g. DCGM) holds the
  /// counters.
  HardwareBusy,
  /// The device or its configuration (vGPU, MIG, MPS, confidential computing,
  /// WSL, architecture) does not support the range profiler.
  NotSupported,
  /// None of the requested metrics is available on the chip.
  NoMetrics,
  /// Kernel replay cannot run this kernel without changing the program (it
  /// reaches host memory that replay does not save and restore).
  Unreplayable,
  /// Any other CUPTI error.
  Other,
};

/// One failure: its class and a detail naming the call and error code, e.g.
/// "cuptiRangeProfilerEnable: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES".
struct Failure {
  FailureKind Kind = FailureKind::Other;
  std::string Detail;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_FAILURE_H
