//===- RangeProfilerSampler.cpp - Counters through the Range Profiler -----===//

#include "cupti/RangeProfilerSampler.h"

#include "cupti/CuptiStatus.h"

#include "MetricChoiceCache.h"

#include <chrono>

namespace headroom::rt {

namespace {

/// Ranges one counter-data image holds; a sample expects exactly one.
constexpr std::size_t MaxRanges = 4;

/// Adds the microseconds from \p Since to now to diagnostic \p Name; returns
/// now.
std::chrono::steady_clock::time_point
addElapsedUs(std::map<std::string, std::uint64_t> &Diagnostics,
             const char *Name, std::chrono::steady_clock::time_point Since) {
  auto Now = std::chrono::steady_clock::now();
  Diagnostics[Name] += static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(Now - Since)
          .count());
  return Now;
}

/// Adds the microseconds from its construction to its destruction to a
/// diagnostic: where a sample's time goes (sample_<phase>_us).
class PhaseClock {
public:
  PhaseClock(std::map<std::string, std::uint64_t> &Diagnostics,
             const char *Name)
      : Diagnostics(Diagnostics), Name(Name),
        Start(std::chrono::steady_clock::now()) {}
  ~PhaseClock() { addElapsedUs(Diagnostics, Name, Start); }
  PhaseClock(const PhaseClock &) = delete;
  PhaseClock &operator=(const PhaseClock &) = delete;

private:
  std::map<std::string, std::uint64_t> &Diagnostics;
  const char *Name;
  std::chrono::steady_clock::time_point Start;
};

std::string supportProblems(const CUpti_Profiler_DeviceSupported_Params &P) {
  std::string Out;
  auto Check = [&](CUpti_Profiler_Support_Level L, const char *What) {
    if (L == CUPTI_PROFILER_CONFIGURATION_SUPPORTED ||
        L == CUPTI_PROFILER_CONFIGURATION_UNKNOWN)
      return;
    Out += Out.empty() ? "" : ", ";
    Out += What;
    Out += L == CUPTI_PROFILER_CONFIGURATION_DISABLED ? " disabled"
                                                      : " unsupported";
  };
  Check(P.architecture, "architecture");
  Check(P.sli, "SLI");
  Check(P.vGpu, "vGPU");
  Check(P.confidentialCompute, "confidential computing");
  Check(P.cmp, "CMP");
  Check(P.wsl, "WSL");
  return Out.empty() ? "device not supported" : Out;
}

/// The parameters of a host object for \p Chip's range profiler, with the
/// counter availability image where one was queried (the caller keeps both
/// alive while CUPTI reads them).
CUpti_Profiler_Host_Initialize_Params
hostInitParams(const std::string &Chip,
               const std::vector<uint8_t> &Availability) {
  CUpti_Profiler_Host_Initialize_Params Init{};
  Init.structSize = CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE;
  Init.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
  Init.pChipName = Chip.c_str();
  Init.pCounterAvailabilityImage =
      Availability.empty() ? nullptr : Availability.data();
  return Init;
}

} // namespace

RangeProfilerSampler::RangeProfilerSampler(std::shared_ptr<CuptiLoader> Loader,
                                           std::vector<std::string> Required,
                                           std::vector<std::string> Extras,
                                           bool ReleaseAfterSample,
                                           std::string CacheDir)
    : Loader(std::move(Loader)), Required(std::move(Required)),
      Extras(std::move(Extras)), CacheDir(std::move(CacheDir)),
      ReleaseAfterSample(ReleaseAfterSample) {}

// The process is exiting when this runs (the runtime is never destroyed
// before exit); CUPTI objects are left to the driver's teardown.
RangeProfilerSampler::~RangeProfilerSampler() = default;

std::optional<std::size_t>
RangeProfilerSampler::countPasses(const std::string &Chip,
                                  const std::vector<uint8_t> &Availability,
                                  std::span<const std::string> Metrics) {
  const CuptiApi &A = Loader->cupti().api();
  CUpti_Profiler_Host_Initialize_Params Init =
      hostInitParams(Chip, Availability);
  if (A.cuptiProfilerHostInitialize(&Init) != CUPTI_SUCCESS)
    return std::nullopt;
  std::optional<std::size_t> Passes;
  std::vector<const char *> Names;
  for (const std::string &M : Metrics)
    Names.push_back(M.c_str());
  CUpti_Profiler_Host_ConfigAddMetrics_Params Add{};
  Add.structSize = CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE;
  Add.pHostObject = Init.pHostObject;
  Add.ppMetricNames = Names.data();
  Add.numMetrics = Names.size();
  if (A.cuptiProfilerHostConfigAddMetrics(&Add) == CUPTI_SUCCESS) {
    CUpti_Profiler_Host_GetConfigImageSize_Params Size{};
    Size.structSize = CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE;
    Size.pHostObject = Init.pHostObject;
    if (A.cuptiProfilerHostGetConfigImageSize(&Size) == CUPTI_SUCCESS) {
      std::vector<uint8_t> Image(Size.configImageSize);
      CUpti_Profiler_Host_GetConfigImage_Params Get{};
      Get.structSize = CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE;
      Get.pHostObject = Init.pHostObject;
      Get.configImageSize = Image.size();
      Get.pConfigImage = Image.data();
      if (A.cuptiProfilerHostGetConfigImage(&Get) == CUPTI_SUCCESS) {
        CUpti_Profiler_Host_GetNumOfPasses_Params Count{};
        Count.structSize =
            CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE;
        Count.configImageSize = Image.size();
        Count.pConfigImage = Image.data();
        if (A.cuptiProfilerHostGetNumOfPasses(&Count) == CUPTI_SUCCESS)
          Passes = Count.numOfPasses;
      }
    }
  }
  CUpti_Profiler_Host_Deinitialize_Params Deinit{};
  Deinit.structSize = CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE;
  Deinit.pHostObject = Init.pHostObject;
  A.cuptiProfilerHostDeinitialize(&Deinit);
  return Passes;
}

std::optional<MetricChoiceKey>
RangeProfilerSampler::choiceKey(const std::string &Chip) const {
  if (CacheDir.empty())
    return std::nullopt;
  MetricChoiceKey Key{Chip, 0, Required, Extras};
  if (Loader->cupti().api().cuptiGetVersion(&Key.CuptiVersion) != CUPTI_SUCCESS)
    return std::nullopt;
  return Key;
}

std::optional<MetricChoice>
RangeProfilerSampler::chooseMetrics(DeviceConfig &Config,
                                    const LaunchInfo &Launch,
                                    const std::optional<MetricChoiceKey> &Key,
                                    std::optional<MetricChoice> Cached) {
  auto Count = [&](std::span<const std::string> Metrics) {
    return countPasses(Config.Chip, Config.Availability, Metrics);
  };
  if (!Key)
    return selectMetrics(Required, Extras, Count);
  if (Cached) {
    if (Count(Cached->Metrics) == Cached->Passes) {
      ++Setup.Diagnostics["metric_choice_cached"];
      return Cached;
    }
    ++Setup.Diagnostics["metric_choice_stale"];
    // Choosing again counts passes against what the context can collect.
    if (Config.Availability.empty() &&
        queryAvailability(Launch, Config.Availability))
      Config.Availability.clear();
  }
  std::optional<MetricChoice> Choice = selectMetrics(Required, Extras, Count);
  std::string Error;
  if (Choice && !storeMetricChoice(metricChoicePath(CacheDir, *Key), *Key,
                                   *Choice, Error))
    ++Setup.Diagnostics["metric_choice_not_stored"];
  return Choice;
}

std::optional<Failure>
RangeProfilerSampler::queryAvailability(const LaunchInfo &Launch,
                                        std::vector<uint8_t> &Image) {
  const CuptiLibrary &Lib = Loader->cupti();
  const CuptiApi &A = Lib.api();
  CUpti_Profiler_GetCounterAvailability_Params Avail{};
  Avail.structSize = CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE;
  Avail.ctx = static_cast<CUcontext>(Launch.Context);
  if (CUptiResult R = A.cuptiProfilerGetCounterAvailability(&Avail);
      R != CUPTI_SUCCESS)
    return cuptiFailure(Lib, R, "cuptiProfilerGetCounterAvailability");
  Image.resize(Avail.counterAvailabilityImageSize);
  Avail.pCounterAvailabilityImage = Image.data();
  if (CUptiResult R = A.cuptiProfilerGetCounterAvailability(&Avail);
      R != CUPTI_SUCCESS)
    return cuptiFailure(Lib, R, "cuptiProfilerGetCounterAvailability");
  return std::nullopt;
}

std::optional<Failure> RangeProfilerSampler::configFor(const LaunchInfo &Launch,
                                                       DeviceConfig *&Out) {
  auto It = Devices.find(Launch.Device);
  if (It != Devices.end()) {
    Out = It->second.get();
    return std::nullopt;
  }
  const CuptiLibrary &Lib = Loader->cupti();
  const CuptiApi &A = Lib.api();
  auto Start = std::chrono::steady_clock::now();

  std::optional<CUdevice> Dev = Loader->driver().device(Launch.Device);
  if (!Dev)
    return Failure{FailureKind::NoDevice,
                   "cuDeviceGet(" + std::to_string(Launch.Device) + ") failed"};
  CUpti_Profiler_DeviceSupported_Params Support{};
  Support.structSize = CUpti_Profiler_DeviceSupported_Params_STRUCT_SIZE;
  Support.cuDevice = *Dev;
  Support.api = CUPTI_PROFILER_RANGE_PROFILING;
  if (CUptiResult R = A.cuptiProfilerDeviceSupported(&Support);
      R != CUPTI_SUCCESS)
    return cuptiFailure(Lib, R, "cuptiProfilerDeviceSupported");
  if (Support.isSupported != CUPTI_PROFILER_CONFIGURATION_SUPPORTED)
    return Failure{FailureKind::NotSupported,
                   "cuptiProfilerDeviceSupported: " + supportProblems(Support)};

  auto Config = std::make_unique<DeviceConfig>();
  CUpti_Device_GetChipName_Params Chip{};
  Chip.structSize = CUpti_Device_GetChipName_Params_STRUCT_SIZE;
  Chip.deviceIndex = Launch.Device;
  if (CUptiResult R = A.cuptiDeviceGetChipName(&Chip); R != CUPTI_SUCCESS)
    return cuptiFailure(Lib, R, "cuptiDeviceGetChipName");
  Config->Chip = Chip.pChipName ? Chip.pChipName : "";

  auto Mark = Start;
  // Where the selection's time goes (selection_<phase>_us).
  auto Lap = [&](const char *Name) {
    Mark = addElapsedUs(Setup.Diagnostics, Name, Mark);
  };
  Lap("selection_device_us");
  // The counter availability image serves the choice of metrics, and host
  // objects of chips newer than this CUPTI (cupti_profiler_host.h). A choice
  // cached for this chip was made with one, so a run that finds it skips the
  // query (about 120 ms on an H100's first context), unless the host object
  // then needs it.
  std::optional<MetricChoiceKey> Key = choiceKey(Config->Chip);
  std::optional<MetricChoice> Cached;
  if (Key)
    Cached = loadMetricChoice(metricChoicePath(CacheDir, *Key), *Key);
  std::vector<uint8_t> &Availability = Config->Availability;
  auto Query = [&]() -> std::optional<Failure> {
    if (std::optional<Failure> F = queryAvailability(Launch, Availability))
      return F;
    Lap("selection_availability_us");
    return std::nullopt;
  };
  if (!Cached) {
    if (std::optional<Failure> F = Query())
      return F;
  }
  // The host object used for evaluation; also proves the chip is known.
  CUpti_Profiler_Host_Initialize_Params Init =
      hostInitParams(Config->Chip, Availability);
  CUptiResult HostResult = A.cuptiProfilerHostInitialize(&Init);
  if (HostResult != CUPTI_SUCCESS && Availability.empty()) {
    if (std::optional<Failure> F = Query())
      return F;
    Init.pCounterAvailabilityImage = Availability.data();
    HostResult = A.cuptiProfilerHostInitialize(&Init);
  }
  if (HostResult != CUPTI_SUCCESS)
    return cuptiFailure(Lib, HostResult, "cuptiProfilerHostInitialize");
  Config->Host = Init.pHostObject;
  auto FailWith = [&](Failure F) -> std::optional<Failure> {
    CUpti_Profiler_Host_Deinitialize_Params Deinit{};
    Deinit.structSize = CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE;
    Deinit.pHostObject = Config->Host;
    A.cuptiProfilerHostDeinitialize(&Deinit);
    return F;
  };

  Lap("selection_host_us");
  std::optional<MetricChoice> Choice =
      chooseMetrics(*Config, Launch, Key, std::move(Cached));
  if (!Choice)
    return FailWith(
        Failure{FailureKind::NoMetrics,
                "no requested metric is available on " + Config->Chip});
  Lap("selection_passes_us");
  if (Availability.empty())
    ++Setup.Diagnostics["availability_skipped"];
  Config->Metrics = Choice->Metrics;
  for (const std::string &M : Config->Metrics)
    Config->MetricNames.push_back(M.c_str());

  CUpti_Profiler_Host_ConfigAddMetrics_Params Add{};
  Add.structSize = CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE;
  Add.pHostObject = Config->Host;
  Add.ppMetricNames = Config->MetricNames.data();
  Add.numMetrics = Config->MetricNames.size();
  if (CUptiResult R = A.cuptiProfilerHostConfigAddMetrics(&Add);
      R != CUPTI_SUCCESS)
    return FailWith(cuptiFailure(Lib, R, "cuptiProfilerHostConfigAddMetrics"));
  CUpti_Profiler_Host_GetConfigImageSize_Params Size{};
  Size.structSize = CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE;
  Size.pHostObject = Config->Host;
  if (CUptiResult R = A.cuptiProfilerHostGetConfigImageSize(&Size);
      R != CUPTI_SUCCESS)
    return FailWith(
        cuptiFailure(Lib, R, "cuptiProfilerHostGetConfigImageSize"));
  Config->ConfigImage.resize(Size.configImageSize);
  CUpti_Profiler_Host_GetConfigImage_Params Get{};
  Get.structSize = CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE;
  Get.pHostObject = Config->Host;
  Get.configImageSize = Config->ConfigImage.size();
  Get.pConfigImage = Config->ConfigImage.data();
  if (CUptiResult R = A.cuptiProfilerHostGetConfigImage(&Get);
      R != CUPTI_SUCCESS)
    return FailWith(cuptiFailure(Lib, R, "cuptiProfilerHostGetConfigImage"));
  CUpti_Profiler_Host_GetNumOfPasses_Params Count{};
  Count.structSize = CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE;
  Count.configImageSize = Config->ConfigImage.size();
  Count.pConfigImage = Config->ConfigImage.data();
  if (CUptiResult R = A.cuptiProfilerHostGetNumOfPasses(&Count);
      R != CUPTI_SUCCESS)
    return FailWith(cuptiFailure(Lib, R, "cuptiProfilerHostGetNumOfPasses"));
  Config->Passes = Count.numOfPasses;
  Lap("selection_config_us");

  // The first configured device describes the collection.
  if (Setup.Metrics.empty()) {
    Setup.Metrics = Config->Metrics;
    Setup.Passes = Config->Passes;
    Setup.Dropped = Choice->Dropped;
  } else if (Setup.Passes && Config->Passes > *Setup.Passes) {
    Setup.Passes = Config->Passes;
  }
  addElapsedUs(Setup.Diagnostics, "metric_selection_us", Start);
  Setup.Chips[Launch.Device] = Config->Chip;
  Out = Config.get();
  Devices.emplace(Launch.Device, std::move(Config));
  return std::nullopt;
}

std::optional<Failure>
RangeProfilerSampler::contextFor(const LaunchInfo &Launch, DeviceConfig &Config,
                                 ContextState *&Out) {
  auto It = Contexts.find(Launch.Context);
  if (It != Contexts.end()) {
    Out = &It->second;
    return std::nullopt;
  }
  const CuptiLibrary &Lib = Loader->cupti();
  const CuptiApi &A = Lib.api();
  CUpti_RangeProfiler_Enable_Params Enable{};
  Enable.structSize = CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE;
  Enable.ctx = static_cast<CUcontext>(Launch.Context);
  if (CUptiResult R = A.cuptiRangeProfilerEnable(&Enable); R != CUPTI_SUCCESS)
    return cuptiFailure(Lib, R, "cuptiRangeProfilerEnable");
  ContextState State;
  State.Object = Enable.pRangeProfilerObject;
  State.Config = &Config;
  CUpti_RangeProfiler_GetCounterDataSize_Params Size{};
  Size.structSize = CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE;
  Size.pRangeProfilerObject = State.Object;
  Size.pMetricNames = Config.MetricNames.data();
  Size.numMetrics = Config.MetricNames.size();
  Size.maxNumOfRanges = MaxRanges;
  Size.maxNumRangeTreeNodes = MaxRanges;
  if (CUptiResult R = A.cuptiRangeProfilerGetCounterDataSize(&Size);
      R != CUPTI_SUCCESS) {
    CUpti_RangeProfiler_Disable_Params Disable{};
    Disable.structSize = CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE;
    Disable.pRangeProfilerObject = State.Object;
    A.cuptiRangeProfilerDisable(&Disable);
    return cuptiFailure(Lib, R, "cuptiRangeProfilerGetCounterDataSize");
  }
  State.CounterData.assign(Size.counterDataSize, 0);
  Out = &Contexts.emplace(Launch.Context, std::move(State)).first->second;
  return std::nullopt;
}

void RangeProfilerSampler::releaseProfiler() {
  while (!Contexts.empty())
    disableContext(Contexts.begin()->first);
  if (!ProfilerInitialized)
    return;
  CUpti_Profiler_DeInitialize_Params P{};
  P.structSize = CUpti_Profiler_DeInitialize_Params_STRUCT_SIZE;
  Loader->cupti().api().cuptiProfilerDeInitialize(&P);
  ProfilerInitialized = false;
}

void RangeProfilerSampler::disableContext(void *Context) {
  auto It = Contexts.find(Context);
  if (It == Contexts.end())
    return;
  CUpti_RangeProfiler_Disable_Params Disable{};
  Disable.structSize = CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE;
  Disable.pRangeProfilerObject = It->second.Object;
  Loader->cupti().api().cuptiRangeProfilerDisable(&Disable);
  Contexts.erase(It);
  if (Active == Context)
    Active = nullptr;
}

SampleStart RangeProfilerSampler::begin(const LaunchInfo &Launch) {
  std::lock_guard<std::mutex> Lock(Mutex);
  SampleStart Out;
  auto Fail = [&](Failure F) {
    if (ReleaseAfterSample && Loader && Loader->loaded())
      releaseProfiler();
    Out.State = SampleStart::Status::Failed;
    Out.Why = std::move(F);
    return Out;
  };
  Failure LoadWhy;
  if (!Loader || !Loader->load(LoadWhy))
    return Fail(LoadWhy);
  const CuptiLibrary &Lib = Loader->cupti();
  const CuptiApi &A = Lib.api();
  if (!A.HasProfiler)
    return Fail(Failure{FailureKind::CuptiMissing,
                        Lib.path() + " lacks " + A.MissingProfilerFunction});

  // Cheap checks first: nothing is enabled for a launch that is skipped.
  std::optional<bool> Capturing =
      Loader->driver().isCapturing(static_cast<CUstream>(Launch.Stream));
  if (!Capturing || *Capturing) {
    Out.State = SampleStart::Status::Skipped;
    Out.Reason = Capturing ? "stream is capturing a graph"
                           : "stream capture state unknown";
    return Out;
  }
  CudaDriver::ArgumentCheck Args = [&] {
    PhaseClock Clock(Setup.Diagnostics, "sample_arguments_us");
    return Loader->driver().hostMemoryArgument(
        static_cast<CUfunction>(Launch.Function), Launch.KernelParams,
        Launch.Extra);
  }();
  if (Args.Unknown)
    ++Setup.Diagnostics["arguments_not_inspected"];
  if (Args.HostArgument) {
    Out.State = SampleStart::Status::Refused;
    Out.Reason = *Args.HostArgument;
    return Out;
  }

  PhaseClock SetupClock(Setup.Diagnostics, "sample_setup_us");
  if (!ProfilerInitialized) {
    CUpti_Profiler_Initialize_Params P{};
    P.structSize = CUpti_Profiler_Initialize_Params_STRUCT_SIZE;
    if (CUptiResult R = A.cuptiProfilerInitialize(&P); R != CUPTI_SUCCESS)
      return Fail(cuptiFailure(Lib, R, "cuptiProfilerInitialize"));
    ProfilerInitialized = true;
  }
  DeviceConfig *Config = nullptr;
  if (std::optional<Failure> F = configFor(Launch, Config))
    return Fail(*F);
  ContextState *Ctx = nullptr;
  auto EnableStart = std::chrono::steady_clock::now();
  bool Enabling = !Contexts.count(Launch.Context);
  {
    PhaseClock Clock(Setup.Diagnostics, "sample_enable_us");
    if (std::optional<Failure> F = contextFor(Launch, *Config, Ctx))
      return Fail(*F);
  }

  CUpti_RangeProfiler_CounterDataImage_Initialize_Params Init{};
  Init.structSize =
      CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE;
  Init.pRangeProfilerObject = Ctx->Object;
  Init.counterDataSize = Ctx->CounterData.size();
  Init.pCounterData = Ctx->CounterData.data();
  if (CUptiResult R = A.cuptiRangeProfilerCounterDataImageInitialize(&Init);
      R != CUPTI_SUCCESS) {
    disableContext(Launch.Context);
    return Fail(
        cuptiFailure(Lib, R, "cuptiRangeProfilerCounterDataImageInitialize"));
  }

  CUpti_RangeProfiler_SetConfig_Params Set{};
  Set.structSize = CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE;
  Set.pRangeProfilerObject = Ctx->Object;
  Set.configSize = Config->ConfigImage.size();
  Set.pConfig = Config->ConfigImage.data();
  Set.counterDataImageSize = Ctx->CounterData.size();
  Set.pCounterDataImage = Ctx->CounterData.data();
  Set.range = CUPTI_AutoRange;
  Set.replayMode = CUPTI_KernelReplay;
  Set.maxRangesPerPass = MaxRanges;
  Set.numNestingLevels = 1;
  Set.minNestingLevel = 1;
  Set.passIndex = 0;
  Set.targetNestingLevel = 1;
  CUptiResult SetResult;
  {
    PhaseClock Clock(Setup.Diagnostics, "sample_set_config_us");
    SetResult = A.cuptiRangeProfilerSetConfig(&Set);
  }
  if (CUptiResult R = SetResult; R != CUPTI_SUCCESS) {
    disableContext(Launch.Context);
    return Fail(cuptiFailure(Lib, R, "cuptiRangeProfilerSetConfig"));
  }

  CUpti_RangeProfiler_Start_Params Start{};
  Start.structSize = CUpti_RangeProfiler_Start_Params_STRUCT_SIZE;
  Start.pRangeProfilerObject = Ctx->Object;
  CUptiResult StartResult;
  {
    PhaseClock Clock(Setup.Diagnostics, "sample_start_us");
    StartResult = A.cuptiRangeProfilerStart(&Start);
  }
  if (CUptiResult R = StartResult; R != CUPTI_SUCCESS) {
    disableContext(Launch.Context);
    return Fail(cuptiFailure(Lib, R, "cuptiRangeProfilerStart"));
  }
  Active = Launch.Context;
  ActiveEnableNs =
      Enabling ? static_cast<std::uint64_t>(
                     std::chrono::duration_cast<std::chrono::nanoseconds>(
                         std::chrono::steady_clock::now() - EnableStart)
                         .count())
               : 0;
  Out.State = SampleStart::Status::Started;
  return Out;
}

SampleResult RangeProfilerSampler::end(const LaunchInfo &Launch) {
  std::lock_guard<std::mutex> Lock(Mutex);
  PhaseClock Clock(Setup.Diagnostics, "sample_finish_us");
  SampleResult Out = endSample(Launch);
  if (ReleaseAfterSample)
    releaseProfiler();
  return Out;
}

SampleResult RangeProfilerSampler::endSample(const LaunchInfo &Launch) {
  SampleResult Out;
  auto It = Contexts.find(Active);
  if (!Active || It == Contexts.end()) {
    Out.State = SampleResult::Status::Retry;
    Out.Reason = "no sample in flight";
    return Out;
  }
  Active = nullptr;
  ContextState &Ctx = It->second;
  const CuptiLibrary &Lib = Loader->cupti();
  const CuptiApi &A = Lib.api();
  void *Context = It->first;
  auto Fail = [&](Failure F) {
    disableContext(Context);
    Out.State = SampleResult::Status::Failed;
    Out.Why = std::move(F);
    return Out;
  };

  CUpti_RangeProfiler_Stop_Params Stop{};
  Stop.structSize = CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE;
  Stop.pRangeProfilerObject = Ctx.Object;
  CUptiResult StopResult;
  {
    PhaseClock Clock(Setup.Diagnostics, "sample_stop_us");
    StopResult = A.cuptiRangeProfilerStop(&Stop);
  }
  if (StopResult != CUPTI_SUCCESS)
    return Fail(cuptiFailure(Lib, StopResult, "cuptiRangeProfilerStop"));
  if (!Stop.isAllPassSubmitted)
    ++Setup.Diagnostics["samples_incomplete_passes"];

  CUpti_RangeProfiler_DecodeData_Params Decode{};
  Decode.structSize = CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE;
  Decode.pRangeProfilerObject = Ctx.Object;
  if (CUptiResult R = A.cuptiRangeProfilerDecodeData(&Decode);
      R != CUPTI_SUCCESS)
    return Fail(cuptiFailure(Lib, R, "cuptiRangeProfilerDecodeData"));
  if (Decode.numOfRangeDropped)
    Setup.Diagnostics["ranges_dropped"] += Decode.numOfRangeDropped;

  CUpti_RangeProfiler_GetCounterDataInfo_Params Info{};
  Info.structSize = CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE;
  Info.pCounterDataImage = Ctx.CounterData.data();
  Info.counterDataImageSize = Ctx.CounterData.size();
  if (CUptiResult R = A.cuptiRangeProfilerGetCounterDataInfo(&Info);
      R != CUPTI_SUCCESS)
    return Fail(cuptiFailure(Lib, R, "cuptiRangeProfilerGetCounterDataInfo"));

  if (!Launch.Succeeded || Info.numTotalRanges != 1) {
    disableContext(Context);
    Out.State = SampleResult::Status::Retry;
    Out.Reason = !Launch.Succeeded ? "the launch failed"
                                   : std::to_string(Info.numTotalRanges) +
                                         " ranges instead of 1";
    return Out;
  }

  DeviceConfig &Config = *Ctx.Config;
  std::vector<double> Values(Config.MetricNames.size(), 0.0);
  CUpti_Profiler_Host_EvaluateToGpuValues_Params Eval{};
  Eval.structSize = CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE;
  Eval.pHostObject = Config.Host;
  Eval.pCounterDataImage = Ctx.CounterData.data();
  Eval.counterDataImageSize = Ctx.CounterData.size();
  Eval.rangeIndex = 0;
  Eval.ppMetricNames = Config.MetricNames.data();
  Eval.numMetrics = Config.MetricNames.size();
  Eval.pMetricValues = Values.data();
  if (CUptiResult R = A.cuptiProfilerHostEvaluateToGpuValues(&Eval);
      R != CUPTI_SUCCESS)
    return Fail(cuptiFailure(Lib, R, "cuptiProfilerHostEvaluateToGpuValues"));
  for (std::size_t I = 0; I < Values.size(); ++I)
    Out.Values[Config.Metrics[I]] = Values[I];
  // The profiler stays enabled: the next session starts in milliseconds
  // instead of the first's ~150 ms. The Runtime releases it when launches
  // without a sample have cost as much (ProfilerResidency).
  Out.EnableNs = ActiveEnableNs;
  Out.State = SampleResult::Status::Ok;
  return Out;
}

void RangeProfilerSampler::release() {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Active || !Loader || !Loader->loaded())
    return;
  PhaseClock Clock(Setup.Diagnostics, "release_us");
  while (!Contexts.empty())
    disableContext(Contexts.begin()->first);
}

void RangeProfilerSampler::contextDestroying(void *Context) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Loader && Loader->loaded())
    disableContext(Context);
}

SamplerSetup RangeProfilerSampler::setup() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Setup;
}

} // namespace headroom::rt
