//===- CudaDriver.h - The few driver calls the runtime makes ----*- C++ -*-===//
///
/// \file
/// libcuda.so.1 opened with dlopen (never linked, so that the runtime loads
/// where no driver is installed): device identity, stream-capture state,
/// stream synchronization and what a launch's arguments point to.
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

  /// Waits for the work queued on \p Stream; the driver's error if it
  /// failed, nullopt when it succeeded.
  std::optional<CUresult> synchronize(CUstream Stream) const;

  /// What hostMemoryArgument() found.
  struct ArgumentCheck {
    /// The description of the first argument that points to host memory.
    std::optional<std::string> HostArgument;
    /// The arguments could not be inspected (no parameter layout).
    bool Unknown = false;
  };

  /// Looks for an argument of a launch of \p F (a CUfunction or CUkernel
  /// handle, with its kernelParams or extra array) that holds a pointer to
  /// host memory (pinned, mapped or registered): a kernel that waits there
  /// for the host would hang under kernel replay, which runs it while the
  /// launching thread is blocked. Every 8-byte word of every argument is
  /// checked (pointers inside structs too).
  ArgumentCheck hostMemoryArgument(CUfunction F, void **KernelParams,
                                   void **Extra) const;

  /// Why no CUDA device can run kernels (CUDA_VISIBLE_DEVICES, cuInit or
  /// cuDeviceGetCount), or nullopt when one can or the driver cannot say.
  /// Initializes the driver: call only at exit.
  std::optional<Failure> deviceProblem() const;

  /// Why \p Visible (CUDA_VISIBLE_DEVICES, null when unset) hides every
  /// device, or nullopt when it does not.
  static std::optional<std::string> hiddenByVisibleDevices(const char *Visible);

  /// "CUDA_ERROR_..." for \p R.
  std::string resultName(CUresult R) const;

private:
  CudaDriver() = default;
  using DeviceGetFn = CUresult (*)(CUdevice *, int);
  using DeviceGetNameFn = CUresult (*)(char *, int, CUdevice);
  using DeviceGetAttributeFn = CUresult (*)(int *, CUdevice_attribute,
                                            CUdevice);
  using DeviceGetUuidFn = CUresult (*)(CUuuid *, CUdevice);
  using StreamIsCapturingFn = CUresult (*)(CUstream, CUstreamCaptureStatus *);
  using StreamSynchronizeFn = CUresult (*)(CUstream);
  using FuncGetParamInfoFn = CUresult (*)(CUfunction, size_t, size_t *,
                                          size_t *);
  using KernelGetParamInfoFn = CUresult (*)(CUkernel, size_t, size_t *,
                                            size_t *);
  using InitFn = CUresult (*)(unsigned);
  using DeviceGetCountFn = CUresult (*)(int *);
  using GetErrorNameFn = CUresult (*)(CUresult, const char **);
  using PointerGetAttributeFn = CUresult (*)(void *, CUpointer_attribute,
                                             CUdeviceptr);

  DeviceGetFn DeviceGet = nullptr;
  DeviceGetNameFn DeviceGetName = nullptr;
  DeviceGetAttributeFn DeviceGetAttribute = nullptr;
  DeviceGetUuidFn DeviceGetUuid = nullptr;
  StreamIsCapturingFn StreamIsCapturing = nullptr;
  StreamSynchronizeFn StreamSynchronize = nullptr;
  FuncGetParamInfoFn FuncGetParamInfo = nullptr;
  KernelGetParamInfoFn KernelGetParamInfo = nullptr;
  InitFn Init = nullptr;
  DeviceGetCountFn DeviceGetCount = nullptr;
  GetErrorNameFn GetErrorName = nullptr;
  PointerGetAttributeFn PointerGetAttribute = nullptr;
  void *Handle = nullptr;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_CUPTI_CUDADRIVER_H
