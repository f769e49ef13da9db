//===- WhatIf.h - An optimization's change to a kernel's work ---*- C++ -*-===//
///
/// \file
/// Advice is worth what it buys. A what-if changes a kernel's measured work
/// (its launch groups' unit work and counters) as one optimization would,
/// where the counters show the inefficiency it removes, and the same Hopper
/// model runs again on the result: the ratio of the two predicted times is
/// the estimated speedup, which scales the measured time as the projections
/// onto other GPUs do. Each what-if is one class in its own file under
/// model/whatifs/, with its own test and its own section of
/// docs/advice.md; whatIfs() lists them and estimateWhatIfs() runs them.
/// Numbers only: checks word them.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_WHATIF_H
#define HEADROOM_MODEL_WHATIF_H

#include "model/HopperModel.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

enum class WhatIfId {
  RegisterTiling,
  BankConflicts,
  VectorAccess,
  Coalesce,
  FillGpu,
  Occupancy,
  LoadsInFlight,
  AggregateAtomics,
  Fp32Math,
  FuseKernels,
};

/// What a what-if changes, in the measure a developer knows it by.
enum class WhatIfMeasure {
  /// L1/shared-memory wavefronts per FMA-pipe warp instruction.
  WavefrontsPerFma,
  /// Shared-memory wavefronts per shared-memory instruction.
  WavefrontsPerSharedInstruction,
  /// Bytes each thread's global load reads.
  BytesPerThreadLoad,
  /// 32-byte sectors per global load or store instruction.
  SectorsPerGlobalAccess,
  /// Blocks per launch.
  Blocks,
  /// Resident warps per scheduler.
  WarpsPerScheduler,
  /// Global loads a warp keeps in flight.
  LoadsInFlight,
  /// L2 atomics per warp instruction.
  AtomicsPerWarpInstruction,
  /// FP64-pipe instructions per issued instruction.
  Fp64IssueShare,
  /// Bytes a launch's global loads read.
  LoadBytesPerLaunch,
};

/// A what-if's key (in JSON and in the advice's flag) and its section of
/// docs/advice.md.
struct WhatIfInfo {
  WhatIfId Id;
  std::string_view Key;
  std::string_view DocSection;
};

/// The kernel's launch groups as the optimization would leave them, and
/// the measure it changes.
struct WhatIfChange {
  std::vector<LaunchGroup> Groups;
  WhatIfMeasure Measure = WhatIfMeasure::WavefrontsPerFma;
  double Before = 0, After = 0;
  /// The other kernel the change involves (the one fused with), if any.
  std::string OtherKernel;
  /// That kernel's launches whose work Groups now do as well: their own
  /// predicted time is that kernel's, not this one's, and comes off.
  std::vector<LaunchGroup> Absorbed;
};

/// The base of every what-if: constant objects (whatIfs()), never copied.
class WhatIf {
public:
  explicit constexpr WhatIf(const WhatIfInfo &Info) : Facts(Info) {}
  WhatIf(const WhatIf &) = delete;
  WhatIf &operator=(const WhatIf &) = delete;
  virtual ~WhatIf() = default;

  const WhatIfInfo &info() const { return Facts; }

  /// \p Groups changed as the optimization would change them, where its
  /// precondition holds on them and on \p Base, their prediction on a
  /// device with rates \p R; nullopt elsewhere.
  virtual std::optional<WhatIfChange> apply(std::span<const LaunchGroup> Groups,
                                            const HopperPrediction &Base,
                                            const UnitRates &R) const = 0;

private:
  const WhatIfInfo &Facts;
};

/// Every what-if.
std::span<const WhatIf *const> whatIfs();
const WhatIfInfo &whatIfInfo(WhatIfId Id);
/// The what-if whose key is \p Key, if any.
std::optional<WhatIfId> whatIfByKey(std::string_view Key);
/// "wavefronts_per_fma", "wavefronts_per_shared_instruction",
/// "bytes_per_thread_load", "sectors_per_global_access", ...
std::string_view whatIfMeasureKey(WhatIfMeasure M);

/// Estimated speedups under which a what-if is not offered.
inline constexpr double MinWhatIfSpeedup = 1.05;

/// One what-if's estimate for a kernel. A value type.
struct WhatIfEstimate {
  WhatIfId Id = WhatIfId::RegisterTiling;
  WhatIfMeasure Measure = WhatIfMeasure::WavefrontsPerFma;
  double Before = 0, After = 0;
  /// The other kernel the change involves (the one fused with), if any.
  std::string OtherKernel;
  /// The model's predicted time of the kernel as it is and as changed.
  double PredictedMs = 0, ChangedMs = 0;

  double speedup() const { return ChangedMs > 0 ? PredictedMs / ChangedMs : 1; }
};

/// The what-ifs that apply to \p Groups on a device with rates \p R and
/// gain at least MinWhatIfSpeedup, the largest speedup first.
std::vector<WhatIfEstimate> estimateWhatIfs(std::span<const LaunchGroup> Groups,
                                            const UnitRates &R);

/// What a what-if needs of a group's counters: \p G's total of \p C, 0 when
/// not recorded.
double recorded(const LaunchGroup &G, Counter C);
/// \p G's active threads per warp instruction: a full warp where not
/// recorded.
double threadsPerInstruction(const LaunchGroup &G);
/// The bytes each active thread's global load reads, were the loads
/// coalesced: the sectors they asked of L1 over the threads' loads; nullopt
/// without global load counters.
std::optional<double> loadBytesPerThread(const LaunchGroup &G);
/// Sets \p G's work on \p U to \p Amount, and the counter it comes from.
void setUnitWork(LaunchGroup &G, Unit U, double Amount);
/// Sets \p G's counter \p C to \p Value.
void setCounter(LaunchGroup &G, Counter C, double Value);
/// Sets the bytes \p G reads from and writes to DRAM, with the DRAM unit's
/// work (where recorded) and the sector counters they come from.
void setDramBytes(LaunchGroup &G, double Read, double Write);

} // namespace headroom

#endif // HEADROOM_MODEL_WHATIF_H
