//===- KernelCounters.h - One kernel's profiled counters --------*- C++ -*-===//
///
/// \file
/// The counters of one kernel as the model consumes them: the nine inputs of
/// thesis table 4.1 summed over the modeled launches, the launch count, the
/// measured time of those launches if known, and every other catalog counter
/// that was recorded (carried for notes and later refinements).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_KERNELCOUNTERS_H
#define HEADROOM_MODEL_KERNELCOUNTERS_H

#include "schema/CounterCatalog.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace headroom {

/// A value type; all counts are totals over `Launches` launches.
struct KernelCounters {
  std::string Name;
  /// How many launches the totals cover (at least 1).
  std::uint64_t Launches = 1;
  /// M_fma32 ... M_tran_w, indexed by Counter, summed over the launches.
  std::array<double, NumModelCounters> Inputs{};
  /// Total measured time of the `Launches` launches on the GPU where the
  /// counters were collected (the reference GPU), if known.
  std::optional<double> MeasuredMs;
  /// Other catalog counters: totals for Aggregation::Sum counters, means
  /// over launches for Aggregation::Average ones, in the Hopper unit.
  std::map<Counter, double> Carried;
  /// Counters the catalog does not know, as given (not scaled by launches).
  std::map<std::string, double> Unrecognized;

  /// The total of model input \p C.
  double input(Counter C) const { return Inputs[static_cast<std::size_t>(C)]; }
  void setInput(Counter C, double Total) {
    Inputs[static_cast<std::size_t>(C)] = Total;
  }
};

} // namespace headroom

#endif // HEADROOM_MODEL_KERNELCOUNTERS_H
