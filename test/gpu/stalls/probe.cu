// What CUPTI's PC sampling gives on this GPU, before the runtime uses it
// (issue 32): the stall reasons it names, how many samples a launch yields
// at a sampling period, whether the hardware buffer drops any, what it
// costs the sampled launch, and whether the SASS-to-source correlation of
// the module's cubin (compiled with -lineinfo) names this file's lines.
//
// Three kernels with known answers: findIndex (each thread searches a large
// array linearly: its warps wait on the loads of the loop at one line),
// serialSum (one thread walks the whole input: almost every warp has
// nothing to do), streamCopy (a bandwidth-bound copy).
//
// usage: probe PERIOD_EXPONENT...   (each 5..31: 2^N cycles per sample)
// Prints one block per period and kernel; test/gpu/stalls/run.sh runs it.

#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>
#include <cupti_pcsampling.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t Status = (call);                                               \
    if (Status != cudaSuccess) {                                               \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(Status));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)
#define CHECK_CUPTI(call)                                                      \
  do {                                                                         \
    CUptiResult Status = (call);                                               \
    if (Status != CUPTI_SUCCESS) {                                             \
      const char *Text = nullptr;                                              \
      cuptiGetResultString(Status, &Text);                                     \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,       \
                   Text ? Text : "?");                                         \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

__global__ void findIndex(const float *Table, int Size, const float *Wanted,
                          int *Found, int Queries) {
  int Q = blockIdx.x * blockDim.x + threadIdx.x;
  if (Q >= Queries)
    return;
  float W = Wanted[Q];
  int At = -1;
  for (int I = 0; I < Size; ++I)
    if (Table[I] >= W) { At = I; break; }
  Found[Q] = At;
}

__global__ void serialSum(const float *In, int Size, float *Out) {
  if (blockIdx.x != 0 || threadIdx.x != 0)
    return;
  float Sum = 0;
  for (int I = 0; I < Size; ++I)
    Sum += In[I];
  *Out = Sum;
}

__global__ void streamCopy(const float4 *In, float4 *Out, int Size) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < Size;
       I += gridDim.x * blockDim.x)
    Out[I] = In[I];
}

namespace {

/// The cubins of the modules loaded so far (copied: CUPTI's pointer is
/// valid only during the callback).
std::vector<std::string> Cubins;

void CUPTIAPI onResource(void *, CUpti_CallbackDomain Domain,
                         CUpti_CallbackId Id, const void *Data) {
  if (Domain != CUPTI_CB_DOMAIN_RESOURCE ||
      Id != CUPTI_CBID_RESOURCE_MODULE_LOADED)
    return;
  auto *Resource = static_cast<const CUpti_ResourceData *>(Data);
  auto *Module =
      static_cast<const CUpti_ModuleResourceData *>(Resource->resourceDescriptor);
  if (Module && Module->pCubin && Module->cubinSize)
    Cubins.emplace_back(Module->pCubin, Module->cubinSize);
}

struct Line {
  std::string File;
  unsigned Number = 0;
  bool operator<(const Line &O) const {
    return std::tie(File, Number) < std::tie(O.File, O.Number);
  }
};

/// The line of \p Function's instruction at \p Offset, from the cubins.
Line lineOf(const char *Function, std::uint64_t Offset) {
  for (const std::string &Cubin : Cubins) {
    CUpti_GetSassToSourceCorrelationParams P = {};
    P.size = CUpti_GetSassToSourceCorrelationParamsSize;
    P.cubin = Cubin.data();
    P.cubinSize = Cubin.size();
    P.functionName = Function;
    P.pcOffset = Offset;
    if (cuptiGetSassToSourceCorrelation(&P) != CUPTI_SUCCESS)
      continue;
    Line L{P.fileName ? P.fileName : "?", P.lineNumber};
    std::free(P.fileName);
    std::free(P.dirName);
    return L;
  }
  return {"<unresolved>", 0};
}

struct Sampler {
  CUcontext Context = nullptr;
  std::vector<std::string> ReasonNames;
  std::vector<uint32_t> ReasonIndices;
  CUpti_PCSamplingData Data = {};
  std::vector<CUpti_PCSamplingPCData> Pcs;
  std::vector<std::vector<CUpti_PCSamplingStallReason>> Reasons;

  void enable() {
    cuCtxGetCurrent(&Context);
    CUpti_PCSamplingEnableParams E = {};
    E.size = CUpti_PCSamplingEnableParamsSize;
    E.ctx = Context;
    CHECK_CUPTI(cuptiPCSamplingEnable(&E));
    size_t Count = 0;
    CUpti_PCSamplingGetNumStallReasonsParams N = {};
    N.size = CUpti_PCSamplingGetNumStallReasonsParamsSize;
    N.ctx = Context;
    N.numStallReasons = &Count;
    CHECK_CUPTI(cuptiPCSamplingGetNumStallReasons(&N));
    std::vector<char *> Names(Count);
    for (char *&Name : Names)
      Name = static_cast<char *>(std::calloc(CUPTI_STALL_REASON_STRING_SIZE, 1));
    ReasonIndices.resize(Count);
    CUpti_PCSamplingGetStallReasonsParams R = {};
    R.size = CUpti_PCSamplingGetStallReasonsParamsSize;
    R.ctx = Context;
    R.numStallReasons = Count;
    R.stallReasonIndex = ReasonIndices.data();
    R.stallReasons = Names.data();
    CHECK_CUPTI(cuptiPCSamplingGetStallReasons(&R));
    ReasonNames.resize(Count);
    for (size_t I = 0; I < Count; ++I) {
      ReasonNames[I] = Names[I];
      std::free(Names[I]);
    }
    const size_t MaxPcs = 20000;
    Pcs.resize(MaxPcs);
    Reasons.assign(MaxPcs,
                   std::vector<CUpti_PCSamplingStallReason>(Count));
    for (size_t I = 0; I < MaxPcs; ++I) {
      Pcs[I].size = sizeof(CUpti_PCSamplingPCData);
      Pcs[I].stallReason = Reasons[I].data();
    }
    Data.size = sizeof(CUpti_PCSamplingData);
    Data.collectNumPcs = MaxPcs;
    Data.pPcData = Pcs.data();
  }

  void configure(uint32_t PeriodExponent) {
    std::vector<CUpti_PCSamplingConfigurationInfo> Info(6);
    Info[0].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD;
    Info[0].attributeData.samplingPeriodData.samplingPeriod = PeriodExponent;
    Info[1].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE;
    Info[1].attributeData.collectionModeData.collectionMode =
        CUPTI_PC_SAMPLING_COLLECTION_MODE_KERNEL_SERIALIZED;
    Info[2].attributeType =
        CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL;
    Info[2].attributeData.enableStartStopControlData.enableStartStopControl = 1;
    Info[3].attributeType =
        CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER;
    Info[3].attributeData.samplingDataBufferData.samplingDataBuffer = &Data;
    Info[4].attributeType =
        CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_HARDWARE_BUFFER_SIZE;
    Info[4].attributeData.hardwareBufferSizeData.hardwareBufferSize = 64 << 20;
    Info[5].attributeType =
        CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SCRATCH_BUFFER_SIZE;
    Info[5].attributeData.scratchBufferSizeData.scratchBufferSize = 8 << 20;
    CUpti_PCSamplingConfigurationInfoParams P = {};
    P.size = CUpti_PCSamplingConfigurationInfoParamsSize;
    P.ctx = Context;
    P.numAttributes = Info.size();
    P.pPCSamplingConfigurationInfo = Info.data();
    CHECK_CUPTI(cuptiPCSamplingSetConfigurationAttribute(&P));
  }

  void start() {
    CUpti_PCSamplingStartParams P = {};
    P.size = CUpti_PCSamplingStartParamsSize;
    P.ctx = Context;
    CHECK_CUPTI(cuptiPCSamplingStart(&P));
  }

  void stop() {
    CUpti_PCSamplingStopParams P = {};
    P.size = CUpti_PCSamplingStopParamsSize;
    P.ctx = Context;
    CHECK_CUPTI(cuptiPCSamplingStop(&P));
  }

  /// Samples per (line, reason) of what was collected since the last call,
  /// the total, the dropped samples and whether the buffer filled. At the
  /// end of a range (cuptiPCSamplingStop) CUPTI flushes into the buffer
  /// given at configuration (Data); cuptiPCSamplingGetData then fetches
  /// what is left into another (Rest).
  struct Collected {
    std::map<Line, std::map<std::string, uint64_t>> ByLine;
    uint64_t Total = 0, Dropped = 0, Pcs = 0;
    bool BufferFull = false;
  };
  CUpti_PCSamplingData Rest = {};
  std::vector<CUpti_PCSamplingPCData> RestPcs;
  std::vector<std::vector<CUpti_PCSamplingStallReason>> RestReasons;

  void add(Collected &C, CUpti_PCSamplingData &From) {
    C.Total += From.totalSamples;
    C.Dropped += From.droppedSamples;
    C.BufferFull |= From.hardwareBufferFull != 0;
    C.Pcs += From.totalNumPcs;
    for (size_t I = 0; I < From.totalNumPcs; ++I) {
      const CUpti_PCSamplingPCData &Pc = From.pPcData[I];
      Line L = lineOf(Pc.functionName, Pc.pcOffset);
      for (size_t R = 0; R < Pc.stallReasonCount; ++R) {
        const CUpti_PCSamplingStallReason &S = Pc.stallReason[R];
        std::string Name = "?";
        for (size_t K = 0; K < ReasonIndices.size(); ++K)
          if (ReasonIndices[K] == S.pcSamplingStallReasonIndex)
            Name = ReasonNames[K];
        C.ByLine[L][Name] += S.samples;
      }
    }
    From.totalNumPcs = 0;
    From.totalSamples = 0;
    From.droppedSamples = 0;
  }

  Collected collect() {
    Collected C;
    add(C, Data);
    if (RestPcs.empty()) {
      RestPcs.resize(Pcs.size());
      RestReasons.assign(Pcs.size(), std::vector<CUpti_PCSamplingStallReason>(
                                         ReasonNames.size()));
      for (size_t I = 0; I < RestPcs.size(); ++I) {
        RestPcs[I].size = sizeof(CUpti_PCSamplingPCData);
        RestPcs[I].stallReason = RestReasons[I].data();
      }
      Rest.size = sizeof(CUpti_PCSamplingData);
      Rest.collectNumPcs = RestPcs.size();
      Rest.pPcData = RestPcs.data();
    }
    for (int Round = 0; Round < 100; ++Round) {
      CUpti_PCSamplingGetDataParams G = {};
      G.size = CUpti_PCSamplingGetDataParamsSize;
      G.ctx = Context;
      G.pcSamplingData = &Rest;
      CHECK_CUPTI(cuptiPCSamplingGetData(&G));
      bool More = Rest.remainingNumPcs > 0;
      add(C, Rest);
      if (!More)
        break;
    }
    return C;
  }
};

template <typename Launch> double timeMs(Launch &&L) {
  CHECK_CUDA(cudaDeviceSynchronize());
  auto Start = std::chrono::steady_clock::now();
  L();
  CHECK_CUDA(cudaDeviceSynchronize());
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - Start)
      .count();
}

void report(const char *Kernel, unsigned Exponent, double PlainMs,
            double SampledMs, const Sampler::Collected &C) {
  std::printf("kernel %s period 2^%u: plain %.3f ms, sampled %.3f ms; "
              "%llu samples at %llu pcs, %llu dropped%s\n",
              Kernel, Exponent, PlainMs, SampledMs,
              (unsigned long long)C.Total, (unsigned long long)C.Pcs,
              (unsigned long long)C.Dropped,
              C.BufferFull ? ", hardware buffer full" : "");
  std::vector<std::pair<uint64_t, Line>> Lines;
  uint64_t Sum = 0;
  for (const auto &[L, Reasons] : C.ByLine) {
    uint64_t N = 0;
    for (const auto &[Reason, Count] : Reasons)
      if (Reason.find("_not_issued") == std::string::npos)
        N += Count;
    Lines.push_back({N, L});
    Sum += N;
  }
  std::sort(Lines.rbegin(), Lines.rend());
  for (size_t I = 0; I < Lines.size() && I < 4; ++I) {
    const auto &[N, L] = Lines[I];
    std::printf("  %s:%u %.1f%% of %llu:", L.File.c_str(), L.Number,
                Sum ? 100.0 * double(N) / double(Sum) : 0.0,
                (unsigned long long)Sum);
    std::vector<std::pair<uint64_t, std::string>> Top;
    for (const auto &[Reason, Count] : C.ByLine.at(L))
      if (Reason.find("_not_issued") == std::string::npos)
        Top.push_back({Count, Reason});
    std::sort(Top.rbegin(), Top.rend());
    for (size_t K = 0; K < Top.size() && K < 3; ++K)
      std::printf(" %s %llu", Top[K].second.c_str(),
                  (unsigned long long)Top[K].first);
    std::printf("\n");
  }
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<unsigned> Exponents;
  for (int I = 1; I < Argc; ++I)
    Exponents.push_back(unsigned(std::atoi(Argv[I])));
  if (Exponents.empty())
    Exponents = {12};
  CUpti_SubscriberHandle Subscriber;
  CHECK_CUPTI(cuptiSubscribe(&Subscriber, onResource, nullptr));
  CHECK_CUPTI(cuptiEnableCallback(1, Subscriber, CUPTI_CB_DOMAIN_RESOURCE,
                                  CUPTI_CBID_RESOURCE_MODULE_LOADED));
  CHECK_CUDA(cudaFree(nullptr));

  const int Size = 100000, Queries = 1 << 16, Stream = 1 << 26;
  std::vector<float> Table(Size);
  for (int I = 0; I < Size; ++I)
    Table[I] = float(I);
  std::vector<float> Wanted(Queries);
  for (int Q = 0; Q < Queries; ++Q)
    Wanted[Q] = float((Q * 7919) % Size);
  float *DTable, *DWanted, *DOut;
  int *DFound;
  float4 *DIn, *DCopy;
  CHECK_CUDA(cudaMalloc(&DTable, Size * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DWanted, Queries * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DFound, Queries * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&DOut, sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DIn, Stream * sizeof(float4)));
  CHECK_CUDA(cudaMalloc(&DCopy, Stream * sizeof(float4)));
  CHECK_CUDA(cudaMemcpy(DTable, Table.data(), Size * sizeof(float),
                        cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(DWanted, Wanted.data(), Queries * sizeof(float),
                        cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(DIn, 0, Stream * sizeof(float4)));

  auto Find = [&] {
    findIndex<<<Queries / 256, 256>>>(DTable, Size, DWanted, DFound, Queries);
  };
  auto Serial = [&] { serialSum<<<132, 256>>>(DTable, Size, DOut); };
  auto Copy = [&] { streamCopy<<<132 * 8, 256>>>(DIn, DCopy, Stream); };
  // Warm up, and time each kernel without sampling.
  double PlainFind = 0, PlainSerial = 0, PlainCopy = 0;
  for (int Round = 0; Round < 3; ++Round) {
    PlainFind = timeMs(Find);
    PlainSerial = timeMs(Serial);
    PlainCopy = timeMs(Copy);
  }
  std::printf("cubins captured: %zu\n", Cubins.size());

  Sampler S;
  auto Enable = std::chrono::steady_clock::now();
  S.enable();
  std::printf("enable took %.1f ms\n",
              std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - Enable)
                  .count());
  std::printf("stall reasons (%zu):", S.ReasonNames.size());
  for (size_t I = 0; I < S.ReasonNames.size(); ++I)
    std::printf(" %u=%s", S.ReasonIndices[I], S.ReasonNames[I].c_str());
  std::printf("\n");
  for (unsigned Exponent : Exponents) {
    S.configure(Exponent);
    struct Case {
      const char *Name;
      double Plain;
      std::function<void()> Launch;
    };
    for (const Case &K : {Case{"findIndex", PlainFind, Find},
                          Case{"serialSum", PlainSerial, Serial},
                          Case{"streamCopy", PlainCopy, Copy}}) {
      // Twice: the first sampled launch of a kernel may pay set-up costs.
      for (int Round = 0; Round < 2; ++Round) {
        double StartMs = timeMs([&] { S.start(); });
        double LaunchMs = timeMs(K.Launch);
        double StopMs = timeMs([&] { S.stop(); });
        auto Before = std::chrono::steady_clock::now();
        Sampler::Collected C = S.collect();
        double CollectMs = std::chrono::duration<double, std::milli>(
                               std::chrono::steady_clock::now() - Before)
                               .count();
        std::printf("round %d: start %.3f ms, launch %.3f ms, stop %.3f ms, "
                    "collect %.3f ms\n",
                    Round, StartMs, LaunchMs, StopMs, CollectMs);
        report(K.Name, Exponent, K.Plain, LaunchMs, C);
      }
    }
  }
  // Launches after sampling stopped: are they still serialized or slowed?
  std::printf("after: findIndex %.3f ms, streamCopy %.3f ms (sampling enabled, "
              "stopped)\n",
              timeMs(Find), timeMs(Copy));
  CUpti_PCSamplingDisableParams D = {};
  D.size = CUpti_PCSamplingDisableParamsSize;
  D.ctx = S.Context;
  CHECK_CUPTI(cuptiPCSamplingDisable(&D));
  std::printf("disabled: findIndex %.3f ms, streamCopy %.3f ms\n", timeMs(Find),
              timeMs(Copy));
  int First = 0;
  CHECK_CUDA(cudaMemcpy(&First, DFound + 1, sizeof(int), cudaMemcpyDeviceToHost));
  std::printf("check: found[1] = %d (expected %d)\n", First, 7919 % Size);
  return 0;
}
