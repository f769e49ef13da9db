//===- GpuUnits.h - The units of a GPU that bound a kernel's ----*- C++ -*-===//
///
/// \file
/// The Hopper model (docs/model.md, "The Hopper model") bounds a kernel's
/// time by every unit of the GPU that its work passes through: the
/// instruction issue of each scheduler, each execution pipe, the L1/shared
/// data path, the L2 (bytes and requests) and DRAM, and DRAM's latency over
/// the bytes the kernel keeps in flight. A unit's time is the kernel's work
/// on it over the unit's calibrated rate; the slowest unit is
/// the bottleneck (Zhang & Owens 2011), and no unit's time can exceed the
/// kernel's own. This file names the units once: their keys in JSON and CSV,
/// their names in messages, and what kind of limit each one is.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_GPUUNITS_H
#define HEADROOM_MODEL_GPUUNITS_H

#include <array>
#include <cstddef>
#include <string_view>

namespace headroom {

enum class Unit {
  Issue,
  FmaPipe,
  FmaHeavyPipe,
  AluPipe,
  Fp64Pipe,
  XuPipe,
  LsuPipe,
  AduPipe,
  TensorPipe,
  ConstantCache,
  L1Wavefronts,
  L1Bytes,
  L2Bytes,
  L2Requests,
  L2Atomics,
  Dram,
  /// Not units that get busy: DRAM's latency over the bytes a launch keeps
  /// in flight, instruction issue and load latency (DRAM's, or the load
  /// rounds') partly overlapped (model/DramLatency.h, model/LoadRounds.h),
  /// and the compute and memory stages partly overlapped
  /// (model/PartialOverlap.h).
  DramLatency,
  IssueAndDramLatency,
  PartialOverlap,
};
inline constexpr std::size_t NumUnits =
    static_cast<std::size_t>(Unit::PartialOverlap) + 1;

/// Compute units execute instructions; memory units move data; an estimate
/// (a latency, units that overlap only in part) is time a kernel waits,
/// which keeps no unit busy: it predicts a time but bounds nothing
/// (docs/model.md).
enum class UnitKind { Compute, Memory, Estimate };

/// Where a unit sits, which decides how a small grid uses it: one per
/// scheduler (4 per SM on Hopper), one per SM, or one for the whole GPU.
enum class UnitScope { Scheduler, Sm, Gpu };

struct UnitInfo {
  Unit Id;
  /// JSON/CSV key, e.g. "fma".
  std::string_view Key;
  /// For messages, e.g. "FMA pipe".
  std::string_view Name;
  UnitKind Kind;
  UnitScope Scope;
};

/// Every unit, in the order of enum Unit.
const std::array<UnitInfo, NumUnits> &unitInfos();
const UnitInfo &unitInfo(Unit U);

} // namespace headroom

#endif // HEADROOM_MODEL_GPUUNITS_H
