//===- Context.h - The state shared by all micro-benchmarks -----*- C++ -*-===//
///
/// \file
/// A Context is one calibration run on one GPU: the device and its
/// properties, the run's options (quick or full), the timing loop every
/// benchmark uses, the SM-clock probe, progress output and the measurements
/// collected so far. One exists per process; benchmarks borrow it.
///
/// Timing: each launch is bracketed by two CUDA events on one stream; after
/// `warmups()` untimed launches, `repetitions()` timed launches are taken and
/// the benchmark reports the median rate with its spread (core/Statistics.h).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_HARNESS_CONTEXT_H
#define HEADROOM_MICROBENCH_HARNESS_CONTEXT_H

#include "core/Results.h"
#include "core/Statistics.h"
#include "harness/Cuda.h"
#include "harness/Nvml.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace headroom::microbench {

/// Per-block clock sample written by kernels through ClockProbe.cuh.
struct ClockSample {
  unsigned long long Cycles0, Cycles1;
};

/// What the command line asked for.
struct RunOptions {
  int Gpu = 0;
  bool Quick = false;
};

class Context {
public:
  /// Selects the device and reads its properties. Throws BenchmarkError with
  /// ExitNoGpu when there is no usable device.
  explicit Context(const RunOptions &Options);
  ~Context();
  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;

  const cudaDeviceProp &props() const { return Props; }
  int smCount() const { return Props.multiProcessorCount; }
  bool quick() const { return Options.Quick; }
  cudaStream_t stream() const { return Stream; }
  Nvml &nvml() { return *NvmlHandle; }

  /// Untimed launches before timing, timed launches per measurement.
  int warmups() const { return Options.Quick ? 1 : 3; }
  int repetitions() const { return Options.Quick ? 7 : 21; }
  /// The duration a compute kernel is sized to, in milliseconds.
  double targetKernelMs() const { return Options.Quick ? 4.0 : 15.0; }

  /// Facts about the device (the loaded clock as measured so far).
  GpuFacts facts() const;
  /// The median of the SM clocks noted while compute benchmarks ran.
  std::optional<double> loadedClockMHz() const;

  /// Maximum SM clock in MHz (NVML's max clock, else CUDA's attribute).
  double maxSmClockMHz() const { return MaxSmClockMHz; }
  double memoryClockKHz() const { return MemoryClockKHz; }

  /// Times Launch (which enqueues work on stream()) Reps times after Warmups
  /// untimed calls; returns each run's time in milliseconds. Checks launch
  /// errors after every call.
  std::vector<double> time(const std::function<void()> &Launch, int Reps,
                           int Warmups);
  std::vector<double> time(const std::function<void()> &Launch) {
    return time(Launch, repetitions(), warmups());
  }
  /// Times Launch once (after one untimed call), in milliseconds.
  double timeOnce(const std::function<void()> &Launch);

  /// A device buffer of ClockSample for up to Blocks blocks.
  ClockSample *clockProbe(int Blocks);
  /// The SM clock (MHz) of the last probed launch of Blocks blocks, which took
  /// KernelMs by its events: the most cycles any block ran over that time;
  /// std::nullopt when the samples are unusable.
  std::optional<double> probedClockMHz(int Blocks, double KernelMs);
  /// Records an SM clock seen while a compute benchmark ran.
  void noteLoadedClock(double MHz) { LoadedClocks.push_back(MHz); }

  /// The SM clock a benchmark ran at and how it was obtained.
  struct ClockReading {
    double MHz = 0;
    std::string How;
  };
  /// The SM clock of the last time() call: the median of NVML's SM clock read
  /// after each timed run, where NVML works; else the clock probed in the
  /// last launch of Blocks blocks, which took KernelMs (cycles over event
  /// time, a lower bound: the event time includes the launch); else the
  /// maximum clock. The result is noted as a loaded clock (it becomes the
  /// identity's sm_clock_mhz); the probed clock is named in How as a check.
  ClockReading readClock(int Blocks, double KernelMs);

  /// Chooses an iteration count for Launch(iterations) so that one launch
  /// takes about targetKernelMs(): grows a trial until it runs for 1 ms, then
  /// scales linearly.
  int sizeIterations(const std::function<void(int)> &Launch);

  /// Adds a measurement and prints a progress line for it.
  void add(Measurement M);
  const std::vector<Measurement> &measurements() const { return Results; }

  /// Prints a progress line on stderr, prefixed with the elapsed time.
  void progress(const std::string &Line) const;

  /// Shared device scratch of at least Bytes (reused across benchmarks).
  void *scratch(std::size_t Bytes);

  /// Makes the residency of Kernel exact for throughput-vs-warps curves: the
  /// least dynamic shared memory (at least MinSmem bytes) with which at most
  /// PerSm blocks of BlockSize threads fit on one SM, so that a grid of
  /// smCount() x PerSm blocks puts exactly PerSm blocks on every SM (none can
  /// take more) instead of relying on the block scheduler's order. Raises the
  /// kernel's dynamic shared-memory limit as needed. Returns the bytes to
  /// launch with; Resident receives the blocks per SM that then fit (less
  /// than PerSm when registers or threads allow fewer).
  std::size_t limitResidency(const void *Kernel, int BlockSize, int PerSm,
                             std::size_t MinSmem, int &Resident);

private:
  RunOptions Options;
  cudaDeviceProp Props{};
  cudaStream_t Stream = nullptr;
  cudaEvent_t Start = nullptr, Stop = nullptr;
  std::unique_ptr<Nvml> NvmlHandle;
  double MaxSmClockMHz = 0, MemoryClockKHz = 0;
  ClockSample *Probe = nullptr;
  int ProbeBlocks = 0;
  void *Scratch = nullptr;
  std::size_t ScratchBytes = 0;
  std::vector<double> LoadedClocks;
  /// NVML SM clocks read after each timed run of the last time() call.
  std::vector<double> RunClocks;
  std::vector<Measurement> Results;
  double StartSeconds = 0;
};

/// Wall-clock seconds since an arbitrary origin (steady clock).
double nowSeconds();

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_HARNESS_CONTEXT_H
