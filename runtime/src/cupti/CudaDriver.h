//===- CudaDriver.h - The few driver calls the runtime makes -----*- C++
//-*-===//
///
/// \file
/// libcuda.so.1 opened with dlopen (never linked, so that the runtime loads
/// where no driver is installed): device identity, stream-capture state and
/// what a launch's arguments point to.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_CUPTI_CUDADRIVER_H
#define HEADROOM_RUNTIME_CUPTI_CUDADRIVER_H

#include "DeviceIdentity.h"
#include "Failure.h"

#include <cuda.h>

#include <memory>
#include <optional>
#include <string>

namespace headroom::rt {

class CudaDriver {
public:
  /// Opens libcuda.so.1; null with \p Why set when it is missing.
  static std::unique_ptr<CudaDriver> load(Failure &Why);

  /// Name, UUID, compute capability and SM count of device \p Ordinal
  /// (the chip is left empty). Needs an initialized driver.
  std::optional<DeviceIdentity> describe(std::uint32_t Ordinal) const;

  /// The CUdevice of \p Ordinal.
  std::optional<CUdevice> device(std::uint32_t Ordinal) const;

  /// Whether \p Stream is capturing into a graph; nullopt when unknown.
  std::optional<bool> isCapturing(CUstream Stream) const;

  /// Describes the first argument of a launch of \p F (its kernelParams or
  /// extra array) that holds a pointer to host memory (pinned, mapped or
  /// registered): kernel replay does not restore such memory, and a kernel
  /// that waits on it for the host would hang. Every 8-byte word of every
  /// argument is checked (pointers inside structs too). Nullopt when none
  /// does or when the driver cannot say (before CUDA 12.4).
  std::optional<std::string>
  hostMemoryArgument(CUfunction F, void **KernelParams, void **Extra) const;

private:
  CudaDriver() = default;
  using DeviceGetFn = CUresult (*)(CUdevice *, int);
  using DeviceGetNameFn = CUresult (*)(char *, int, CUdevice);
  using DeviceGetAttributeFn = CUresult (*)(int *, CUdevice_attribute,
                                            CUdevice);
  using DeviceGetUuidFn = CUresult (*)(CUuuid *, CUdevice);
  using StreamIsCapturingFn = CUresult (*)(CUstream, CUstreamCaptureStatus *);
  using FuncGetParamInfoFn = CUresult (*)(CUfunction, size_t, size_t *,
                                          size_t *);
  using PointerGetAttributeFn = CUresult (*)(void *, CUpointer_attribute,
                                             CUdeviceptr);

  DeviceGetFn DeviceGet = nullptr;
  DeviceGetNameFn DeviceGetName = nullptr;
  DeviceGetAttributeFn DeviceGetAttribute = nullptr;
  DeviceGetUuidFn DeviceGetUuid = nullptr;
  StreamIsCapturingFn StreamIsCapturing = nullptr;
  FuncGetParamInfoFn FuncGetParamInfo = nullptr;
  PointerGetAttributeFn PointerGetAttribute = nullptr;
  void *Handle = nullptr;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_CUPTI_CUDADRIVER_H
