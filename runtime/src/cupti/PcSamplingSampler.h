//===- PcSamplingSampler.h - Warp stalls via CUPTI PC sampling --*- C++ -*-===//
///
/// \file
/// The CUPTI StallSampler, following what test/gpu/stalls/probe.cu measured
/// on an H200 (docs/perf/lines.md). Per CUDA context, at its first stall
/// sample: cuptiPCSamplingEnable (about 100 ms once), the stall reasons'
/// names, and a configuration of kernel-serialized collection under
/// start/stop control with a 64 MB hardware buffer and an 8 MB scratch
/// buffer (the defaults are 512 MB of device memory). A sample: the period
/// set where it changed, cuptiPCSamplingStart at the launch's API entry; at
/// its exit, the launch's stream synchronized (the kernel must have run
/// before the range ends), cuptiPCSamplingStop, which flushes into the
/// configured buffer, then cuptiPCSamplingGetData for the rest. Every other
/// launch runs unsampled, at full speed: PC sampling stays enabled but
/// stopped between samples.
///
/// Each sampled instruction keeps its samples per stall reason (the
/// `_not_issued` subsets and the two counters that are not reasons are
/// left out) and its source line from the module's cubin (CubinLines).
/// Instructions of other launches in the range (correlation id of another
/// kernel) are left out. A launch on a stream that is capturing a graph is
/// skipped.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_CUPTI_PCSAMPLINGSAMPLER_H
#define HEADROOM_RUNTIME_CUPTI_PCSAMPLINGSAMPLER_H

#include "StallSampler.h"
#include "cupti/CubinLines.h"
#include "cupti/CuptiLoader.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace headroom::rt {

class PcSamplingSampler final : public StallSampler {
public:
  /// The most instructions read per buffer fill.
  static constexpr std::size_t MaxPcs = 20000;
  static constexpr std::size_t HardwareBufferBytes = std::size_t(64) << 20;
  static constexpr std::size_t ScratchBufferBytes = std::size_t(8) << 20;

  explicit PcSamplingSampler(std::shared_ptr<CuptiLoader> Loader);
  ~PcSamplingSampler() override;

  StallStart begin(const LaunchInfo &Launch, unsigned PeriodExponent) override;
  StallResult end(const LaunchInfo &Launch) override;
  void moduleLoaded(const void *Cubin, std::size_t Size) override;
  void contextDestroying(void *Context) override;
  void release() override;

private:
  /// A buffer CUPTI fills with instructions and their stall reasons.
  struct Buffer {
    CUpti_PCSamplingData Data = {};
    std::vector<CUpti_PCSamplingPCData> Pcs;
    std::vector<CUpti_PCSamplingStallReason> Reasons;
    void allocate(std::size_t NumReasons);
  };
  /// PC sampling on one context.
  struct ContextState {
    bool Enabled = false;
    unsigned Exponent = 0;
    /// Reason name (CUPTI's, without its prefix) by CUPTI's index; empty
    /// for indices that are not reasons to keep.
    std::map<std::uint32_t, std::string> Reasons;
    /// Filled by cuptiPCSamplingStop (the configured buffer), and by
    /// cuptiPCSamplingGetData. Heap-allocated: CUPTI keeps the address.
    std::unique_ptr<Buffer> Flushed, Fetched;
  };

  /// Instructions read so far, each once.
  struct Collected {
    StallSamples Samples;
    std::map<std::pair<std::string, std::uint64_t>, std::size_t> Index;
  };

  std::optional<Failure> enable(void *Context, ContextState &State);
  std::optional<Failure> configure(void *Context, ContextState &State,
                                   unsigned Exponent, bool First);
  /// Moves what \p From holds into \p Mine (instructions of launch
  /// \p Correlation, or of any launch when it is 0) and \p Others.
  void take(const ContextState &State, CUpti_PCSamplingData &From,
            std::uint32_t Correlation, Collected &Mine, Collected &Others);
  void disable(void *Context);
  Failure failure(CUptiResult R, const char *Call) const;

  std::shared_ptr<CuptiLoader> Loader;
  CubinLines Lines;
  std::mutex Mutex;
  std::map<void *, ContextState> Contexts;
  void *Active = nullptr;
  unsigned ActiveExponent = 0;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_CUPTI_PCSAMPLINGSAMPLER_H
