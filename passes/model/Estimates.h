//===- Estimates.h - Estimates, not bounds ----------------------*- C++ -*-===//
///
/// \file
/// Besides each unit's floor (a bound the hardware cannot beat), the Hopper
/// model estimates a kernel's time where waiting, not a busy unit, sets it:
/// DRAM's latency over the bytes a launch keeps in flight, instruction
/// issue and the wait on loads partly overlapped, and the compute and
/// memory stages partly overlapped (docs/model.md). An estimate keeps no
/// unit busy and bounds nothing; the predicted time is the largest of the
/// floor and the estimates. This file names the estimates once, with their
/// keys in JSON, CSV and device files (`fitted_model`).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_ESTIMATES_H
#define HEADROOM_MODEL_ESTIMATES_H

#include <array>
#include <cstddef>
#include <string_view>

namespace headroom {

enum class Estimate {
  /// refinements/DramLatency.h
  DramLatency,
  /// refinements/IssueAndLoadLatency.h
  IssueAndLoadLatency,
  /// refinements/PartialOverlap.h
  PartialOverlap,
};
inline constexpr std::size_t NumEstimates =
    static_cast<std::size_t>(Estimate::PartialOverlap) + 1;

/// Every estimate, in the order of enum Estimate.
inline constexpr std::array<Estimate, NumEstimates> AllEstimates = {
    Estimate::DramLatency, Estimate::IssueAndLoadLatency,
    Estimate::PartialOverlap};

/// "dram_latency", "issue_load_latency", "partial_overlap".
std::string_view estimateKey(Estimate E);

/// One estimate of a kernel's time (all its modeled launches).
struct EstimateTime {
  Estimate Id = Estimate::DramLatency;
  double Ms = 0;
};

} // namespace headroom

#endif // HEADROOM_MODEL_ESTIMATES_H
