//===- SamplingBudget.h - How much time counters may cost -------*- C++ -*-===//
///
/// \file
/// Counter collection replays each sampled launch once per pass and sets up
/// the profiler around it: tens of milliseconds per sample. The budget keeps
/// its total cost to a share of the program's own time (wall time since the
/// runtime started, minus the time spent sampling), HEADROOM_BUDGET_PCT, so
/// that a program with thousands of configurations runs at most that much
/// slower. A sample is allowed while the cost so far plus one more sample of
/// the last one's cost stays within the share (the last, not the mean: the
/// first sample also pays the profiler's one-time set-up).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_SAMPLINGBUDGET_H
#define HEADROOM_RUNTIME_SAMPLINGBUDGET_H

#include <cstdint>
#include <optional>

namespace headroom::rt {

class SamplingBudget {
public:
  /// \p Pct: the share of the program's own time in percent; nullopt: no
  /// budget (every sample is allowed).
  explicit SamplingBudget(std::optional<double> Pct) : Pct(Pct) {}

  /// The program's clock starts at \p NowNs.
  void start(std::uint64_t NowNs) { StartNs = NowNs; }
  /// Whether one more sample fits at \p NowNs.
  bool allows(std::uint64_t NowNs) const;
  /// A sample took \p Ns (set-up, replay and evaluation).
  void charge(std::uint64_t Ns);

  std::optional<double> pct() const { return Pct; }
  std::uint64_t spentNs() const { return SpentNs; }
  std::uint64_t samples() const { return Samples; }
  /// The program's own time at \p NowNs: wall time minus sampling.
  std::uint64_t ownNs(std::uint64_t NowNs) const;
  /// The cost so far in percent of the program's own time at \p NowNs.
  double spentPct(std::uint64_t NowNs) const;

private:
  std::optional<double> Pct;
  std::uint64_t StartNs = 0;
  std::uint64_t SpentNs = 0;
  std::uint64_t LastNs = 0;
  std::uint64_t Samples = 0;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_SAMPLINGBUDGET_H
