//===- CudaDriver.cpp - The few driver calls the runtime makes ------------===//

#include "cupti/CudaDriver.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

namespace headroom::rt {

std::unique_ptr<CudaDriver> CudaDriver::load(Failure &Why) {
  void *Handle = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!Handle) {
    const char *E = ::dlerror();
    // dlerror() names the library itself.
    Why = Failure{FailureKind::DriverMissing,
                  "cannot load " + (E ? std::string(E) : "libcuda.so.1")};
    return nullptr;
  }
  std::unique_ptr<CudaDriver> D(new CudaDriver());
  D->Handle = Handle;
  auto Sym = [&](const char *Name) { return ::dlsym(Handle, Name); };
  D->DeviceGet = reinterpret_cast<DeviceGetFn>(Sym("cuDeviceGet"));
  D->DeviceGetName = reinterpret_cast<DeviceGetNameFn>(Sym("cuDeviceGetName"));
  D->DeviceGetAttribute =
      reinterpret_cast<DeviceGetAttributeFn>(Sym("cuDeviceGetAttribute"));
  D->DeviceGetUuid =
      reinterpret_cast<DeviceGetUuidFn>(Sym("cuDeviceGetUuid_v2"));
  if (!D->DeviceGetUuid)
    D->DeviceGetUuid =
        reinterpret_cast<DeviceGetUuidFn>(Sym("cuDeviceGetUuid"));
  D->StreamIsCapturing =
      reinterpret_cast<StreamIsCapturingFn>(Sym("cuStreamIsCapturing"));
  D->StreamSynchronize =
      reinterpret_cast<StreamSynchronizeFn>(Sym("cuStreamSynchronize"));
  D->FuncGetParamInfo =
      reinterpret_cast<FuncGetParamInfoFn>(Sym("cuFuncGetParamInfo"));
  D->KernelGetParamInfo =
      reinterpret_cast<KernelGetParamInfoFn>(Sym("cuKernelGetParamInfo"));
  D->Init = reinterpret_cast<InitFn>(Sym("cuInit"));
  D->DeviceGetCount =
      reinterpret_cast<DeviceGetCountFn>(Sym("cuDeviceGetCount"));
  D->GetErrorName = reinterpret_cast<GetErrorNameFn>(Sym("cuGetErrorName"));
  D->PointerGetAttribute =
      reinterpret_cast<PointerGetAttributeFn>(Sym("cuPointerGetAttribute"));
  return D;
}

std::optional<CUdevice> CudaDriver::device(std::uint32_t Ordinal) const {
  CUdevice Dev = 0;
  if (!DeviceGet || DeviceGet(&Dev, static_cast<int>(Ordinal)) != CUDA_SUCCESS)
    return std::nullopt;
  return Dev;
}

std::optional<DeviceIdentity>
CudaDriver::describe(std::uint32_t Ordinal) const {
  std::optional<CUdevice> Dev = device(Ordinal);
  if (!Dev)
    return std::nullopt;
  DeviceIdentity Id;
  Id.Index = Ordinal;
  char Name[256] = {};
  if (DeviceGetName &&
      DeviceGetName(Name, sizeof(Name) - 1, *Dev) == CUDA_SUCCESS)
    Id.Name = Name;
  if (DeviceGetUuid) {
    CUuuid Uuid{};
    if (DeviceGetUuid(&Uuid, *Dev) == CUDA_SUCCESS) {
      std::array<unsigned char, 16> Bytes{};
      for (std::size_t I = 0; I < Bytes.size(); ++I)
        Bytes[I] = static_cast<unsigned char>(Uuid.bytes[I]);
      Id.Uuid = formatGpuUuid(Bytes);
    }
  }
  if (DeviceGetAttribute) {
    int V = 0;
    if (DeviceGetAttribute(&V, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                           *Dev) == CUDA_SUCCESS)
      Id.ComputeMajor = V;
    if (DeviceGetAttribute(&V, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                           *Dev) == CUDA_SUCCESS)
      Id.ComputeMinor = V;
    if (DeviceGetAttribute(&V, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                           *Dev) == CUDA_SUCCESS)
      Id.SmCount = V;
  }
  return Id;
}

std::optional<bool> CudaDriver::isCapturing(CUstream Stream) const {
  if (!StreamIsCapturing)
    return std::nullopt;
  CUstreamCaptureStatus Status = CU_STREAM_CAPTURE_STATUS_NONE;
  if (StreamIsCapturing(Stream, &Status) != CUDA_SUCCESS)
    return std::nullopt;
  return Status != CU_STREAM_CAPTURE_STATUS_NONE;
}

std::optional<CUresult> CudaDriver::synchronize(CUstream Stream) const {
  if (!StreamSynchronize)
    return CUDA_ERROR_NOT_FOUND;
  CUresult R = StreamSynchronize(Stream);
  if (R != CUDA_SUCCESS)
    return R;
  return std::nullopt;
}

CudaDriver::ArgumentCheck CudaDriver::hostMemoryArgument(CUfunction F,
                                                         void **KernelParams,
                                                         void **Extra) const {
  ArgumentCheck Out;
  if (!PointerGetAttribute || !F ||
      (!FuncGetParamInfo && !KernelGetParamInfo)) {
    Out.Unknown = true;
    return Out;
  }
  // The handle is a CUfunction or, from the CUDA runtime, a CUkernel: ask
  // for the layout both ways.
  auto ParamInfo = [&](std::size_t Index, std::size_t &Offset,
                       std::size_t &Size) {
    if (FuncGetParamInfo &&
        FuncGetParamInfo(F, Index, &Offset, &Size) == CUDA_SUCCESS)
      return true;
    return KernelGetParamInfo &&
           KernelGetParamInfo(reinterpret_cast<CUkernel>(F), Index, &Offset,
                              &Size) == CUDA_SUCCESS;
  };
  // The packed argument buffer, when the launch passes one through extra.
  const unsigned char *Buffer = nullptr;
  std::size_t BufferSize = 0;
  if (!KernelParams && Extra) {
    for (void **E = Extra; *E != CU_LAUNCH_PARAM_END; E += 2) {
      if (*E == CU_LAUNCH_PARAM_BUFFER_POINTER)
        Buffer = static_cast<const unsigned char *>(E[1]);
      else if (*E == CU_LAUNCH_PARAM_BUFFER_SIZE && E[1])
        BufferSize = *static_cast<const std::size_t *>(E[1]);
      else
        break;
    }
  }
  if (!KernelParams && !Buffer) {
    Out.Unknown = true;
    return Out;
  }
  constexpr std::size_t MaxParams = 512, MaxBytes = 4096;
  std::size_t Scanned = 0, Index = 0;
  for (; Index < MaxParams && Scanned < MaxBytes; ++Index) {
    std::size_t Offset = 0, Size = 0;
    if (!ParamInfo(Index, Offset, Size))
      break;
    const unsigned char *Value = nullptr;
    if (KernelParams)
      Value = static_cast<const unsigned char *>(KernelParams[Index]);
    else if (Offset + Size <= BufferSize)
      Value = Buffer + Offset;
    if (!Value)
      continue;
    for (std::size_t At = 0; At + sizeof(CUdeviceptr) <= Size;
         At += sizeof(CUdeviceptr)) {
      CUdeviceptr Ptr = 0;
      std::memcpy(&Ptr, Value + At, sizeof(Ptr));
      Scanned += sizeof(Ptr);
      if (Ptr < 4096)
        continue;
      unsigned int Type = 0;
      if (PointerGetAttribute(&Type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, Ptr) ==
              CUDA_SUCCESS &&
          Type == CU_MEMORYTYPE_HOST) {
        Out.HostArgument = "argument " + std::to_string(Index + 1) +
                           " points to host memory: a kernel that waits "
                           "there for the host would hang under kernel "
                           "replay";
        return Out;
      }
    }
  }
  // A kernel with arguments whose layout the driver did not give.
  Out.Unknown = Index == 0 && KernelParams && KernelParams[0];
  return Out;
}

std::optional<std::string>
CudaDriver::hiddenByVisibleDevices(const char *Visible) {
  if (!Visible)
    return std::nullopt;
  std::string V = Visible;
  std::size_t B = V.find_first_not_of(" \t");
  V = B == std::string::npos ? std::string() : V.substr(B);
  // CUDA stops at the first invalid entry: "", "-1", "none", "NoDevFiles"
  // hide every device.
  if (V.empty() || V.rfind("-", 0) == 0 || V == "none" || V == "NoDevFiles")
    return "CUDA_VISIBLE_DEVICES='" + std::string(Visible) +
           "' hides every device";
  return std::nullopt;
}

std::optional<Failure> CudaDriver::deviceProblem() const {
  if (std::optional<std::string> Hidden =
          hiddenByVisibleDevices(std::getenv("CUDA_VISIBLE_DEVICES")))
    return Failure{FailureKind::NoDevice, *Hidden};
  if (Init) {
    CUresult R = Init(0);
    // At exit the CUDA runtime may have torn the driver down already: no
    // answer then, and no warning.
    if (R == CUDA_ERROR_DEINITIALIZED || R == CUDA_ERROR_NOT_INITIALIZED)
      return std::nullopt;
    if (R != CUDA_SUCCESS)
      return Failure{FailureKind::NoDevice, "cuInit: " + resultName(R)};
  }
  int Count = 0;
  if (DeviceGetCount && DeviceGetCount(&Count) == CUDA_SUCCESS && Count == 0)
    return Failure{FailureKind::NoDevice, "no CUDA device visible"};
  return std::nullopt;
}

std::string CudaDriver::resultName(CUresult R) const {
  const char *S = nullptr;
  if (GetErrorName && GetErrorName(R, &S) == CUDA_SUCCESS && S)
    return S;
  switch (R) {
  case CUDA_ERROR_NO_DEVICE:
    return "CUDA_ERROR_NO_DEVICE";
  case CUDA_ERROR_INVALID_DEVICE:
    return "CUDA_ERROR_INVALID_DEVICE";
  case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
    return "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH";
  case CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE:
    return "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE";
  case CUDA_ERROR_UNKNOWN:
    return "CUDA_ERROR_UNKNOWN";
  default:
    return "CUresult " + std::to_string(static_cast<int>(R));
  }
}

} // namespace headroom::rt
