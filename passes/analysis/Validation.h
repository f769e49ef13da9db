//===- Validation.h - The models against recorded ground truth --*- C++ -*-===//
///
/// \file
/// `headroom validate`: runs the models on the validation corpus' recorded
/// GPU runs (analysis/RecordedCorpus.h) and scores them the way issue 11 of
/// the project asks (docs/perf/accuracy.md):
///
/// - the predicted time against the measured median of the timed launches,
///   on the *qualifying* kernels (>= 64 threads per block, >= 90 blocks,
///   >= 0.1 ms per launch: the kernels that use the GPU well, thesis 5.1.4),
///   as the median absolute error and the share within 25%;
/// - floors above the measured time by more than 3%, on every kernel;
/// - the verdict (compute, memory, latency) against Nsight Compute's Speed
///   of Light on every kernel: latency-bound when both its SM and its memory
///   throughput are under 50% of peak, else the larger of the two;
/// - with recorded runs of a second GPU, the projection from it: the measured
///   time there scaled by the ratio of the model's times on the two GPUs
///   (the thesis' E_util correction, 5.13).
///
/// Counters come from the Headroom runtime's profile of each case (what users
/// get) or from Nsight Compute's launch (same metric names), whose duration
/// is then the measured time: that isolates the model from the difference
/// between the runtime's sampled launch and its timed ones.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_VALIDATION_H
#define HEADROOM_ANALYSIS_VALIDATION_H

#include "analysis/RecordedCorpus.h"
#include "devices/DeviceRegistry.h"
#include "model/DeviceParameters.h"
#include "model/FittedModel.h"
#include "model/HopperModel.h"
#include "model/StaticFacts.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// Which models a validation scores.
enum class ValidatedModel { Hopper, Thesis, Fitted };
const char *validatedModelName(ValidatedModel M);

/// Where the counters and the measured time come from.
enum class CounterSource { Headroom, Ncu };
const char *counterSourceName(CounterSource S);

/// Nsight Compute's verdict: latency-bound under this percentage of peak.
inline constexpr double NcuLatencyBelowPct = 50;
/// A floor this much above the measured time counts as above it.
inline constexpr double FloorTolerance = 0.03;

/// One profile entry (a kernel in one configuration) of one case.
struct KernelOutcome {
  std::string Case, Family, Kernel;
  std::uint64_t Blocks = 0, ThreadsPerBlock = 0;
  double MeasuredMs = 0;
  /// Predicted time by model (nullopt where a model could not run).
  std::optional<double> Hopper, Thesis, Fitted;
  /// The Hopper model's floor (its largest bound; Hopper adds latencies).
  std::optional<double> HopperFloor;
  /// The Hopper model's verdict and bottleneck, and whether it is balanced.
  std::optional<Regime> Verdict;
  std::string Bottleneck;
  bool Balanced = false;
  /// How busy the busiest unit of the whole GPU was (below
  /// LatencyBoundBelow: latency-bound).
  std::optional<double> Utilization;
  /// Nsight Compute's Speed of Light and verdict, when a launch matched.
  std::optional<double> NcuSmPct, NcuMemoryPct;
  std::optional<Regime> NcuVerdict;
  /// Nsight Compute's verdict on the same launch in the cache state the
  /// program left (ncu-warm.json), where recorded.
  std::optional<Regime> NcuWarmVerdict;
  /// The projection from the other GPU, when given.
  std::optional<double> Projected;

  bool qualifying() const;
  std::optional<double> predicted(ValidatedModel M) const;
  /// The model's bound: the Hopper floor, the thesis prediction (a bound
  /// too); none for the fitted model.
  std::optional<double> floor(ValidatedModel M) const;
};

/// Scores of one model.
struct ModelScore {
  ValidatedModel Model = ValidatedModel::Hopper;
  std::size_t Kernels = 0, Qualifying = 0;
  /// Over qualifying kernels.
  double MedianAbsErrorPct = 0, Within25Pct = 0;
  /// Over every kernel: floors more than 3% above the measured time.
  std::size_t FloorsAbove = 0;
};

/// Everything a validation found.
struct ValidationResult {
  std::string Gpu, Device;
  CounterSource Source = CounterSource::Headroom;
  std::vector<KernelOutcome> Kernels;
  std::vector<ModelScore> Scores;
  /// The fitted model on the families it was not fitted on.
  std::optional<ModelScore> FittedHeldOut;
  /// The Hopper model on the same families (its overlap exponent was chosen
  /// on the others).
  std::optional<ModelScore> HopperHeldOut;
  /// Verdicts compared with Nsight Compute (kernels with a matched launch).
  std::size_t VerdictsCompared = 0, VerdictsAgree = 0;
  /// Agreement when a balanced kernel may match either of its two limits.
  std::size_t VerdictsAgreeBalanced = 0;
  /// Kernels Nsight Compute calls latency-bound, and how many of them the
  /// Hopper model calls latency-bound too.
  std::size_t NcuLatency = 0, LatencyAgree = 0;
  /// Where Nsight Compute also profiled the launches in the cache state the
  /// program left: kernels with both of its verdicts, how many of them it
  /// gives the same verdict both times (how far the reference itself holds),
  /// how many the Hopper model agrees with, and the latency-bound ones by the
  /// warm launch with how many of them the Hopper model calls latency-bound.
  std::size_t WarmCompared = 0, WarmAgreesFlushed = 0, VerdictsAgreeWarm = 0;
  std::size_t NcuWarmLatency = 0, LatencyAgreeWarm = 0;
  /// Projection from the other GPU, over qualifying kernels.
  std::optional<std::string> ProjectedFrom;
  std::optional<double> ProjectionMedianAbsErrorPct;
  std::size_t Projected = 0;
};

struct ValidationOptions {
  CounterSource Source = CounterSource::Headroom;
  /// The fitted model's weights for this device, if any.
  const FittedWeights *Fitted = nullptr;
  /// The recorded runs of another GPU and its device, for projections.
  const RecordedCorpus *From = nullptr;
  const DeviceParameters *FromDevice = nullptr;
  /// What the corpus' SASS says of its kernels, if given.
  const StaticFactsIndex *Facts = nullptr;
};

/// Scores the models on \p Corpus recorded on \p Device.
Expected<ValidationResult> validate(const RecordedCorpus &Corpus,
                                    const DeviceParameters &Device,
                                    const ValidationOptions &Options);

/// The families the fitted model learns from: kernels that each stress one
/// unit or sweep one ratio, the "performance-instructive" kernels of Stevens
/// & Klöckner. Every other family is held out.
bool isInstructiveFamily(std::string_view Family);

/// Fits the fitted model's weights on the instructive families of \p Corpus
/// (Headroom's counters and times; latency-bound kernels left out, since no
/// unit explains them).
Expected<FittedWeights> fitOnCorpus(const RecordedCorpus &Corpus,
                                    const DeviceParameters &Device);

/// What `headroom validate` was asked: a recording, its GPU, where counters
/// come from, and optionally another GPU's recording to project from.
struct ValidationRequest {
  std::string RecordedDir, Device;
  CounterSource Source = CounterSource::Headroom;
  std::optional<std::string> FromDir, FromDevice;
  /// What the corpus' SASS says of its kernels (`--sass`), if given.
  std::shared_ptr<const StaticFactsIndex> Facts;
};

/// Reads the recordings, finds the devices in \p Registry and validates,
/// with the fitted weights of the device file when it has them.
Expected<ValidationResult> validateRecording(const ValidationRequest &Request,
                                             const DeviceRegistry &Registry);

/// Reads the recording and fits the weights on it (fitOnCorpus).
Expected<FittedWeights> fitRecording(const ValidationRequest &Request,
                                     const DeviceRegistry &Registry);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_VALIDATION_H
