//===- Refinement.h - One refinement of the Hopper model --------*- C++ -*-===//
///
/// \file
/// The Hopper model starts from each unit's work at its calibrated rate (its
/// roof and, on the busiest SM or scheduler, its floor) and then runs its
/// refinements in a fixed order, as llvm-mca runs its stages. A refinement
/// is one class in its own file under model/refinements/, with its own test
/// file and its own section of docs/model.md. It declares what it reads
/// besides the unit times (counters, device measurements, facts of the
/// SASS), refines the times of one launch group (a unit's floor, the time
/// the estimates take a unit at, or an estimate of its own) and records
/// typed evidence (model/HopperEvidence.h). predictHopper loops over the
/// refinements; it knows none of them by name. docs/architecture.md says how
/// to add one.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_REFINEMENT_H
#define HEADROOM_MODEL_REFINEMENT_H

#include "model/Estimates.h"
#include "model/GpuUnits.h"
#include "model/Parallelism.h"
#include "schema/CounterCatalog.h"

#include <array>
#include <optional>
#include <span>
#include <string_view>

namespace headroom {

struct LaunchGroup;
struct UnitRates;
struct HopperEvidence;
struct HopperPrediction;

enum class RefinementId {
  ColdLaunchDramFloor,
  L2WriteRequests,
  L2FabricSectors,
  OneWordAtomics,
  BarrierWaits,
  DramLatency,
  LoadRounds,
  IssueAndLoadLatency,
  PartialOverlap,
};
inline constexpr std::size_t NumRefinements =
    static_cast<std::size_t>(RefinementId::PartialOverlap) + 1;

/// What a kernel's SASS says that no counter does (model/StaticFacts.h).
enum class StaticFact {
  GlobalLoadsPerRound,
  OneWordFp32AtomicShare,
  IndirectGlobalLoadShare
};

/// "global_loads_per_round", "one_word_fp32_atomic_share",
/// "indirect_global_load_share".
std::string_view staticFactKey(StaticFact F);

/// What a refinement is and what it reads besides the unit times.
struct RefinementInfo {
  RefinementId Id;
  /// Its key in JSON ("dram_latency", ...).
  std::string_view Key;
  /// The heading of its section in docs/model.md.
  std::string_view DocSection;
  /// Counters it reads (their catalog entries), fields of the device file
  /// (a measurement's name, or an identity field's path) and static facts;
  /// it applies only where they are there.
  std::span<const Counter> Counters = {};
  std::span<const std::string_view> DeviceFields = {};
  std::span<const StaticFact> Facts = {};
};

/// One launch group on its way through the model: each unit's time, which
/// refinements adjust, and the waits and estimates they add.
struct GroupTimes {
  const LaunchGroup &Group;
  const UnitRates &Rates;
  /// How much more than an even share the busiest SM and scheduler do.
  BusiestShare Share;
  /// Each unit's bound, where it has work and a rate.
  std::array<std::optional<UnitTime>, NumUnits> Units{};
  /// Each unit's time as the estimates take it (0 without work): its
  /// floor, unless a refinement knows that the usual rate is slower than
  /// the fastest one that bounds it.
  std::array<double, NumUnits> ExpectedMs{};
  /// Warps resident on the whole GPU at a time (achieved occupancy; 0 when
  /// not recorded).
  double ResidentWarps = 0;
  /// What a launch's warps wait on their loads, in seconds per launch,
  /// where DRAM's latency is modeled (nullopt elsewhere).
  std::optional<double> WaitSeconds;
  /// The estimates of the group's time (all its launches).
  std::array<std::optional<double>, NumEstimates> EstimateMs{};

  GroupTimes(const LaunchGroup &G, const UnitRates &R);

  /// The floor of unit \p U, where it has one.
  std::optional<double> floorMs(Unit U) const;
};

/// \p Amount of unit \p Id's work at \p PerSecond for the whole GPU, as the
/// busiest SM or scheduler of a launch with \p Share does it.
UnitTime unitTimeAt(Unit Id, double Amount, double PerSecond,
                    const UnitRates &R, const BusiestShare &Share);

/// The base of every refinement. Refinements are constant objects of the
/// pipeline (refinements()), never copied.
class Refinement {
public:
  explicit constexpr Refinement(const RefinementInfo &Info) : Facts(Info) {}
  Refinement(const Refinement &) = delete;
  Refinement &operator=(const Refinement &) = delete;
  virtual ~Refinement() = default;

  const RefinementInfo &info() const { return Facts; }

  /// Refines the times of one launch group and adds its evidence to \p E
  /// (over the groups); returns whether it applied (its inputs were there).
  virtual bool apply(GroupTimes &T, HopperEvidence &E) const = 0;
  /// Adjusts the kernel's prediction once every group is in.
  virtual void finish(HopperPrediction &) const {}

private:
  const RefinementInfo &Facts;
};

/// The refinements, in the order they apply.
std::span<const Refinement *const> refinements();
const Refinement &refinement(RefinementId Id);

} // namespace headroom

#endif // HEADROOM_MODEL_REFINEMENT_H
