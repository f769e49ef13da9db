//===- Checks.h - The stable names of Headroom's diagnostics ----*- C++ -*-===//
///
/// \file
/// Every diagnostic `headroom report` and `headroom lint` emit carries one of
/// these names (`[headroom-memory-bound]`). The table is the one place that
/// defines them: the diagnostics builders use the constants, SARIF writes the
/// table as its rules, and docs/diagnostics.md documents each entry (a unit
/// test checks that the doc has a section for every name).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_REPORT_CHECKS_H
#define HEADROOM_REPORT_CHECKS_H

#include "report/Diagnostic.h"

#include <span>
#include <string_view>

namespace headroom {

/// One check: its stable name, the level it is reported at by default, and
/// the one-line summary and advice that SARIF rules carry.
struct CheckInfo {
  std::string_view Name;
  DiagnosticLevel Level;
  std::string_view Summary;
  std::string_view Help;
};

namespace checks {
inline constexpr std::string_view MemoryBound = "headroom-memory-bound";
inline constexpr std::string_view ComputeBound = "headroom-compute-bound";
inline constexpr std::string_view NoCounters = "headroom-no-counters";
inline constexpr std::string_view InvalidCounters = "headroom-invalid-counters";
inline constexpr std::string_view LowParallelism = "headroom-low-parallelism";
inline constexpr std::string_view ShortLaunches = "headroom-short-launches";
inline constexpr std::string_view L2Bound = "headroom-l2-bound";
inline constexpr std::string_view SharedMemoryBound =
    "headroom-shared-memory-bound";
inline constexpr std::string_view Divergence = "headroom-divergence";
inline constexpr std::string_view IntegerHeavy = "headroom-integer-heavy";
inline constexpr std::string_view PartialCounters = "headroom-partial-counters";
inline constexpr std::string_view BoundChanges = "headroom-bound-changes";
inline constexpr std::string_view SitesChanged = "headroom-sites-changed";
inline constexpr std::string_view DeviceMismatch = "headroom-device-mismatch";
inline constexpr std::string_view EmptyProfile = "headroom-empty-profile";
inline constexpr std::string_view HighHeadroom = "headroom-high-headroom";
inline constexpr std::string_view Regression = "headroom-regression";
inline constexpr std::string_view BaselineMismatch =
    "headroom-baseline-mismatch";
} // namespace checks

/// Every check, in the order docs/diagnostics.md documents them.
std::span<const CheckInfo> checkCatalog();

/// The entry for \p Name, or null.
const CheckInfo *findCheck(std::string_view Name);

} // namespace headroom

#endif // HEADROOM_REPORT_CHECKS_H
