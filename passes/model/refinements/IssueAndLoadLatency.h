//===- IssueAndLoadLatency.h - Issue and the waits, overlapped --*- C++ -*-===//
///
/// \file
/// While a warp waits on its loads, other warps issue, but with few of them
/// resident, or each waiting often, the scheduler runs out of warps to
/// issue from: instruction issue and the wait on loads overlap only partly.
/// The estimate adds the group's instruction issue floor and its wait (one
/// unloaded DRAM latency per turn of resident warps, refinements/
/// DramLatency.h, or the load rounds where longer, refinements/
/// LoadRounds.h) in a norm, (issue^p + wait^p)^(1/p). It is an estimate of
/// the time, never a bound (docs/model.md, "Instruction issue and load
/// latency, partly overlapped").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_REFINEMENTS_ISSUEANDLOADLATENCY_H
#define HEADROOM_MODEL_REFINEMENTS_ISSUEANDLOADLATENCY_H

#include "model/Refinement.h"

namespace headroom {

/// The exponent of the norm that adds instruction issue and the wait: 1
/// would be no overlap (a warp issues nothing while it waits, and no other
/// warp fills in), infinity full overlap (the larger alone). 1.25 minimizes
/// the squared relative error of the instructive families of the validation
/// corpus (stream, intensity, special, memlevels) on both the H100 and the
/// H200; on the other families it lowered the median error from 14.4% to
/// 13.2% (H100) and from 15.9% to 13.2% (H200) (docs/perf/accuracy.md).
inline constexpr double IssueLatencyNorm = 1.25;

/// Instruction issue (\p Issue) and the wait (\p Wait), in the same unit,
/// partly overlapped: (Issue^p + Wait^p)^(1/p), p = IssueLatencyNorm.
double partlyOverlapped(double Issue, double Wait);

/// The two parts of the estimate, summed over the launch groups. A value
/// type.
struct IssueAndWaitEvidence {
  double IssueMs = 0, WaitMs = 0;
};

const Refinement &issueAndLoadLatency();

} // namespace headroom

#endif // HEADROOM_MODEL_REFINEMENTS_ISSUEANDLOADLATENCY_H
