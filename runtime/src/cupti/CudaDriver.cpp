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
  D->PointerGetAttributes =
      reinterpret_cast<PointerGetAttributesFn>(Sym("cuPointerGetAttributes"));
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

std::shared_ptr<const CudaDriver::ParamLayout>
CudaDriver::layout(CUfunction F) const {
  {
    std::lock_guard<std::mutex> Lock(LayoutMutex);
    auto It = Layouts.find(F);
    if (It != Layouts.end())
      return It->second;
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
  constexpr std::size_t MaxParams = 512;
  auto Out = std::make_shared<ParamLayout>();
  for (std::size_t Index = 0; Index < MaxParams; ++Index) {
    ParamSlot Slot;
    if (!ParamInfo(Index, Slot.Offset, Slot.Size))
      break;
    Out->push_back(Slot);
  }
  std::lock_guard<std::mutex> Lock(LayoutMutex);
  if (Layouts.size() < MaxLayouts)
    Layouts.emplace(F, Out);
  return Out;
}

void CudaDriver::forgetLayouts() const {
  std::lock_guard<std::mutex> Lock(LayoutMutex);
  Layouts.clear();
}

template <typename VisitFn>
bool CudaDriver::walkArgumentWords(CUfunction F, void **KernelParams,
                                   void **Extra,
                                   std::shared_ptr<const ParamLayout> &Layout,
                                   VisitFn &&Visit) const {
  if (!F || (!FuncGetParamInfo && !KernelGetParamInfo))
    return false;
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
  if (!KernelParams && !Buffer)
    return false;
  Layout = layout(F);
  constexpr std::size_t MaxBytes = 4096;
  std::size_t Scanned = 0;
  for (std::size_t Index = 0; Index < Layout->size() && Scanned < MaxBytes;
       ++Index) {
    const ParamSlot &Slot = (*Layout)[Index];
    const unsigned char *Value = nullptr;
    if (KernelParams)
      Value = static_cast<const unsigned char *>(KernelParams[Index]);
    else if (Slot.Offset + Slot.Size <= BufferSize)
      Value = Buffer + Slot.Offset;
    if (!Value)
      continue;
    for (std::size_t At = 0; At + sizeof(CUdeviceptr) <= Slot.Size;
         At += sizeof(CUdeviceptr)) {
      CUdeviceptr Word = 0;
      std::memcpy(&Word, Value + At, sizeof(Word));
      Scanned += sizeof(Word);
      // Small values are sizes and flags, never pointers.
      if (Word < 4096)
        continue;
      if (!Visit(Index, Word))
        return true;
    }
  }
  return true;
}

CudaDriver::ArgumentCheck CudaDriver::hostMemoryArgument(CUfunction F,
                                                         void **KernelParams,
                                                         void **Extra) const {
  ArgumentCheck Out;
  std::shared_ptr<const ParamLayout> Layout;
  bool Walked =
      PointerGetAttribute &&
      walkArgumentWords(
          F, KernelParams, Extra, Layout,
          [&](std::size_t Index, CUdeviceptr Word) {
            unsigned int Type = 0;
            if (PointerGetAttribute(&Type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                    Word) != CUDA_SUCCESS ||
                Type != CU_MEMORYTYPE_HOST)
              return true;
            Out.HostArgument = "argument " + std::to_string(Index + 1) +
                               " points to host memory: a kernel that waits "
                               "there for the host would hang under kernel "
                               "replay";
            return false;
          });
  // A kernel with arguments whose layout the driver did not give.
  Out.Unknown = !Walked || (!Out.HostArgument && Layout->empty() &&
                            KernelParams && KernelParams[0]);
  return Out;
}

bool CudaDriver::deviceAllocations(CUfunction F, void **KernelParams,
                                   void **Extra, LaunchAllocations &Out) const {
  if (!PointerGetAttributes)
    return false;
  std::shared_ptr<const ParamLayout> Layout;
  return walkArgumentWords(
      F, KernelParams, Extra, Layout, [&](std::size_t, CUdeviceptr Word) {
        // Zeroed 8-byte slots: the driver writes an unsigned int or a bool
        // for the type and the flag.
        std::uint64_t Type = 0, Managed = 0, Start = 0, Size = 0;
        CUpointer_attribute Attributes[] = {
            CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CU_POINTER_ATTRIBUTE_IS_MANAGED,
            CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
            CU_POINTER_ATTRIBUTE_RANGE_SIZE};
        void *Data[] = {&Type, &Managed, &Start, &Size};
        // Not a CUDA pointer: success with every attribute left 0.
        if (PointerGetAttributes(4, Attributes, Data, Word) == CUDA_SUCCESS &&
            (Type == CU_MEMORYTYPE_DEVICE || Managed != 0))
          Out.add(AllocationRange{Start, Size});
        return true;
      });
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
