//===- StallSampler.h - Where one launch's warps stalled --------*- C++ -*-===//
///
/// \file
/// The interface to the warp-stall half of the hardware layer: begin() at a
/// launch's API entry, end() at its exit, on the launching thread, returning
/// the launch's warp-state samples per SASS instruction with their stall
/// reasons and, where the module's line table says, their source lines.
/// The CUPTI implementation is PcSamplingSampler (PC Sampling API); tests
/// use fakes.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_STALLSAMPLER_H
#define HEADROOM_RUNTIME_STALLSAMPLER_H

#include "Failure.h"
#include "LaunchInfo.h"

#include "schema/ProfileDocument.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace headroom::rt {

/// The outcome of StallSampler::begin().
struct StallStart {
  enum class Status {
    /// Sampling runs; end() must follow.
    Started,
    /// Not this launch (its stream is capturing a graph); try a later one.
    Skipped,
    /// Never this kernel: an argument points to host memory, and a kernel
    /// waiting there for the host would hang while end() synchronizes its
    /// stream (Reason says which).
    Refused,
    /// Stall sampling is unavailable (Why says why); stop trying.
    Failed,
  };
  Status State = Status::Failed;
  Failure Why;
  std::string Reason;
};

/// The outcome of StallSampler::end().
struct StallResult {
  enum class Status {
    Ok,
    /// No samples for this launch (it failed); try a later launch.
    Retry,
    /// Stall sampling is unavailable; stop trying.
    Failed,
  };
  Status State = Status::Failed;
  /// The launch's samples (Launches 1); Pcs without a line where the
  /// module's line table was not at hand.
  StallSamples Samples;
  /// Samples of other launches in the range, left out.
  std::uint64_t OtherLaunchSamples = 0;
  Failure Why;
};

/// Samples the warps of single launches. begin()/end() pairs never overlap
/// and never overlap a counter sample (the Runtime serializes them), and the
/// counters' range profiler is released before begin(): with it enabled on
/// the context, PC sampling starts without error and samples nothing; and
/// release() comes before the next counter sample: with PC sampling
/// enabled, the range profiler does not start (H200, docs/perf/lines.md).
class StallSampler {
public:
  virtual ~StallSampler() = default;
  /// Starts sampling \p Launch every 2^\p PeriodExponent cycles per SM.
  virtual StallStart begin(const LaunchInfo &Launch,
                           unsigned PeriodExponent) = 0;
  /// Waits for the launch's kernel to finish, stops and reads the samples.
  virtual StallResult end(const LaunchInfo &Launch) = 0;
  /// A module was loaded: its cubin (valid only during the call) holds the
  /// line table of its functions.
  virtual void moduleLoaded(const void *Cubin, std::size_t Size) = 0;
  /// Forgets per-context state of \p Context.
  virtual void contextDestroying(void *Context) = 0;
  /// Disables PC sampling on every context, with no sample in flight.
  virtual void release() = 0;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_STALLSAMPLER_H
