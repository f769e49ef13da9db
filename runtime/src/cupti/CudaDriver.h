//===- CudaDriver.h - The few driver calls the runtime makes -----*- C++
//-*-===//
///
/// \file
/// libcuda.so.1 opened with dlopen (never linked, so that the runtime loads
/// where no driver is installed): device identity and stream-capture state.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_CUPTI_CUDADRIVER_H
#define HEADROOM_RUNTIME_CUPTI_CUDADRIVER_H

#include "DeviceIdentity.h"
#include "Failure.h"

#include <cuda.h>

#include <memory>
#include <optional>

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

private:
  CudaDriver() = default;
  using DeviceGetFn = CUresult (*)(CUdevice *, int);
  using DeviceGetNameFn = CUresult (*)(char *, int, CUdevice);
  using DeviceGetAttributeFn = CUresult (*)(int *, CUdevice_attribute,
                                            CUdevice);
  using DeviceGetUuidFn = CUresult (*)(CUuuid *, CUdevice);
  using StreamIsCapturingFn = CUresult (*)(CUstream, CUstreamCaptureStatus *);

  DeviceGetFn DeviceGet = nullptr;
  DeviceGetNameFn DeviceGetName = nullptr;
  DeviceGetAttributeFn DeviceGetAttribute = nullptr;
  DeviceGetUuidFn DeviceGetUuid = nullptr;
  StreamIsCapturingFn StreamIsCapturing = nullptr;
  void *Handle = nullptr;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_CUPTI_CUDADRIVER_H
