//===- PcSamplingSampler.cpp - Warp stalls via CUPTI PC sampling ----------===//

#include "cupti/PcSamplingSampler.h"

#include "cupti/CuptiStatus.h"

#include <algorithm>
#include <cstdlib>
#include <string_view>

namespace headroom::rt {

namespace {

constexpr std::string_view ReasonPrefix = "smsp__pcsamp_warps_issue_stalled_";
constexpr std::string_view NotIssued = "_not_issued";

/// The reason to keep for CUPTI's counter \p Name, or "" for the
/// `_not_issued` subsets and the counters that are not reasons
/// (`smsp__pcsamp_sample_count`, `..._samples_data_dropped`).
std::string reasonName(std::string_view Name) {
  if (Name.substr(0, ReasonPrefix.size()) != ReasonPrefix)
    return "";
  Name.remove_prefix(ReasonPrefix.size());
  if (Name.size() >= NotIssued.size() &&
      Name.substr(Name.size() - NotIssued.size()) == NotIssued)
    return "";
  return std::string(Name);
}

} // namespace

void PcSamplingSampler::Buffer::allocate(std::size_t NumReasons) {
  Pcs.assign(MaxPcs, CUpti_PCSamplingPCData{});
  Reasons.assign(MaxPcs * std::max<std::size_t>(NumReasons, 1),
                 CUpti_PCSamplingStallReason{});
  for (std::size_t I = 0; I < MaxPcs; ++I) {
    Pcs[I].size = sizeof(CUpti_PCSamplingPCData);
    Pcs[I].stallReason = &Reasons[I * std::max<std::size_t>(NumReasons, 1)];
  }
  Data = CUpti_PCSamplingData{};
  Data.size = sizeof(CUpti_PCSamplingData);
  Data.collectNumPcs = MaxPcs;
  Data.pPcData = Pcs.data();
}

PcSamplingSampler::PcSamplingSampler(std::shared_ptr<CuptiLoader> Loader)
    : Loader(std::move(Loader)) {}

// CUPTI may still hold the configured buffers' addresses at exit: the
// contexts' state is kept for the life of the process, which never
// destroys this sampler before CUDA is torn down.
PcSamplingSampler::~PcSamplingSampler() = default;

Failure PcSamplingSampler::failure(CUptiResult R, const char *Call) const {
  return cuptiFailure(Loader->cupti(), R, Call);
}

void PcSamplingSampler::moduleLoaded(const void *Cubin, std::size_t Size) {
  Failure Ignored;
  if (!Loader->load(Ignored) || !Loader->cupti().api().HasPcSampling)
    return;
  Lines.add(Loader->cupti().api(), Cubin, Size);
}

std::optional<Failure> PcSamplingSampler::enable(void *Context,
                                                 ContextState &State) {
  const CuptiApi &A = Loader->cupti().api();
  auto *Ctx = static_cast<CUcontext>(Context);
  CUpti_PCSamplingEnableParams E = {};
  E.size = CUpti_PCSamplingEnableParamsSize;
  E.ctx = Ctx;
  if (CUptiResult R = A.cuptiPCSamplingEnable(&E); R != CUPTI_SUCCESS)
    return failure(R, "cuptiPCSamplingEnable");
  State.Enabled = true;

  std::size_t Count = 0;
  CUpti_PCSamplingGetNumStallReasonsParams N = {};
  N.size = CUpti_PCSamplingGetNumStallReasonsParamsSize;
  N.ctx = Ctx;
  N.numStallReasons = &Count;
  if (CUptiResult R = A.cuptiPCSamplingGetNumStallReasons(&N);
      R != CUPTI_SUCCESS)
    return failure(R, "cuptiPCSamplingGetNumStallReasons");
  std::vector<std::vector<char>> Storage(
      Count, std::vector<char>(CUPTI_STALL_REASON_STRING_SIZE, 0));
  std::vector<char *> Names(Count);
  for (std::size_t I = 0; I < Count; ++I)
    Names[I] = Storage[I].data();
  std::vector<std::uint32_t> Indices(Count);
  CUpti_PCSamplingGetStallReasonsParams G = {};
  G.size = CUpti_PCSamplingGetStallReasonsParamsSize;
  G.ctx = Ctx;
  G.numStallReasons = Count;
  G.stallReasonIndex = Indices.data();
  G.stallReasons = Names.data();
  if (CUptiResult R = A.cuptiPCSamplingGetStallReasons(&G); R != CUPTI_SUCCESS)
    return failure(R, "cuptiPCSamplingGetStallReasons");
  for (std::size_t I = 0; I < Count; ++I) {
    Storage[I].back() = '\0';
    State.Reasons[Indices[I]] = reasonName(Storage[I].data());
  }
  State.Flushed = std::make_unique<Buffer>();
  State.Fetched = std::make_unique<Buffer>();
  State.Flushed->allocate(Count);
  State.Fetched->allocate(Count);
  return std::nullopt;
}

std::optional<Failure> PcSamplingSampler::configure(void *Context,
                                                    ContextState &State,
                                                    unsigned Exponent,
                                                    bool First) {
  std::vector<CUpti_PCSamplingConfigurationInfo> Info(1);
  Info[0].attributeType =
      CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD;
  Info[0].attributeData.samplingPeriodData.samplingPeriod = Exponent;
  if (First) {
    Info.resize(6);
    Info[1].attributeType =
        CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE;
    Info[1].attributeData.collectionModeData.collectionMode =
        CUPTI_PC_SAMPLING_COLLECTION_MODE_KERNEL_SERIALIZED;
    Info[2].attributeType =
        CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL;
    Info[2].attributeData.enableStartStopControlData.enableStartStopControl = 1;
    Info[3].attributeType =
        CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER;
    Info[3].attributeData.samplingDataBufferData.samplingDataBuffer =
        &State.Flushed->Data;
    Info[4].attributeType =
        CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_HARDWARE_BUFFER_SIZE;
    Info[4].attributeData.hardwareBufferSizeData.hardwareBufferSize =
        HardwareBufferBytes;
    Info[5].attributeType =
        CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SCRATCH_BUFFER_SIZE;
    Info[5].attributeData.scratchBufferSizeData.scratchBufferSize =
        ScratchBufferBytes;
  }
  CUpti_PCSamplingConfigurationInfoParams P = {};
  P.size = CUpti_PCSamplingConfigurationInfoParamsSize;
  P.ctx = static_cast<CUcontext>(Context);
  P.numAttributes = Info.size();
  P.pPCSamplingConfigurationInfo = Info.data();
  if (CUptiResult R =
          Loader->cupti().api().cuptiPCSamplingSetConfigurationAttribute(&P);
      R != CUPTI_SUCCESS)
    return failure(R, "cuptiPCSamplingSetConfigurationAttribute");
  State.Exponent = Exponent;
  return std::nullopt;
}

StallStart PcSamplingSampler::begin(const LaunchInfo &Launch,
                                    unsigned PeriodExponent) {
  StallStart Out;
  Failure Why;
  if (!Loader->load(Why)) {
    Out.Why = Why;
    return Out;
  }
  const CuptiApi &A = Loader->cupti().api();
  if (!A.HasPcSampling) {
    Out.Why =
        Failure{FailureKind::CuptiMissing, Loader->cupti().path() + " lacks " +
                                               A.MissingPcSamplingFunction};
    return Out;
  }
  if (!Launch.Context) {
    Out.Why = Failure{FailureKind::Other, "the launch names no context"};
    return Out;
  }
  if (Loader->driver()
          .isCapturing(static_cast<CUstream>(Launch.Stream))
          .value_or(false)) {
    Out.State = StallStart::Status::Skipped;
    return Out;
  }
  // end() synchronizes the stream on the launching thread: a kernel that
  // waits on host memory this thread writes after the launch would hang.
  CudaDriver::ArgumentCheck Args = Loader->driver().hostMemoryArgument(
      static_cast<CUfunction>(Launch.Function), Launch.KernelParams,
      Launch.Extra);
  if (Args.HostArgument) {
    Out.State = StallStart::Status::Refused;
    Out.Reason = *Args.HostArgument;
    return Out;
  }
  std::lock_guard<std::mutex> Lock(Mutex);
  ContextState &State = Contexts[Launch.Context];
  bool First = !State.Enabled;
  if (First) {
    if (std::optional<Failure> F = enable(Launch.Context, State)) {
      disable(Launch.Context);
      Out.Why = *F;
      return Out;
    }
  }
  if (First || State.Exponent != PeriodExponent)
    if (std::optional<Failure> F =
            configure(Launch.Context, State, PeriodExponent, First)) {
      disable(Launch.Context);
      Out.Why = *F;
      return Out;
    }
  CUpti_PCSamplingStartParams S = {};
  S.size = CUpti_PCSamplingStartParamsSize;
  S.ctx = static_cast<CUcontext>(Launch.Context);
  if (CUptiResult R = A.cuptiPCSamplingStart(&S); R != CUPTI_SUCCESS) {
    Out.Why = failure(R, "cuptiPCSamplingStart");
    return Out;
  }
  Active = Launch.Context;
  ActiveExponent = PeriodExponent;
  Out.State = StallStart::Status::Started;
  return Out;
}

void PcSamplingSampler::take(const ContextState &State,
                             CUpti_PCSamplingData &From,
                             std::uint32_t Correlation, Collected &Mine,
                             Collected &Others) {
  const CuptiApi &A = Loader->cupti().api();
  Mine.Samples.Dropped += From.droppedSamples;
  std::size_t N = std::min(From.totalNumPcs, From.collectNumPcs);
  for (std::size_t I = 0; I < N; ++I) {
    const CUpti_PCSamplingPCData &Pc = From.pPcData[I];
    // CUPTI may share a function's name string among records: it is never
    // freed here (one string per sampled function, a few per kernel).
    std::string Function = Pc.functionName ? Pc.functionName : "";
    if (Function.empty())
      continue;
    Collected &Into =
        Correlation && Pc.correlationId && Pc.correlationId != Correlation
            ? Others
            : Mine;
    auto [It, New] = Into.Index.try_emplace({Function, Pc.pcOffset}, 0);
    if (New) {
      It->second = Into.Samples.Pcs.size();
      StallSamplePc Entry;
      Entry.Function = Function;
      Entry.Offset = Pc.pcOffset;
      if (std::optional<CubinLines::Line> L =
              Lines.lineOf(A, Pc.cubinCrc, Function, Pc.pcOffset)) {
        Entry.Where.File = L->File;
        Entry.Where.Line = L->Number;
        Entry.Directory = L->Directory;
      }
      Into.Samples.Pcs.push_back(std::move(Entry));
    }
    StallSamplePc &Entry = Into.Samples.Pcs[It->second];
    for (std::size_t R = 0; R < Pc.stallReasonCount; ++R) {
      const CUpti_PCSamplingStallReason &Stall = Pc.stallReason[R];
      auto Reason = State.Reasons.find(Stall.pcSamplingStallReasonIndex);
      if (Reason == State.Reasons.end() || Reason->second.empty() ||
          Stall.samples == 0)
        continue;
      Entry.Stalls[Reason->second] += Stall.samples;
    }
  }
  From.totalNumPcs = 0;
  From.totalSamples = 0;
  From.droppedSamples = 0;
}

StallResult PcSamplingSampler::end(const LaunchInfo &Launch) {
  StallResult Out;
  std::optional<CUresult> Sync =
      Loader->driver().synchronize(static_cast<CUstream>(Launch.Stream));
  std::lock_guard<std::mutex> Lock(Mutex);
  void *Context = Active;
  Active = nullptr;
  auto It = Contexts.find(Context);
  if (!Context || It == Contexts.end()) {
    Out.Why = Failure{FailureKind::Other, "no stall sample in flight"};
    return Out;
  }
  ContextState &State = It->second;
  const CuptiApi &A = Loader->cupti().api();
  CUpti_PCSamplingStopParams S = {};
  S.size = CUpti_PCSamplingStopParamsSize;
  S.ctx = static_cast<CUcontext>(Context);
  if (CUptiResult R = A.cuptiPCSamplingStop(&S); R != CUPTI_SUCCESS) {
    Out.Why = failure(R, "cuptiPCSamplingStop");
    disable(Context);
    return Out;
  }
  std::uint32_t Correlation =
      Launch.NumCorrelationIds ? Launch.CorrelationIds[0] : 0;
  Collected Mine, Others;
  take(State, State.Flushed->Data, Correlation, Mine, Others);
  // What the stop did not flush; bounded, as CUPTI hands out at most
  // MaxPcs instructions per call.
  for (int Round = 0; Round < 64; ++Round) {
    CUpti_PCSamplingGetDataParams G = {};
    G.size = CUpti_PCSamplingGetDataParamsSize;
    G.ctx = static_cast<CUcontext>(Context);
    G.pcSamplingData = &State.Fetched->Data;
    if (A.cuptiPCSamplingGetData(&G) != CUPTI_SUCCESS)
      break;
    bool More = State.Fetched->Data.remainingNumPcs > 0;
    take(State, State.Fetched->Data, Correlation, Mine, Others);
    if (!More)
      break;
  }
  if (Sync) {
    Out.State = StallResult::Status::Retry;
    Out.Why =
        Failure{FailureKind::Other,
                "cuStreamSynchronize: " + Loader->driver().resultName(*Sync)};
    return Out;
  }
  Out.State = StallResult::Status::Ok;
  // Samples of other launches ran in the range (kernels queued before it);
  // none of the launch's own means the ids do not match as documented:
  // then every sample is the launch's (the Runtime let no other in).
  Out.Samples =
      std::move(Mine.Samples.Pcs.empty() ? Others.Samples : Mine.Samples);
  Out.Samples.Dropped = Mine.Samples.Dropped;
  Out.Samples.Launches = 1;
  Out.Samples.Period = std::uint64_t(1) << ActiveExponent;
  if (!Mine.Samples.Pcs.empty())
    for (const StallSamplePc &Pc : Others.Samples.Pcs)
      Out.OtherLaunchSamples += Pc.samples();
  return Out;
}

void PcSamplingSampler::disable(void *Context) {
  auto It = Contexts.find(Context);
  if (It == Contexts.end())
    return;
  if (It->second.Enabled) {
    CUpti_PCSamplingDisableParams D = {};
    D.size = CUpti_PCSamplingDisableParamsSize;
    D.ctx = static_cast<CUcontext>(Context);
    Loader->cupti().api().cuptiPCSamplingDisable(&D);
  }
  Contexts.erase(It);
}

void PcSamplingSampler::contextDestroying(void *Context) {
  if (!Loader->loaded())
    return;
  std::lock_guard<std::mutex> Lock(Mutex);
  disable(Context);
}

void PcSamplingSampler::release() {
  if (!Loader->loaded())
    return;
  std::lock_guard<std::mutex> Lock(Mutex);
  while (!Contexts.empty())
    disable(Contexts.begin()->first);
}

} // namespace headroom::rt
