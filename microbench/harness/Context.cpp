//===- Context.cpp - The state shared by all micro-benchmarks -------------===//

#include "harness/Context.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

namespace headroom::microbench {

double nowSeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

void throwCudaError(cudaError_t Err, const char *Call, const char *File,
                    int Line) {
  const char *Base = std::strrchr(File, '/');
  throw BenchmarkError(std::string(Call) + " failed: " + cudaGetErrorName(Err) +
                       " (" + cudaGetErrorString(Err) + ") at " +
                       (Base ? Base + 1 : File) + ":" + std::to_string(Line));
}

void throwWrongResult(const std::string &Benchmark,
                      const std::string &Message) {
  throw BenchmarkError(Benchmark + ": wrong result: " + Message +
                           " (the kernel's output does not match the host "
                           "reference; its timing cannot be trusted)",
                       ExitWrongResult);
}

Context::Context(const RunOptions &Opts) : Options(Opts) {
  StartSeconds = nowSeconds();
  int Count = 0;
  cudaError_t Err = cudaGetDeviceCount(&Count);
  if (Err != cudaSuccess)
    throw BenchmarkError(std::string("no usable CUDA GPU: ") +
                             cudaGetErrorName(Err) + " (" +
                             cudaGetErrorString(Err) + ")",
                         ExitNoGpu);
  if (Count == 0)
    throw BenchmarkError("no CUDA GPU found", ExitNoGpu);
  if (Options.Gpu < 0 || Options.Gpu >= Count)
    throw BenchmarkError("--gpu " + std::to_string(Options.Gpu) +
                             " is out of range: " + std::to_string(Count) +
                             " GPU(s) present (0.." +
                             std::to_string(Count - 1) + ")",
                         ExitUsage);
  HEADROOM_CUDA(cudaSetDevice(Options.Gpu));
  HEADROOM_CUDA(cudaGetDeviceProperties(&Props, Options.Gpu));
  HEADROOM_CUDA(cudaStreamCreateWithFlags(&Stream, cudaStreamNonBlocking));
  HEADROOM_CUDA(cudaEventCreate(&Start));
  HEADROOM_CUDA(cudaEventCreate(&Stop));

  char Pci[32] = {};
  HEADROOM_CUDA(cudaDeviceGetPCIBusId(Pci, sizeof(Pci), Options.Gpu));
  NvmlHandle = std::make_unique<Nvml>(Pci);

  int ClockKHz = 0, MemKHz = 0;
  HEADROOM_CUDA(
      cudaDeviceGetAttribute(&ClockKHz, cudaDevAttrClockRate, Options.Gpu));
  HEADROOM_CUDA(
      cudaDeviceGetAttribute(&MemKHz, cudaDevAttrMemoryClockRate, Options.Gpu));
  MemoryClockKHz = MemKHz;
  MaxSmClockMHz = ClockKHz / 1000.0;
  if (auto Max = NvmlHandle->maxSmClockMHz())
    MaxSmClockMHz = *Max;
}

Context::~Context() {
  // Errors here cannot be reported usefully; the process is ending.
  if (Probe)
    cudaFree(Probe);
  if (Scratch)
    cudaFree(Scratch);
  if (Start)
    cudaEventDestroy(Start);
  if (Stop)
    cudaEventDestroy(Stop);
  if (Stream)
    cudaStreamDestroy(Stream);
}

std::optional<double> Context::loadedClockMHz() const {
  if (auto S = summarize(LoadedClocks))
    return S->Median;
  return std::nullopt;
}

GpuFacts Context::facts() const {
  GpuFacts I;
  I.ProductName = Props.name;
  char Uuid[64];
  const auto *B = reinterpret_cast<const unsigned char *>(Props.uuid.bytes);
  std::snprintf(Uuid, sizeof(Uuid),
                "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
                "%02x%02x%02x%02x%02x%02x",
                B[0], B[1], B[2], B[3], B[4], B[5], B[6], B[7], B[8], B[9],
                B[10], B[11], B[12], B[13], B[14], B[15]);
  I.Uuid = Uuid;
  I.CcMajor = Props.major;
  I.CcMinor = Props.minor;
  I.SmCount = Props.multiProcessorCount;
  I.SmClockMaxMHz = MaxSmClockMHz;
  I.SmClockMHz = loadedClockMHz().value_or(0);
  I.MemoryClockMHz = MemoryClockKHz / 1000.0;
  I.MemoryBusWidthBits = Props.memoryBusWidth;
  I.L2Bytes = Props.l2CacheSize;
  I.SharedBytesPerSm = static_cast<long long>(Props.sharedMemPerMultiprocessor);
  I.GlobalMemoryBytes = static_cast<long long>(Props.totalGlobalMem);
  I.Ecc = Props.ECCEnabled != 0;
  if (auto V = NvmlHandle->driverVersion())
    I.DriverVersion = *V;
  else if (auto P = driverVersionFromProc())
    I.DriverVersion = *P;
  int Runtime = 0;
  if (cudaRuntimeGetVersion(&Runtime) == cudaSuccess)
    I.CudaVersion = std::to_string(Runtime / 1000) + "." +
                    std::to_string(Runtime % 1000 / 10);
  return I;
}

std::vector<double> Context::time(const std::function<void()> &Launch, int Reps,
                                  int Warmups) {
  for (int I = 0; I < Warmups; ++I) {
    Launch();
    HEADROOM_CUDA_LAUNCH();
  }
  HEADROOM_CUDA(cudaStreamSynchronize(Stream));
  std::vector<double> Ms;
  Ms.reserve(Reps);
  RunClocks.clear();
  for (int I = 0; I < Reps; ++I) {
    HEADROOM_CUDA(cudaEventRecord(Start, Stream));
    Launch();
    HEADROOM_CUDA_LAUNCH();
    HEADROOM_CUDA(cudaEventRecord(Stop, Stream));
    HEADROOM_CUDA(cudaEventSynchronize(Stop));
    float Elapsed = 0;
    HEADROOM_CUDA(cudaEventElapsedTime(&Elapsed, Start, Stop));
    Ms.push_back(Elapsed);
    // Read right after the run, while the SMs are still at their loaded clock
    // (outside the timed interval).
    if (auto MHz = NvmlHandle->currentSmClockMHz())
      RunClocks.push_back(*MHz);
  }
  return Ms;
}

double Context::timeOnce(const std::function<void()> &Launch) {
  return time(Launch, 1, 1).front();
}

ClockSample *Context::clockProbe(int Blocks) {
  if (Blocks > ProbeBlocks) {
    if (Probe)
      HEADROOM_CUDA(cudaFree(Probe));
    HEADROOM_CUDA(cudaMalloc(&Probe, sizeof(ClockSample) * Blocks));
    ProbeBlocks = Blocks;
  }
  HEADROOM_CUDA(
      cudaMemsetAsync(Probe, 0, sizeof(ClockSample) * Blocks, Stream));
  return Probe;
}

std::optional<double> Context::probedClockMHz(int Blocks, double KernelMs) {
  if (!Probe || Blocks > ProbeBlocks || !(KernelMs > 0.1))
    return std::nullopt;
  std::vector<ClockSample> Host(Blocks);
  HEADROOM_CUDA(cudaStreamSynchronize(Stream));
  HEADROOM_CUDA(cudaMemcpy(Host.data(), Probe, sizeof(ClockSample) * Blocks,
                           cudaMemcpyDeviceToHost));
  unsigned long long MaxCycles = 0;
  for (const ClockSample &S : Host)
    if (S.Cycles1 > S.Cycles0)
      MaxCycles = std::max(MaxCycles, S.Cycles1 - S.Cycles0);
  if (!MaxCycles)
    return std::nullopt;
  double MHz = static_cast<double>(MaxCycles) / (KernelMs * 1e3);
  // A clock far above the maximum means the samples were unusable.
  if (MaxSmClockMHz > 0 && MHz > 1.25 * MaxSmClockMHz)
    return std::nullopt;
  return MHz;
}

Context::ClockReading Context::readClock(int Blocks, double KernelMs) {
  std::optional<double> Probed = probedClockMHz(Blocks, KernelMs);
  ClockReading R;
  if (auto Nvml = summarize(RunClocks)) {
    R.MHz = Nvml->Median;
    R.How = "NVML SM clock read after each timed run, median";
    if (Probed) {
      char Buf[96];
      std::snprintf(Buf, sizeof(Buf),
                    "; in-kernel clock64 cycles over event time %.0f MHz",
                    *Probed);
      R.How += Buf;
    }
  } else if (Probed) {
    R.MHz = *Probed;
    R.How = "clock64 cycles of the kernel over its event time (NVML "
            "unavailable; a lower bound)";
  } else {
    return {MaxSmClockMHz, "the device's maximum SM clock (no measurement)"};
  }
  noteLoadedClock(R.MHz);
  return R;
}

int Context::sizeIterations(const std::function<void(int)> &Launch) {
  int Iterations = 16;
  double Ms = timeOnce([&] { Launch(Iterations); });
  while (Ms < 1.0 && Iterations < (1 << 24)) {
    Iterations *= 8;
    Ms = timeOnce([&] { Launch(Iterations); });
  }
  double Scaled = Iterations * targetKernelMs() / std::max(Ms, 1e-3);
  return static_cast<int>(std::clamp(Scaled, 1.0, 2147483647.0));
}

void Context::add(Measurement M) {
  char Line[256];
  std::string Pct;
  if (auto P = percentOfTheoretical(M)) {
    char Buf[32];
    std::snprintf(Buf, sizeof(Buf), " (%.1f%% of %.1f)", *P, *M.Theoretical);
    Pct = Buf;
  }
  std::string Spread;
  if (M.SpreadPct) {
    char Buf[48];
    std::snprintf(Buf, sizeof(Buf), ", spread %.2f%%%s", *M.SpreadPct,
                  *M.SpreadPct > SpreadFlagPct ? " [above 3%]" : "");
    Spread = Buf;
  }
  std::snprintf(Line, sizeof(Line), "  %-20s %12.2f %s%s%s", M.Name.c_str(),
                M.Value, M.Unit.c_str(), Pct.c_str(), Spread.c_str());
  progress(Line);
  Results.push_back(std::move(M));
}

void Context::progress(const std::string &Line) const {
  std::fprintf(stderr, "[%6.1fs] %s\n", nowSeconds() - StartSeconds,
               Line.c_str());
  std::fflush(stderr);
}

void *Context::scratch(std::size_t Bytes) {
  if (Bytes > ScratchBytes) {
    if (Scratch)
      HEADROOM_CUDA(cudaFree(Scratch));
    Scratch = nullptr;
    HEADROOM_CUDA(cudaMalloc(&Scratch, Bytes));
    ScratchBytes = Bytes;
  }
  return Scratch;
}

std::size_t Context::limitResidency(const void *Kernel, int BlockSize,
                                    int PerSm, std::size_t MinSmem,
                                    int &Resident) {
  cudaFuncAttributes Attr{};
  HEADROOM_CUDA(cudaFuncGetAttributes(&Attr, Kernel));
  std::size_t MaxDynamic =
      Props.sharedMemPerBlockOptin > Attr.sharedSizeBytes
          ? Props.sharedMemPerBlockOptin - Attr.sharedSizeBytes
          : 0;
  auto Occupancy = [&](std::size_t Smem) {
    HEADROOM_CUDA(cudaFuncSetAttribute(
        Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
        static_cast<int>(std::max(Smem, MinSmem))));
    int Blocks = 0;
    HEADROOM_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &Blocks, Kernel, BlockSize, Smem));
    return Blocks;
  };
  std::size_t Lo = MinSmem, Hi = std::max(MinSmem, MaxDynamic);
  if (Occupancy(Lo) > PerSm) {
    // Occupancy does not grow with shared memory: find the least Smem in
    // (Lo, Hi] with at most PerSm blocks per SM.
    if (Occupancy(Hi) > PerSm)
      throw BenchmarkError("cannot limit a kernel to " + std::to_string(PerSm) +
                           " blocks per SM with shared memory");
    while (Hi - Lo > 128) {
      std::size_t Mid = (Lo + Hi) / 2 / 128 * 128;
      if (Mid <= Lo)
        break;
      (Occupancy(Mid) > PerSm ? Lo : Hi) = Mid;
    }
    Lo = Hi;
  }
  Resident = Occupancy(Lo);
  return Lo;
}

} // namespace headroom::microbench
