//===- RangeProfilerSampler.h - Counters via the Range Profiler -*- C++ -*-===//
///
/// \file
/// The CUPTI CounterSampler: CUPTI's Profiler Host API (cupti_profiler_host.h)
/// builds the configuration for the chip, and the Range Profiler
/// (cupti_range_profiler.h), in auto-range and kernel-replay mode, collects
/// one range around one launch: Start at the launch's API entry, Stop,
/// DecodeData and evaluation at its API exit (the pattern of NVIDIA's
/// profiling_injection sample). Kernel replay runs the kernel once per pass
/// and restores the memory it writes between passes, so the program's results
/// are unchanged.
///
/// Per device (first sampled launch on it): device support check, chip name,
/// counter availability, metric selection (MetricSelection.h) and the config
/// image. Per CUDA context: the range profiler is enabled for one sample and
/// disabled right after it (left enabled, it costs every later launch on the
/// context several microseconds of host time). A launch on a stream that is
/// capturing a graph is skipped (nothing would run, and replay's
/// synchronization would break the capture); a kernel with an argument that
/// points to host memory is refused (replay would run it once per pass
/// against memory it does not restore, and a kernel waiting for the host
/// would hang).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_CUPTI_RANGEPROFILERSAMPLER_H
#define HEADROOM_RUNTIME_CUPTI_RANGEPROFILERSAMPLER_H

#include "CounterSampler.h"
#include "MetricChoiceCache.h"
#include "cupti/CuptiLoader.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace headroom::rt {

class RangeProfilerSampler final : public CounterSampler {
public:
  /// Collects \p Required (those the chip knows) and the \p Extras that fit
  /// in the same number of passes. With \p ReleaseAfterSample, the target
  /// profiler (cuptiProfilerInitialize) is released after every sample and
  /// initialized again at the next: an initialized profiler costs every
  /// launch host time, which matters when samples are rare.
  /// With a \p CacheDir, the metric choice is kept there across runs
  /// (MetricChoiceCache).
  RangeProfilerSampler(std::shared_ptr<CuptiLoader> Loader,
                       std::vector<std::string> Required,
                       std::vector<std::string> Extras,
                       bool ReleaseAfterSample = true,
                       std::string CacheDir = "");
  ~RangeProfilerSampler() override;

  SampleStart begin(const LaunchInfo &Launch) override;
  SampleResult end(const LaunchInfo &Launch) override;
  void contextDestroying(void *Context) override;
  void release() override;
  SamplerSetup setup() const override;

private:
  /// The configuration for one device.
  struct DeviceConfig {
    std::string Chip;
    /// Kept alive with Host, which was initialized from it; empty when a
    /// cached choice of metrics made the query unnecessary.
    std::vector<uint8_t> Availability;
    CUpti_Profiler_Host_Object *Host = nullptr;
    std::vector<std::string> Metrics;
    std::vector<const char *> MetricNames;
    std::vector<uint8_t> ConfigImage;
    std::size_t Passes = 0;
  };
  /// The range profiler of one context.
  struct ContextState {
    CUpti_RangeProfiler_Object *Object = nullptr;
    std::vector<uint8_t> CounterData;
    DeviceConfig *Config = nullptr;
  };

  std::optional<Failure> configFor(const LaunchInfo &Launch,
                                   DeviceConfig *&Out);
  std::optional<Failure> contextFor(const LaunchInfo &Launch,
                                    DeviceConfig &Config, ContextState *&Out);
  std::optional<std::size_t>
  countPasses(const std::string &Chip, const std::vector<uint8_t> &Availability,
              std::span<const std::string> Metrics);
  /// What a choice of metrics is cached under for \p Chip; nullopt when
  /// choices are not cached.
  std::optional<MetricChoiceKey> choiceKey(const std::string &Chip) const;
  /// The metrics for \p Config's chip: \p Cached when its pass count still
  /// holds, else selectMetrics (then cached under \p Key).
  std::optional<MetricChoice>
  chooseMetrics(DeviceConfig &Config, const LaunchInfo &Launch,
                const std::optional<MetricChoiceKey> &Key,
                std::optional<MetricChoice> Cached);
  /// The counter availability image of \p Launch's context into \p Image.
  std::optional<Failure> queryAvailability(const LaunchInfo &Launch,
                                           std::vector<uint8_t> &Image);
  void disableContext(void *Context);
  /// end() with Mutex held.
  SampleResult endSample(const LaunchInfo &Launch);
  /// Disables every context and releases the target profiler.
  void releaseProfiler();

  std::shared_ptr<CuptiLoader> Loader;
  std::vector<std::string> Required;
  std::vector<std::string> Extras;
  std::string CacheDir;

  mutable std::mutex Mutex;
  bool ReleaseAfterSample;
  bool ProfilerInitialized = false;
  std::map<std::uint32_t, std::unique_ptr<DeviceConfig>> Devices;
  std::map<void *, ContextState> Contexts;
  void *Active = nullptr;
  /// What enabling the profiler cost for the sample in flight (0: it was
  /// enabled already).
  std::uint64_t ActiveEnableNs = 0;
  SamplerSetup Setup;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_CUPTI_RANGEPROFILERSAMPLER_H
