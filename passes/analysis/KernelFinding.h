//===- KernelFinding.h - One kernel's verdict, whichever model --*- C++ -*-===//
///
/// \file
/// What Headroom finds about one kernel on one device, as plain typed data:
/// its regime, its measured, floor and predicted times, the roof and the
/// headroom to it, what caps it below the roof, its busiest unit, and the
/// evidence behind each (the units' floors, the estimates, the stages, the
/// load rounds, the bytes in flight, the atomics, the causes of waiting,
/// the instruction mix). Each model fills it in through one adapter
/// (analysis/HopperFinding.h, analysis/ThesisFinding.h); every check and
/// every view reads only this, so that text, JSON, CSV, HTML, SARIF, the
/// editor and lint state the same finding whichever model made it. The
/// model is one field: `--model thesis` changes the numbers, never the code
/// that words them.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_KERNELFINDING_H
#define HEADROOM_ANALYSIS_KERNELFINDING_H

#include "model/ComponentTimes.h"
#include "model/HopperModel.h"
#include "model/KernelParameters.h"
#include "model/LatencyCauses.h"
#include "model/MemoryLevels.h"
#include "model/Prediction.h"
#include "model/WhatIf.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// The model that made a finding.
enum class ModelKind { Hopper, Thesis, Fitted };

/// "hopper", "thesis", "fitted".
std::string_view modelKindKey(ModelKind M);

/// The kind of peak a roof is.
enum class RoofKind { Fp32, Fp64, Int, Tensor, Dram };

/// "fp32", "fp64", "int", "tensor", "dram".
std::string_view roofKindKey(RoofKind R);

/// The roof of the useful operations of a kernel of type \p T.
RoofKind operationRoof(KernelType T);

/// The roofline's bound on a kernel: its useful work at the device's peak
/// for that kind of work. The Hopper model takes the largest of the useful
/// operations at their type's peak, the tensor pipe's work at its rate and
/// the DRAM bytes at DRAM's bandwidth; the thesis model takes its
/// attainable throughput, the peak adjusted for the instruction mix (4.17)
/// or the memory bandwidth.
struct Roof {
  RoofKind Kind = RoofKind::Dram;
  /// The thesis' peak adjusted for the kernel's instruction mix.
  bool MixAdjusted = false;
  double Ms = 0;
};

/// What sets a finding's predicted time.
struct PredictedBy {
  enum class Kind {
    Unit,     ///< a unit's floor (Hopper)
    Estimate, ///< an estimate (Hopper)
    Roof,     ///< the roof itself (thesis)
    Fitted,   ///< the fitted model (its verdict is Hopper's)
  };
  Kind What = Kind::Roof;
  Unit U = Unit::Issue;
  Estimate E = Estimate::DramLatency;

  static PredictedBy of(const Limiter &L);
  /// The unit's or the estimate's key, "roof" or "fitted".
  std::string_view key() const;
  bool operator==(const PredictedBy &) const = default;
};

/// A unit and how busy it was: its work at its hardware peak over the
/// sampled (else measured) time, 0..1.
struct BusyUnit {
  Unit Id = Unit::Issue;
  double Share = 0;
};

/// Why the unit of the floor caps the kernel below its roof, where the
/// counters tell. Each is present only where it applies.
struct CapEvidence {
  /// L1/shared-memory wavefronts per FMA-pipe warp instruction.
  std::optional<double> WavefrontsPerFma;
  /// The capping level's bytes over DRAM's (L1 or L2 bandwidth).
  std::optional<double> TrafficOverDram;
  /// Constant-cache request cycles per issued warp instruction.
  std::optional<double> ConstantCyclesPerInstruction;
  /// The capping pipe's share of issued warp instructions (for issue
  /// itself: the FMA pipe's).
  std::optional<double> ShareOfIssued;
  /// How much more than an even share the busiest SM (or scheduler) does,
  /// where more than 1.1, with the smallest grid and the device's SMs.
  std::optional<double> Unevenness;
  bool PerScheduler = false;
};

/// The thesis model's view (4.13-4.18): what caps compute, and where the
/// kernel sits against the ridge.
struct MixEvidence {
  KernelType Type = KernelType::Fp32;
  /// O_krn, O_dev and their ratio (> 1 compute-bound).
  double OKrn = 0, ODev = 0, Margin = 0;
  /// T_op and T'_op, G operations per second; B_mem, GB/s.
  double TOp = 0, TOpEff = 0, BMem = 0;
  /// The attainable throughput, G operations per second.
  double AttainableGops = 0;
  /// Shares of issue slots: useful operations (E_instr), load/store and
  /// other instructions.
  double OpShare = 0, LdStShare = 0, OtherShare = 0;
  /// E_mix: the share of the peak the fp operations' mix allows.
  double EMix = 0;
};

/// The kernel on a --target device, by the model that projects it there.
struct TargetFinding {
  std::string Device;
  /// The target's generation: vendor and architecture ("NVIDIA Hopper"),
  /// or "" when its device file names neither.
  std::string Generation;
  ModelKind Model = ModelKind::Hopper;
  Regime Verdict = Regime::Compute;
  /// The regime the same model gives on the profiled device: what the
  /// verdict there is compared with (the finding's own verdict may be
  /// another model's).
  Regime HereVerdict = Regime::Compute;
  double FloorMs = 0, PredictedMs = 0;
  /// The kernel's time there: the measured time scaled by the ratio of the
  /// predictions (Hopper), the E_util-corrected prediction (thesis), else
  /// the prediction.
  double ProjectedMs = 0;
  PredictedBy SetBy;
  /// Whether PredictedMs is an estimate rather than a bound.
  bool Estimated = false;
  /// The thesis' E_util, where the projection is corrected by it.
  std::optional<double> EUtil;
  /// The thesis' ridge point there.
  std::optional<double> ODev;

  /// Whether the regime there differs from the one the same model gives on
  /// the profiled device.
  bool verdictChanges() const { return Verdict != HereVerdict; }
};

/// The thesis' roofline geometry of the kernel, which the roofline and
/// quadrant-split charts draw (thesis chapter 3), on the profiled device
/// and on every --target device.
struct ChartGeometry {
  Prediction Here;
  std::vector<Prediction> Targets;
  /// Ops per byte of L2 and of shared memory traffic, where recorded.
  LevelIntensities Levels;
};

/// One kernel's finding on one device. A value type.
struct KernelFinding {
  ModelKind Model = ModelKind::Hopper;
  std::string Device;
  Regime Verdict = Regime::Compute;
  /// Compute and memory both near their peaks (the ridge).
  bool Balanced = false;
  /// The modeled launches' measured time, where measured on Device.
  std::optional<double> MeasuredMs;
  /// The largest bound, which the hardware cannot beat.
  double FloorMs = 0;
  /// What the model predicts: the floor, an estimate or the fitted time.
  double PredictedMs = 0;
  PredictedBy SetBy;
  std::optional<Roof> RoofTime;
  /// The unit with the largest busy share, where the model counts units.
  std::optional<BusyUnit> Busiest;

  /// Evidence: each unit's bound (slowest floor first), the estimates and
  /// what the refinements saw (Hopper); why the prediction caps the kernel;
  /// the work of all modeled launches per unit; the causes of waiting.
  std::vector<UnitTime> Units;
  std::vector<EstimateTime> Estimates;
  std::optional<HopperEvidence> Refinements;
  CapEvidence Cap;
  std::array<double, NumUnits> Work{};
  std::vector<LatencyCause> Causes;
  /// Advice with its estimated gain: the what-ifs that apply (Hopper),
  /// the largest speedup first.
  std::vector<WhatIfEstimate> Advice;
  /// The thesis model's instruction mix and the per-component times.
  std::optional<MixEvidence> Mix;
  ComponentTimes Components;
  /// The smallest grid of the modeled launches and the device's SMs.
  std::uint64_t MinBlocks = 0;
  unsigned Sms = 0;

  /// The kernel on each --target device, in the order of orderTargets().
  std::vector<TargetFinding> Targets;
  /// The thesis' geometry for the charts; absent without a thesis
  /// prediction.
  std::optional<ChartGeometry> Chart;

  /// Measured over roof time: how far the kernel runs from the roofline.
  /// What the headline says and `lint --max-headroom` gates.
  std::optional<double> headroomToRoof() const;
  /// Measured over predicted time: how far it runs from what its
  /// bottleneck allows. What `lint --max-cap-headroom` gates.
  std::optional<double> headroomToCap() const;
  /// The headroom the warning states and `lint --max-headroom` gates: to
  /// the roof, or to the prediction where there is no roof.
  std::optional<double> headroom() const {
    std::optional<double> H = headroomToRoof();
    return H ? H : headroomToCap();
  }
  /// Whether the prediction is well above the roof (by 10%), so that the
  /// cap, not the roof, says what to change.
  bool capped() const;
  /// Whether PredictedMs is an estimate rather than a bound.
  bool estimated() const {
    return SetBy.What == PredictedBy::Kind::Estimate ||
           SetBy.What == PredictedBy::Kind::Fitted;
  }
  const UnitTime *unit(Unit U) const;
  const TargetFinding *target(const std::string &Name) const;
};

/// Orders a kernel's targets as every view lists them: grouped by
/// generation, the group of the fastest target first, and fastest first
/// within each group, so that the first target is the fastest of all.
void orderTargets(std::vector<TargetFinding> &Targets);

/// Why a kernel has no finding although it ran.
enum class NoFinding {
  /// No launch of it has counters.
  NoCounters,
  /// Its counters do not describe a kernel the model can predict.
  InvalidCounters,
};

} // namespace headroom

#endif // HEADROOM_ANALYSIS_KERNELFINDING_H
