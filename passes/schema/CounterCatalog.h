//===- CounterCatalog.h - The one table of kernel counters ------*- C++ -*-===//
///
/// \file
/// The single metric catalog of Headroom: every kernel counter the model reads
/// or carries, with its model symbol (thesis table 4.1), its legacy nvprof name
/// (what the thesis collected), its CUPTI metric name on Hopper (what the
/// runtime collects), its unit and a description. Readers of the counters file
/// and of profiles, the model and the docs all go through this table, so a
/// counter has exactly one spelling per naming scheme.
///
/// The table is plain constant data with no dependencies beyond the standard
/// library, so the runtime can use it for its profile keys.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SCHEMA_COUNTERCATALOG_H
#define HEADROOM_SCHEMA_COUNTERCATALOG_H

#include <cstddef>
#include <span>
#include <string_view>

namespace headroom {

/// Every counter in the catalog. The first nine are the model inputs of
/// thesis table 4.1, in its order; the rest are recorded for notes and later
/// refinements.
enum class Counter {
  // Model inputs (thesis table 4.1).
  Fma32,     ///< M_fma32
  Fma64,     ///< M_fma64
  LdSt,      ///< M_ldst
  Inst,      ///< M_inst
  Fp32,      ///< M_fp32
  Fp64,      ///< M_fp64
  Int,       ///< M_int
  TranRead,  ///< M_tran_r
  TranWrite, ///< M_tran_w
  // Carried, not required by the model.
  DurationNs,
  DramBytesRead,
  DramBytesWrite,
  L2Bytes,
  L2SectorsRead,
  L2SectorsWrite,
  L1Bytes,
  ThreadInst,
  Fp16,
  HalfFma,
  HalfAdd,
  HalfMul,
  SharedLoadInst,
  SharedStoreInst,
  SharedLoadWavefronts,
  SharedStoreWavefronts,
  SharedLoadBankConflicts,
  SharedStoreBankConflicts,
  XuPipeInst,
  TensorPipeInst,
  AchievedOccupancyPct,
  ThreadsPerInst,
  // Inputs of the Hopper model (docs/model.md): work per pipe and level.
  FmaPipeInst,
  FmaHeavyPipeInst,
  AluPipeInst,
  Fp64PipeInst,
  LsuPipeInst,
  AduPipeInst,
  TensorPipeCycles,
  L1Wavefronts,
  L2Requests,
  ConstantCacheCycles,
  L2AtomicCyclesBusiest,
  // What a warp's global loads wait on (the Hopper model's load rounds).
  GlobalLoadInst,
  L1GlobalLoadSectors,
  // What global stores ask of L1 (coalescing, model/whatifs/Coalesce.h).
  GlobalStoreInst,
  L1GlobalStoreSectors,
  // Atomic instructions (warp-aggregated atomics, model/whatifs/
  // AggregateAtomics.h).
  GlobalReductionInst,
  AtomicInst,
  // Why warps wait (latency-bound kernels).
  StallLongScoreboard,
  StallShortScoreboard,
  StallWait,
  StallBarrier,
  // Every warp-cycle per issued instruction: what the stall reasons are
  // shares of.
  WarpLatency,
};

/// The number of model inputs: Counter values below this are M_ symbols.
constexpr std::size_t NumModelCounters = 9;

/// How many counters the catalog has.
constexpr std::size_t NumCounters =
    static_cast<std::size_t>(Counter::WarpLatency) + 1;

/// How values of one counter combine over launches.
enum class Aggregation {
  Sum,    ///< A count, bytes or a duration: totals add up over launches.
  Average ///< A percentage or ratio: the value over launches is a mean.
};

/// One row of the catalog.
struct CounterInfo {
  Counter Id;
  /// The model symbol, e.g. "M_fma32"; for carried counters a short name
  /// used in docs, e.g. "t_kernel".
  std::string_view Symbol;
  /// The nvprof metric name (thesis era); empty when nvprof had no
  /// equivalent with a convertible unit.
  std::string_view LegacyName;
  /// The CUPTI metric name on Hopper (CUDA 13); the canonical key.
  std::string_view HopperName;
  /// The unit of the Hopper metric.
  std::string_view Unit;
  std::string_view Description;
  Aggregation Combine;
  /// Multiply a value given under LegacyName by this to get the Hopper unit
  /// (nvprof's achieved_occupancy is a fraction, Hopper's is a percentage).
  double LegacyScale;
};

/// The whole catalog, model inputs first, in the order of `Counter`.
std::span<const CounterInfo> counterCatalog();

/// The catalog row of \p C.
const CounterInfo &counterInfo(Counter C);

/// True for the nine model inputs of thesis table 4.1.
constexpr bool isModelInput(Counter C) {
  return static_cast<std::size_t>(C) < NumModelCounters;
}

/// Which of a counter's names a key matched.
enum class CounterNameKind { Symbol, Legacy, Hopper };

/// The result of looking a key up in the catalog.
struct CounterMatch {
  const CounterInfo *Info = nullptr;
  CounterNameKind Kind = CounterNameKind::Hopper;
  explicit operator bool() const { return Info != nullptr; }
};

/// Finds the counter that \p Name names: its model symbol (case-sensitive,
/// "M_tran_r" and the thesis spelling "M_tran-r" both work), its nvprof name
/// or its Hopper name. Returns an empty match for an unknown name.
CounterMatch findCounter(std::string_view Name);

} // namespace headroom

#endif // HEADROOM_SCHEMA_COUNTERCATALOG_H
