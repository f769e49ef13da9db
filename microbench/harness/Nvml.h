//===- Nvml.h - Optional NVML queries through dlopen ------------*- C++ -*-===//
///
/// \file
/// Reads clocks, the driver version and clock-limit reasons through NVML when
/// libnvidia-ml is present. It is loaded with dlopen at run time, so the
/// micro-benchmarks neither link against it nor need its header; every query
/// returns std::nullopt when NVML is missing or refuses.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_HARNESS_NVML_H
#define HEADROOM_MICROBENCH_HARNESS_NVML_H

#include <optional>
#include <string>

namespace headroom::microbench {

/// A handle on one GPU through NVML. Owns the library handle; shuts NVML down
/// and unloads it on destruction. Not copyable.
class Nvml {
public:
  /// Opens NVML for the device with the given PCI bus id ("0000:1b:00.0").
  explicit Nvml(const std::string &PciBusId);
  ~Nvml();
  Nvml(const Nvml &) = delete;
  Nvml &operator=(const Nvml &) = delete;

  bool available() const { return Device != nullptr; }
  /// Why NVML is unavailable, for the log.
  const std::string &whyUnavailable() const { return Why; }

  std::optional<unsigned> currentSmClockMHz() const;
  std::optional<unsigned> maxSmClockMHz() const;
  std::optional<unsigned> currentMemoryClockMHz() const;
  std::optional<std::string> driverVersion() const;
  /// Current clock-limit reasons as words ("power cap", "thermal", ...);
  /// "none" when the clocks are not held back.
  std::optional<std::string> clockLimitReasons() const;

private:
  std::optional<unsigned> clock(int Type, bool Max) const;

  void *Library = nullptr;
  void *Device = nullptr;
  std::string Why;
};

/// The driver version from /proc/driver/nvidia/version, where NVML is missing.
std::optional<std::string> driverVersionFromProc();

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_HARNESS_NVML_H
