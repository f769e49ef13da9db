//===- CuptiTracer.cpp - Launch callbacks and kernel records via CUPTI ----===//

#include "cupti/CuptiTracer.h"

#include "HookBoundary.h"
#include "cupti/CuptiStatus.h"

#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <type_traits>
#include <vector>

namespace headroom::rt {

namespace {

/// The tracer CUPTI's buffer callbacks report to.
std::atomic<CuptiTracer *> ActiveTracer{nullptr};

/// Activity buffer size (CUPTI recommends 1-10 MB) and alignment.
constexpr size_t BufferBytes = 8u << 20;

constexpr CUpti_CallbackId DriverLaunchIds[] = {
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel,
    CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz,
};

constexpr CUpti_CallbackId GraphLaunchIds[] = {
    CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch,
    CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz,
};

constexpr CUpti_CallbackId RuntimeLaunchIds[] = {
    CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000,
    CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_v9000,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_ptsz_v9000,
    CUPTI_RUNTIME_TRACE_CBID_cudaGraphLaunch_v10000,
    CUPTI_RUNTIME_TRACE_CBID_cudaGraphLaunch_ptsz_v10000,
};

/// Correlation ids of the runtime launch calls this thread is inside, and
/// the launch being profiled (to hand the same LaunchInfo to API exit).
struct ThreadLaunchState {
  std::uint32_t RuntimeIds[3] = {};
  unsigned NumRuntimeIds = 0;
  unsigned RuntimeDepth = 0;
};
thread_local ThreadLaunchState ThisThread;

/// The device of the last context this thread launched on.
struct ContextCache {
  const CuptiTracer *Owner = nullptr;
  CUcontext Context = nullptr;
  std::uint32_t Device = 0;
};
thread_local ContextCache LastContext;

Dim3 dims(unsigned X, unsigned Y, unsigned Z) { return Dim3{X, Y, Z}; }

/// Reads the fields that cuLaunchKernel, cuLaunchCooperativeKernel and their
/// per-thread-stream forms share; only cuLaunchKernel has `extra`.
template <typename ParamsT>
bool readClassicLaunch(const void *Params, LaunchInfo &L) {
  auto *P = static_cast<const ParamsT *>(Params);
  L.Grid = dims(P->gridDimX, P->gridDimY, P->gridDimZ);
  L.Block = dims(P->blockDimX, P->blockDimY, P->blockDimZ);
  L.DynamicSharedBytes = P->sharedMemBytes;
  L.Stream = P->hStream;
  L.Function = P->f;
  L.KernelParams = P->kernelParams;
  if constexpr (std::is_same_v<ParamsT, cuLaunchKernel_params> ||
                std::is_same_v<ParamsT, cuLaunchKernel_ptsz_params>)
    L.Extra = P->extra;
  return true;
}

/// Reads grid, block, shared memory and stream of a driver launch's
/// parameters.
bool readLaunchFields(CUpti_CallbackId Id, const void *Params, LaunchInfo &L) {
  if (!Params)
    return false;
  switch (Id) {
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel:
    return readClassicLaunch<cuLaunchKernel_params>(Params, L);
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz:
    return readClassicLaunch<cuLaunchKernel_ptsz_params>(Params, L);
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel:
    return readClassicLaunch<cuLaunchCooperativeKernel_params>(Params, L);
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz:
    return readClassicLaunch<cuLaunchCooperativeKernel_ptsz_params>(Params, L);
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx:
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz: {
    // Both variants start with the same config pointer.
    auto *P = static_cast<const cuLaunchKernelEx_params *>(Params);
    if (!P->config)
      return false;
    const CUlaunchConfig &C = *P->config;
    L.Grid = dims(C.gridDimX, C.gridDimY, C.gridDimZ);
    L.Block = dims(C.blockDimX, C.blockDimY, C.blockDimZ);
    L.DynamicSharedBytes = C.sharedMemBytes;
    L.Stream = C.hStream;
    L.Function = P->f;
    L.KernelParams = P->kernelParams;
    L.Extra = P->extra;
    return true;
  }
  case CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch:
  case CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz: {
    // Both variants: (hGraph, hStream).
    auto *P = static_cast<const cuGraphLaunch_params *>(Params);
    L.Stream = P->hStream;
    return true;
  }
  default:
    return false;
  }
}

/// Whether callback \p Id's launch on \p Stream went to the calling
/// thread's own default stream: cudaStreamPerThread, or the null stream of
/// a per-thread-stream call (nvcc --default-stream per-thread).
bool onPerThreadStream(CUpti_CallbackId Id, CUstream Stream) {
  if (Stream == CU_STREAM_PER_THREAD)
    return true;
  if (Stream)
    return false;
  switch (Id) {
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz:
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz:
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz:
  case CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz:
    return true;
  default:
    return false;
  }
}

/// Fills grid, block, shared memory and stream from a driver launch's
/// parameters.
bool readLaunchParams(CUpti_CallbackId Id, const void *Params, LaunchInfo &L) {
  if (!readLaunchFields(Id, Params, L))
    return false;
  // The thread's launch state is as unique to it as its default stream.
  if (onPerThreadStream(Id, static_cast<CUstream>(L.Stream)))
    L.StreamThread = &ThisThread;
  return true;
}

bool isDriverLaunch(CUpti_CallbackId Id) {
  for (CUpti_CallbackId L : DriverLaunchIds)
    if (L == Id)
      return true;
  return false;
}

bool isGraphLaunch(CUpti_CallbackId Id) {
  for (CUpti_CallbackId L : GraphLaunchIds)
    if (L == Id)
      return true;
  return false;
}

KernelRecord toKernelRecord(const CUpti_ActivityKernel10 &K) {
  KernelRecord R;
  R.CorrelationId = K.correlationId;
  R.Name = K.name ? K.name : "";
  R.StartNs = K.start;
  R.EndNs = K.end;
  R.Grid = Dim3{static_cast<std::uint32_t>(K.gridX),
                static_cast<std::uint32_t>(K.gridY),
                static_cast<std::uint32_t>(K.gridZ)};
  R.Block = Dim3{static_cast<std::uint32_t>(K.blockX),
                 static_cast<std::uint32_t>(K.blockY),
                 static_cast<std::uint32_t>(K.blockZ)};
  R.DynamicSharedBytes = static_cast<std::uint32_t>(K.dynamicSharedMemory);
  R.StaticSharedBytes = static_cast<std::uint32_t>(K.staticSharedMemory);
  R.RegistersPerThread = K.registersPerThread;
  R.LocalBytesPerThread = K.localMemoryPerThread;
  R.Device = K.deviceId;
  R.Context = K.contextId;
  R.Stream = K.streamId;
  R.GraphId = K.graphId;
  R.GraphNodeId = K.graphNodeId;
  return R;
}

} // namespace

CuptiTracer::CuptiTracer(std::shared_ptr<CuptiLoader> Loader)
    : Loader(std::move(Loader)) {}

CuptiTracer::~CuptiTracer() {
  CuptiTracer *Self = this;
  ActiveTracer.compare_exchange_strong(Self, nullptr);
  if (LastContext.Owner == this)
    LastContext = ContextCache{};
}

bool CuptiTracer::subscribe(Failure &Why) {
  const CuptiApi &A = Lib->api();
  CUptiResult R;
  char Holder[CUPTI_OLD_SUBSCRIBER_NAME_MIN_LEN + 64] = {};
  if (A.cuptiSubscribe_v2) {
    CUpti_SubscriberParams P{};
    P.structSize = CUpti_SubscriberParams_STRUCT_SIZE;
    P.subscriberName = "headroom";
    P.oldSubscriberName = Holder;
    P.oldSubscriberSize = sizeof(Holder);
    R = A.cuptiSubscribe_v2(&Subscriber, &CuptiTracer::onCallback, this, &P);
  } else {
    R = A.cuptiSubscribe(&Subscriber, &CuptiTracer::onCallback, this);
  }
  if (R != CUPTI_SUCCESS) {
    Why = cuptiFailure(*Lib, R, "cuptiSubscribe");
    if (Holder[0])
      Why.Detail += std::string(", held by ") + Holder;
    Subscriber = nullptr;
    return false;
  }
  for (CUpti_CallbackId Id : DriverLaunchIds) {
    R = A.cuptiEnableCallback(1, Subscriber, CUPTI_CB_DOMAIN_DRIVER_API, Id);
    if (R != CUPTI_SUCCESS) {
      Why = cuptiFailure(*Lib, R, "cuptiEnableCallback(driver launch)");
      return false;
    }
  }
  // Graph launches and graph nodes only attribute graph kernels; the
  // runtime ids only widen the join: missing ones are not fatal.
  for (CUpti_CallbackId Id : GraphLaunchIds)
    A.cuptiEnableCallback(1, Subscriber, CUPTI_CB_DOMAIN_DRIVER_API, Id);
  if (RuntimeCallbacks)
    for (CUpti_CallbackId Id : RuntimeLaunchIds)
      A.cuptiEnableCallback(1, Subscriber, CUPTI_CB_DOMAIN_RUNTIME_API, Id);
  A.cuptiEnableCallback(1, Subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                        CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING);
  if (ModuleLoads)
    A.cuptiEnableCallback(1, Subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                          CUPTI_CBID_RESOURCE_MODULE_LOADED);
  // Function handles of an unloaded module may come back as other
  // functions: their cached parameter layouts go.
  if (InspectArguments)
    A.cuptiEnableCallback(1, Subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                          CUPTI_CBID_RESOURCE_MODULE_UNLOAD_STARTING);
  if (A.cuptiGetGraphNodeId) {
    A.cuptiEnableCallback(1, Subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                          CUPTI_CBID_RESOURCE_GRAPHNODE_CREATED);
    A.cuptiEnableCallback(1, Subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                          CUPTI_CBID_RESOURCE_GRAPHNODE_CLONED);
  }
  return true;
}

bool CuptiTracer::enableExternalCorrelation(Failure &Why) {
  const CuptiApi &A = Lib->api();
  CUptiResult R =
      A.cuptiActivityEnable(CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION);
  if (R != CUPTI_SUCCESS) {
    Why = cuptiFailure(*Lib, R, "cuptiActivityEnable(EXTERNAL_CORRELATION)");
    return false;
  }
  // External-correlation records accompany API records: trace only the
  // launch APIs when CUPTI allows choosing them, else all of them.
  bool Selective =
      A.cuptiActivityEnableDriverApi && A.cuptiActivityEnableRuntimeApi;
  if (Selective) {
    for (CUpti_CallbackId Id : DriverLaunchIds)
      Selective &= A.cuptiActivityEnableDriverApi(Id, 1) == CUPTI_SUCCESS;
    for (CUpti_CallbackId Id : GraphLaunchIds)
      A.cuptiActivityEnableDriverApi(Id, 1);
    for (CUpti_CallbackId Id : RuntimeLaunchIds)
      A.cuptiActivityEnableRuntimeApi(Id, 1);
  }
  if (!Selective) {
    R = A.cuptiActivityEnable(CUPTI_ACTIVITY_KIND_DRIVER);
    if (R == CUPTI_SUCCESS)
      R = A.cuptiActivityEnable(CUPTI_ACTIVITY_KIND_RUNTIME);
    if (R != CUPTI_SUCCESS) {
      Why = cuptiFailure(*Lib, R, "cuptiActivityEnable(DRIVER/RUNTIME)");
      return false;
    }
  }
  return true;
}

TraceStatus CuptiTracer::start(LaunchObserver &Obs,
                               const TracerOptions &Options) {
  TraceStatus Status;
  Failure Why;
  if (!Loader || !Loader->load(Why)) {
    Status.ActivityFailure = Why;
    Status.CallbackFailure = Why;
    return Status;
  }
  Lib = &Loader->cupti();
  Observer = &Obs;
  CuptiTracer *Expected = nullptr;
  if (!ActiveTracer.compare_exchange_strong(Expected, this) &&
      Expected != this) {
    Status.ActivityFailure =
        Failure{FailureKind::Other, "another tracer is active in this process"};
    return Status;
  }
  const CuptiApi &A = Lib->api();

  RuntimeCallbacks = Options.RuntimeCallbacks;
  ModuleLoads = Options.ModuleLoads;
  InspectArguments = Options.InspectArguments;
  if (Options.LaunchCallbacks) {
    Failure CallbackWhy;
    Status.Callbacks = subscribe(CallbackWhy);
    if (!Status.Callbacks)
      Status.CallbackFailure = CallbackWhy;
  }

  // Our buffers come zeroed (fresh anonymous mappings), so CUPTI need not
  // zero 8 MiB in the launching thread each time it takes one.
  if (A.cuptiActivitySetAttribute) {
    uint8_t Zeroed = 1;
    size_t ValueSize = sizeof(Zeroed);
    A.cuptiActivitySetAttribute(CUPTI_ACTIVITY_ATTR_ZEROED_OUT_ACTIVITY_BUFFER,
                                &ValueSize, &Zeroed);
  }
  CUptiResult R = A.cuptiActivityRegisterCallbacks(
      &CuptiTracer::onBufferRequested, &CuptiTracer::onBufferCompleted);
  if (R == CUPTI_SUCCESS)
    R = A.cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
  if (R != CUPTI_SUCCESS) {
    const char *Call = "cuptiActivityEnable(CONCURRENT_KERNEL)";
    Status.ActivityFailure = cuptiFailure(*Lib, R, Call);
    // CUPTI answers CUPTI_ERROR_UNKNOWN when the driver finds no GPU.
    if (R == CUPTI_ERROR_UNKNOWN || R == CUPTI_ERROR_NOT_INITIALIZED)
      Status.ActivityFailure->Kind = FailureKind::NoDevice;
    if (Status.CallbackFailure &&
        Status.CallbackFailure->Kind == FailureKind::MultipleSubscribers)
      Status.ActivityFailure = Status.CallbackFailure;
    return Status;
  }
  Status.Activity = true;

  if (Options.ExternalCorrelation || !Status.Callbacks) {
    Failure ExternalWhy;
    Status.ExternalCorrelation = enableExternalCorrelation(ExternalWhy);
    if (!Status.ExternalCorrelation && !Status.CallbackFailure)
      Status.CallbackFailure = ExternalWhy;
  }
  ExternalEnabled = Status.ExternalCorrelation;
  return Status;
}

void CuptiTracer::flush(bool Forced) {
  if (Lib && Observer)
    Lib->api().cuptiActivityFlushAll(Forced ? CUPTI_ACTIVITY_FLAG_FLUSH_FORCED
                                            : 0);
}

void CuptiTracer::pushExternalId(std::uint64_t Id) {
  if (ExternalEnabled)
    Lib->api().cuptiActivityPushExternalCorrelationId(
        CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, Id);
}

void CuptiTracer::popExternalId() {
  if (!ExternalEnabled)
    return;
  uint64_t Last = 0;
  Lib->api().cuptiActivityPopExternalCorrelationId(
      CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0, &Last);
}

std::optional<DeviceIdentity> CuptiTracer::describeDevice(std::uint32_t Index) {
  if (!Loader || !Loader->loaded())
    return std::nullopt;
  std::optional<DeviceIdentity> Id = Loader->driver().describe(Index);
  if (!Id)
    return std::nullopt;
  const CuptiApi &A = Lib->api();
  if (A.cuptiDeviceGetChipName) {
    CUpti_Device_GetChipName_Params P{};
    P.structSize = CUpti_Device_GetChipName_Params_STRUCT_SIZE;
    P.deviceIndex = Index;
    if (A.cuptiDeviceGetChipName(&P) == CUPTI_SUCCESS && P.pChipName)
      Id->Chip = P.pChipName;
  }
  return Id;
}

std::optional<Failure> CuptiTracer::deviceProblem() {
  if (!Loader || !Loader->loaded())
    return std::nullopt;
  return Loader->driver().deviceProblem();
}

std::uint32_t CuptiTracer::deviceOf(CUcontext Context) {
  if (LastContext.Owner == this && LastContext.Context == Context)
    return LastContext.Device;
  {
    std::lock_guard<std::mutex> Lock(DeviceMutex);
    auto It = ContextDevices.find(Context);
    if (It != ContextDevices.end())
      return It->second;
  }
  uint32_t Device = 0;
  if (Lib->api().cuptiGetDeviceId(Context, &Device) != CUPTI_SUCCESS)
    Device = 0;
  bool First;
  {
    std::lock_guard<std::mutex> Lock(DeviceMutex);
    ContextDevices[Context] = Device;
    First = DevicesSeen.insert(Device).second;
  }
  if (First)
    if (std::optional<DeviceIdentity> Id = describeDevice(Device))
      Observer->deviceSeen(*Id);
  LastContext = ContextCache{this, Context, Device};
  return Device;
}

void CuptiTracer::handleRuntimeLaunch(const CUpti_CallbackData &Data) {
  ThreadLaunchState &T = ThisThread;
  if (Data.callbackSite == CUPTI_API_ENTER) {
    ++T.RuntimeDepth;
    if (T.NumRuntimeIds < 3)
      T.RuntimeIds[T.NumRuntimeIds++] = Data.correlationId;
  } else if (T.RuntimeDepth > 0 && --T.RuntimeDepth == 0) {
    T.NumRuntimeIds = 0;
  }
}

void CuptiTracer::handleDriverLaunch(CUpti_CallbackId Id,
                                     const CUpti_CallbackData &Data) {
  LaunchInfo L;
  L.addCorrelationId(Data.correlationId);
  const ThreadLaunchState &T = ThisThread;
  for (unsigned I = 0; I < T.NumRuntimeIds; ++I)
    L.addCorrelationId(T.RuntimeIds[I]);
  L.KernelName = Data.symbolName ? Data.symbolName : "";
  L.Context = Data.context;
  readLaunchParams(Id, Data.functionParams, L);
  L.Device = deviceOf(Data.context);
  if (isGraphLaunch(Id)) {
    if (Data.callbackSite == CUPTI_API_ENTER)
      Observer->graphLaunch(L);
    return;
  }
  if (Data.callbackSite == CUPTI_API_ENTER) {
    LaunchAllocations Allocations;
    if (InspectArguments && inspectArguments(L, Allocations))
      L.Allocations = &Allocations;
    Observer->launchEnter(L);
    return;
  }
  L.Succeeded =
      !Data.functionReturnValue ||
      *static_cast<const CUresult *>(Data.functionReturnValue) == CUDA_SUCCESS;
  Observer->launchExit(L);
}

bool CuptiTracer::inspectArguments(const LaunchInfo &L,
                                   LaunchAllocations &Out) {
  if (!L.Function)
    return false;
  {
    // The first launches of each function only: a launch inspected costs
    // a driver call per pointer-sized word of its arguments.
    constexpr std::size_t MaxFunctions = 1u << 16;
    std::lock_guard<std::mutex> Lock(InspectMutex);
    auto It = Inspected.find(L.Function);
    if (It == Inspected.end()) {
      if (Inspected.size() >= MaxFunctions)
        return false;
      It = Inspected.emplace(L.Function, 0).first;
    }
    if (It->second >= TracerOptions::MaxInspectedLaunches)
      return false;
    ++It->second;
  }
  const CudaDriver &Driver = Loader->driver();
  // A launch into a graph under capture runs later, as a graph node.
  std::optional<bool> Capturing =
      Driver.isCapturing(static_cast<CUstream>(L.Stream));
  if (!Capturing || *Capturing)
    return false;
  return Driver.deviceAllocations(static_cast<CUfunction>(L.Function),
                                  L.KernelParams, L.Extra, Out);
}

void CuptiTracer::forgetFunctions() {
  if (!Loader || !Loader->loaded())
    return;
  Loader->driver().forgetLayouts();
  // The counts stay: a function handle reused by another function starts
  // where the first left off, which only inspects it less.
}

void CuptiTracer::handleGraphNode(CUpti_CallbackId Id,
                                  const CUpti_ResourceData &Data) {
  const CuptiApi &A = Lib->api();
  auto *G = static_cast<const CUpti_GraphData *>(Data.resourceDescriptor);
  if (!G || !G->node || !A.cuptiGetGraphNodeId ||
      G->nodeType != CU_GRAPH_NODE_TYPE_KERNEL)
    return;
  uint64_t Node = 0;
  if (A.cuptiGetGraphNodeId(G->node, &Node) != CUPTI_SUCCESS)
    return;
  if (Id == CUPTI_CBID_RESOURCE_GRAPHNODE_CREATED) {
    Observer->graphNodeCreated(Node);
    return;
  }
  uint64_t Original = 0;
  if (G->originalNode &&
      A.cuptiGetGraphNodeId(G->originalNode, &Original) == CUPTI_SUCCESS)
    Observer->graphNodeCloned(Original, Node);
}

void CUPTIAPI CuptiTracer::onCallback(void *Userdata,
                                      CUpti_CallbackDomain Domain,
                                      CUpti_CallbackId Id, const void *Data) {
  callNoThrow([&] {
    auto *Self = static_cast<CuptiTracer *>(Userdata);
    if (!Self || !Self->Observer || !Data)
      return;
    if (Domain == CUPTI_CB_DOMAIN_DRIVER_API &&
        (isDriverLaunch(Id) || isGraphLaunch(Id))) {
      Self->handleDriverLaunch(Id,
                               *static_cast<const CUpti_CallbackData *>(Data));
    } else if (Domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
      Self->handleRuntimeLaunch(*static_cast<const CUpti_CallbackData *>(Data));
    } else if (Domain == CUPTI_CB_DOMAIN_RESOURCE &&
               Id == CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING) {
      auto *R = static_cast<const CUpti_ResourceData *>(Data);
      {
        std::lock_guard<std::mutex> Lock(Self->DeviceMutex);
        Self->ContextDevices.erase(R->context);
      }
      Self->forgetFunctions();
      Self->Observer->contextDestroying(R->context);
    } else if (Domain == CUPTI_CB_DOMAIN_RESOURCE &&
               Id == CUPTI_CBID_RESOURCE_MODULE_LOADED) {
      auto *R = static_cast<const CUpti_ResourceData *>(Data);
      auto *M =
          static_cast<const CUpti_ModuleResourceData *>(R->resourceDescriptor);
      if (M && M->pCubin && M->cubinSize)
        Self->Observer->moduleLoaded(M->pCubin, M->cubinSize);
    } else if (Domain == CUPTI_CB_DOMAIN_RESOURCE &&
               Id == CUPTI_CBID_RESOURCE_MODULE_UNLOAD_STARTING) {
      Self->forgetFunctions();
    } else if (Domain == CUPTI_CB_DOMAIN_RESOURCE &&
               (Id == CUPTI_CBID_RESOURCE_GRAPHNODE_CREATED ||
                Id == CUPTI_CBID_RESOURCE_GRAPHNODE_CLONED)) {
      Self->handleGraphNode(Id, *static_cast<const CUpti_ResourceData *>(Data));
    }
  });
}

void CUPTIAPI CuptiTracer::onBufferRequested(uint8_t **Buffer, size_t *Size,
                                             size_t *MaxRecords) {
  // A fresh anonymous mapping is zero and its pages are touched only as
  // records are written (see ZEROED_OUT_ACTIVITY_BUFFER in start()).
  void *Mapped = mmap(nullptr, BufferBytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  *Buffer = Mapped == MAP_FAILED ? nullptr : static_cast<uint8_t *>(Mapped);
  *Size = *Buffer ? BufferBytes : 0;
  *MaxRecords = 0;
}

void CUPTIAPI CuptiTracer::onBufferCompleted(CUcontext Context,
                                             uint32_t StreamId, uint8_t *Buffer,
                                             size_t /*Size*/,
                                             size_t ValidSize) {
  callNoThrow([&] {
    if (CuptiTracer *Self = ActiveTracer.load())
      Self->processBuffer(Context, StreamId, Buffer, ValidSize);
  });
  if (Buffer)
    munmap(Buffer, BufferBytes);
}

void CuptiTracer::processBuffer(CUcontext Context, uint32_t StreamId,
                                uint8_t *Buffer, size_t ValidSize) {
  if (!Lib || !Observer || !Buffer)
    return;
  const CuptiApi &A = Lib->api();
  std::vector<KernelRecord> Kernels;
  std::vector<std::pair<std::uint32_t, std::uint64_t>> External;
  CUpti_Activity *Record = nullptr;
  while (A.cuptiActivityGetNextRecord(Buffer, ValidSize, &Record) ==
         CUPTI_SUCCESS) {
    switch (Record->kind) {
    case CUPTI_ACTIVITY_KIND_KERNEL:
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
      Kernels.push_back(
          toKernelRecord(*reinterpret_cast<CUpti_ActivityKernel10 *>(Record)));
      break;
    case CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION: {
      auto *E = reinterpret_cast<CUpti_ActivityExternalCorrelation *>(Record);
      if (E->externalKind == CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0)
        External.emplace_back(std::uint32_t(E->correlationId),
                              std::uint64_t(E->externalId));
      break;
    }
    default:
      break;
    }
  }
  size_t DroppedHere = 0;
  if (A.cuptiActivityGetNumDroppedRecords(Context, StreamId, &DroppedHere) ==
      CUPTI_SUCCESS)
    Dropped += DroppedHere;
  // Associations first, so that fewer records wait.
  for (const auto &[Correlation, ExternalId] : External)
    Observer->externalCorrelation(Correlation, ExternalId);
  if (!Kernels.empty())
    Observer->kernelRecords(Kernels);
}

} // namespace headroom::rt
