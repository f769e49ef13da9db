//===- CudaDriver.cpp - The few driver calls the runtime makes ------------===//

#include "cupti/CudaDriver.h"

#include <cstring>
#include <dlfcn.h>

namespace headroom::rt {

std::unique_ptr<CudaDriver> CudaDriver::load(Failure &Why) {
  void *Handle = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!Handle) {
    const char *E = ::dlerror();
    Why = Failure{FailureKind::DriverMissing,
                  std::string("cannot load libcuda.so.1") +
                      (E ? std::string(": ") + E : std::string())};
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
  D->FuncGetParamInfo =
      reinterpret_cast<FuncGetParamInfoFn>(Sym("cuFuncGetParamInfo"));
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

std::optional<std::string> CudaDriver::hostMemoryArgument(CUfunction F,
                                                          void **KernelParams,
                                                          void **Extra) const {
  if (!FuncGetParamInfo || !PointerGetAttribute || !F)
    return std::nullopt;
  // The packed argument buffer, when the launch passes one through extra.
  const unsigned char *Buffer = nullptr;
  std::size_t BufferSize = 0;
  if (!KernelParams && Extra) {
    for (void **E = Extra; *E != CU_LAUNCH_PARAM_END; E += 2) {
      if (*E == CU_LAUNCH_PARAM_BUFFER_POINTER)
        Buffer = static_cast<const unsigned char *>(E[1]);
      else if (*E == CU_LAUNCH_PARAM_BUFFER_SIZE && E[1])
        BufferSize = *static_cast<const std::size_t *>(E[1]);
      else if (*E != CU_LAUNCH_PARAM_BUFFER_POINTER &&
               *E != CU_LAUNCH_PARAM_BUFFER_SIZE)
        break;
    }
  }
  if (!KernelParams && !Buffer)
    return std::nullopt;
  constexpr std::size_t MaxParams = 512, MaxBytes = 4096;
  std::size_t Scanned = 0;
  for (std::size_t Index = 0; Index < MaxParams && Scanned < MaxBytes;
       ++Index) {
    std::size_t Offset = 0, Size = 0;
    if (FuncGetParamInfo(F, Index, &Offset, &Size) != CUDA_SUCCESS)
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
          Type == CU_MEMORYTYPE_HOST)
        return "argument " + std::to_string(Index + 1) +
               " points to host memory, which kernel replay does not save "
               "and restore";
    }
  }
  return std::nullopt;
}

} // namespace headroom::rt
