//===- StallReasons.h - The words for warp-stall reasons --------*- C++ -*-===//
///
/// \file
/// A stall reason of CUPTI's PC sampling (analysis/StallLines.h keeps them
/// by CUPTI's name: `long_scoreboard`, `barrier`, ...) in words: the label
/// Nsight Compute gives it, what a warp sampled with it was doing, and
/// what to try where it dominates. The one place where stall reasons get
/// English; docs/diagnostics.md#stall-reasons documents each (a unit test
/// checks that every reason here has its entry there).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_STALLREASONS_H
#define HEADROOM_CHECKS_STALLREASONS_H

#include <span>
#include <string>
#include <string_view>

namespace headroom {

/// One stall reason in words.
struct StallReasonWords {
  /// CUPTI's name without the `smsp__pcsamp_warps_issue_stalled_` prefix.
  std::string_view Name;
  /// Nsight Compute's label: "long scoreboard".
  std::string_view Label;
  /// What the sampled warp was doing, to follow "its warps are most often":
  /// "waiting on a global, local or texture load".
  std::string_view Doing;
  /// What to try where the reason dominates, to follow "to try:".
  std::string_view Try;
};

/// Every reason this version knows, in the order of docs/diagnostics.md.
std::span<const StallReasonWords> stallReasons();

/// The words of \p Name; for a reason this version does not know (a later
/// CUPTI's), its name as the label (a view of \p Name), "stalled" for
/// what the warp was doing and a generic advice.
StallReasonWords stallReasonWords(std::string_view Name);

/// "waiting on a global, local or texture load (long scoreboard)": what a
/// warp sampled with \p Name was doing, and the reason's label.
std::string stallReasonPhrase(std::string_view Name);

} // namespace headroom

#endif // HEADROOM_CHECKS_STALLREASONS_H
