//===- CudaDriver.h - The few driver calls the runtime makes ----*- C++ -*-===//
///
/// \file
/// libcuda.so.1 opened with dlopen (never linked, so that the runtime loads
/// where no driver is installed): device identity, stream-capture state,
/// stream synchronization and what a launch's arguments point to (host
/// memory, device allocations; one walk over the arguments serves both).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_CUPTI_CUDADRIVER_H
#define HEADROOM_RUNTIME_CUPTI_CUDADRIVER_H

#include "DeviceIdentity.h"
#include "Failure.h"
#include "LaunchAllocations.h"

#include <cuda.h>

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

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

  /// Adds to \p Out the device (or managed) allocations that the arguments
  /// of a launch of \p F point into, each as its whole range, looking at
  /// the same words as hostMemoryArgument(). False when the driver cannot
  /// say (no cuPointerGetAttributes or parameter layout, no arguments
  /// given); a failing query finds no allocation.
  bool deviceAllocations(CUfunction F, void **KernelParams, void **Extra,
                         LaunchAllocations &Out) const;

  /// Forgets the parameter layouts asked so far: function handles may be
  /// reused once their context or module is gone.
  void forgetLayouts() const;

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

  /// Where one parameter lies in the packed argument buffer.
  struct ParamSlot {
    std::size_t Offset = 0, Size = 0;
  };
  using ParamLayout = std::vector<ParamSlot>;
  /// The parameters of \p F, asked of the driver once per handle (empty
  /// when it gives none).
  std::shared_ptr<const ParamLayout> layout(CUfunction F) const;
  /// Calls \p Visit(Index, Word) for each 8-byte word of each argument of a
  /// launch of \p F that could be a pointer, until it returns false;
  /// \p Layout is set to the parameters walked. False when the arguments
  /// cannot be read.
  template <typename VisitFn>
  bool walkArgumentWords(CUfunction F, void **KernelParams, void **Extra,
                         std::shared_ptr<const ParamLayout> &Layout,
                         VisitFn &&Visit) const;
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
  using PointerGetAttributesFn = CUresult (*)(unsigned, CUpointer_attribute *,
                                              void **, CUdeviceptr);

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
  PointerGetAttributesFn PointerGetAttributes = nullptr;
  void *Handle = nullptr;

  /// The most layouts kept; further functions are asked at each launch.
  static constexpr std::size_t MaxLayouts = 1u << 14;
  mutable std::mutex LayoutMutex;
  mutable std::unordered_map<CUfunction, std::shared_ptr<const ParamLayout>>
      Layouts;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_CUPTI_CUDADRIVER_H
