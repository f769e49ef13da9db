//===- Nvml.cpp - Optional NVML queries through dlopen --------------------===//

#include "Nvml.h"

#include <dlfcn.h>

#include <fstream>
#include <regex>
#include <sstream>

namespace headroom::microbench {

namespace {

// The few NVML entry points used, declared here so that no NVML header is
// needed (their ABI is stable; nvml.h documents them).
using NvmlReturn = int;
using NvmlDevice = void *;
constexpr NvmlReturn NvmlSuccess = 0;
constexpr int NvmlClockSm = 1;
constexpr int NvmlClockMem = 2;

using InitFn = NvmlReturn (*)();
using ShutdownFn = NvmlReturn (*)();
using HandleByPciFn = NvmlReturn (*)(const char *, NvmlDevice *);
using ClockFn = NvmlReturn (*)(NvmlDevice, int, unsigned *);
using DriverVersionFn = NvmlReturn (*)(char *, unsigned);
using ReasonsFn = NvmlReturn (*)(NvmlDevice, unsigned long long *);

template <typename Fn> Fn symbol(void *Library, const char *Name) {
  return Library ? reinterpret_cast<Fn>(dlsym(Library, Name)) : nullptr;
}

} // namespace

Nvml::Nvml(const std::string &PciBusId) {
  Library = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!Library) {
    Why = "libnvidia-ml.so.1 not found";
    return;
  }
  auto Init = symbol<InitFn>(Library, "nvmlInit_v2");
  auto ByPci =
      symbol<HandleByPciFn>(Library, "nvmlDeviceGetHandleByPciBusId_v2");
  if (!Init || !ByPci) {
    Why = "libnvidia-ml lacks nvmlInit_v2 or nvmlDeviceGetHandleByPciBusId_v2";
    return;
  }
  if (NvmlReturn R = Init(); R != NvmlSuccess) {
    Why = "nvmlInit_v2 failed with code " + std::to_string(R);
    return;
  }
  NvmlDevice Handle = nullptr;
  if (NvmlReturn R = ByPci(PciBusId.c_str(), &Handle);
      R != NvmlSuccess || !Handle) {
    Why = "NVML does not know PCI bus id " + PciBusId + " (code " +
          std::to_string(R) + ")";
    if (auto Shutdown = symbol<ShutdownFn>(Library, "nvmlShutdown"))
      Shutdown();
    return;
  }
  Device = Handle;
}

Nvml::~Nvml() {
  if (Device)
    if (auto Shutdown = symbol<ShutdownFn>(Library, "nvmlShutdown"))
      Shutdown();
  if (Library)
    dlclose(Library);
}

std::optional<unsigned> Nvml::clock(int Type, bool Max) const {
  if (!Device)
    return std::nullopt;
  auto Fn = symbol<ClockFn>(Library, Max ? "nvmlDeviceGetMaxClockInfo"
                                         : "nvmlDeviceGetClockInfo");
  unsigned MHz = 0;
  if (!Fn || Fn(Device, Type, &MHz) != NvmlSuccess || MHz == 0)
    return std::nullopt;
  return MHz;
}

std::optional<unsigned> Nvml::currentSmClockMHz() const {
  return clock(NvmlClockSm, false);
}
std::optional<unsigned> Nvml::maxSmClockMHz() const {
  return clock(NvmlClockSm, true);
}
std::optional<unsigned> Nvml::currentMemoryClockMHz() const {
  return clock(NvmlClockMem, false);
}

std::optional<std::string> Nvml::driverVersion() const {
  if (!Device)
    return std::nullopt;
  auto Fn = symbol<DriverVersionFn>(Library, "nvmlSystemGetDriverVersion");
  char Buf[96] = {};
  if (!Fn || Fn(Buf, sizeof(Buf)) != NvmlSuccess || !Buf[0])
    return std::nullopt;
  return std::string(Buf);
}

std::optional<std::string> Nvml::clockLimitReasons() const {
  if (!Device)
    return std::nullopt;
  auto Fn =
      symbol<ReasonsFn>(Library, "nvmlDeviceGetCurrentClocksEventReasons");
  if (!Fn)
    Fn =
        symbol<ReasonsFn>(Library, "nvmlDeviceGetCurrentClocksThrottleReasons");
  unsigned long long Mask = 0;
  if (!Fn || Fn(Device, &Mask) != NvmlSuccess)
    return std::nullopt;
  // Bits from nvml.h (nvmlClocksEventReason*). Idle (0x1) is not a limit.
  static const struct {
    unsigned long long Bit;
    const char *Word;
  } Reasons[] = {
      {0x2, "application clocks setting"}, {0x4, "software power cap"},
      {0x8, "hardware slowdown"},          {0x10, "sync boost"},
      {0x20, "software thermal slowdown"}, {0x40, "hardware thermal slowdown"},
      {0x80, "hardware power brake"},      {0x100, "display clock setting"}};
  std::string Words;
  for (const auto &R : Reasons)
    if (Mask & R.Bit)
      Words += (Words.empty() ? "" : ", ") + std::string(R.Word);
  return Words.empty() ? std::string("none") : Words;
}

std::optional<std::string> driverVersionFromProc() {
  std::ifstream In("/proc/driver/nvidia/version");
  if (!In)
    return std::nullopt;
  std::stringstream SS;
  SS << In.rdbuf();
  std::smatch M;
  std::string Text = SS.str();
  if (std::regex_search(Text, M, std::regex(R"(Kernel Module\s+([0-9.]+))")))
    return M[1].str();
  return std::nullopt;
}

} // namespace headroom::microbench
