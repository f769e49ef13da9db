//===- CounterSampler.h - Counters of one launch ----------------*- C++ -*-===//
///
/// \file
/// The interface to the counter half of the hardware layer: begin() at a
/// launch's API entry, end() at its exit, on the launching thread, returning
/// metric name -> value for that one launch. The CUPTI implementation is
/// RangeProfilerSampler (range profiler, auto range, kernel replay); tests
/// use fakes.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_COUNTERSAMPLER_H
#define HEADROOM_RUNTIME_COUNTERSAMPLER_H

#include "Failure.h"
#include "KernelAggregator.h"
#include "LaunchInfo.h"
#include "MetricSelection.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace headroom::rt {

/// The outcome of begin().
struct SampleStart {
  enum class Status {
    /// Collection is running; end() must follow.
    Started,
    /// Not this launch (e.g. its stream is capturing a graph); try a later
    /// launch of the same entry.
    Skipped,
    /// Never this entry: kernel replay cannot run it without changing the
    /// program (Reason says why, e.g. an argument points to host memory).
    Refused,
    /// Counters are unavailable (Why says why); stop sampling.
    Failed,
  };
  Status State = Status::Failed;
  std::string Reason;
  Failure Why;
};

/// The outcome of end().
struct SampleResult {
  enum class Status {
    Ok,
    /// No usable values for this launch (it failed, or the range was lost);
    /// try a later launch.
    Retry,
    /// Counters are unavailable; stop sampling.
    Failed,
  };
  Status State = Status::Failed;
  CounterValues Values;
  std::string Reason;
  Failure Why;
  /// What enabling the profiler for this sample cost (enable, configure
  /// and start its first session); 0 when it was enabled already.
  std::uint64_t EnableNs = 0;
};

/// How the sampler is configured, once it is (after the first begin()).
struct SamplerSetup {
  std::vector<std::string> Metrics;
  std::optional<std::size_t> Passes;
  std::vector<DroppedMetric> Dropped;
  std::map<std::string, std::uint64_t> Diagnostics;
  /// CUPTI chip name per device index.
  std::map<std::uint32_t, std::string> Chips;
};

/// Collects counters of single launches. begin()/end() pairs never overlap
/// (the Runtime serializes sampled launches).
class CounterSampler {
public:
  virtual ~CounterSampler() = default;
  virtual SampleStart begin(const LaunchInfo &Launch) = 0;
  virtual SampleResult end(const LaunchInfo &Launch) = 0;
  /// Forgets per-context state of \p Context.
  virtual void contextDestroying(void *Context) = 0;
  /// The profiler stays enabled after a sample (the next one starts
  /// faster); this disables it on every context, with no sample in flight.
  virtual void release() = 0;
  virtual SamplerSetup setup() const = 0;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_COUNTERSAMPLER_H
