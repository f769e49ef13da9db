//===- GpuUnits.h - The units that bound a kernel's time --------*- C++ -*-===//
///
/// \file
/// The Hopper model (docs/model.md, "The Hopper model") bounds a kernel's
/// time by every unit of the GPU that its work passes through: the
/// instruction issue of each scheduler, each execution pipe, the L1/shared
/// data path, the L2 (bytes, requests and atomics) and DRAM. A unit's time is
/// the kernel's work on it over the unit's calibrated rate; the slowest unit is
/// the bottleneck (Zhang & Owens 2011), and no unit's time can exceed the
/// kernel's own. This file names the units once: their keys in JSON and CSV,
/// and what kind of limit each one is.
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
};
inline constexpr std::size_t NumUnits =
    static_cast<std::size_t>(Unit::Dram) + 1;

/// Compute units execute instructions; memory units move data. (What a
/// kernel waits keeps no unit busy: the model estimates it apart,
/// model/Estimates.h.)
enum class UnitKind { Compute, Memory };

/// Where a unit sits, which decides how a small grid uses it: one per
/// scheduler (4 per SM on Hopper), one per SM, or one for the whole GPU.
enum class UnitScope { Scheduler, Sm, Gpu };

struct UnitInfo {
  Unit Id;
  /// JSON/CSV key, e.g. "fma" (checks/Vocabulary.h names it in messages).
  std::string_view Key;
  UnitKind Kind;
  UnitScope Scope;
};

/// One unit's time for some launches.
struct UnitTime {
  Unit Id = Unit::Issue;
  /// The work at the rate of the whole GPU.
  double RoofMs = 0;
  /// The work of the busiest SM or scheduler at its rate (>= RoofMs).
  double FloorMs = 0;
  /// The work at the unit's hardware peak (UnitRates::busyRate; <= RoofMs):
  /// over the measured time, how busy the unit was.
  double BusyMs = 0;
};

/// Every unit, in the order of enum Unit.
const std::array<UnitInfo, NumUnits> &unitInfos();
const UnitInfo &unitInfo(Unit U);

} // namespace headroom

#endif // HEADROOM_MODEL_GPUUNITS_H
