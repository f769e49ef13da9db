//===- LintArgs.h - headroom lint's own options -----------------*- C++ -*-===//
///
/// \file
/// The options of `headroom lint` that say what the gate judges against
/// (docs/lint.md): the headroom thresholds, the baseline with its noise
/// margin, and the baseline to write; and the LintRequest they make. The
/// inputs and outputs lint shares with `headroom report` are the tool's.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_LINTARGS_H
#define HEADROOM_CHECKS_LINTARGS_H

#include "checks/Lint.h"
#include "support/CommandLine.h"

namespace headroom {

/// Adds --max-headroom, --min-attainable-pct, --baseline, --noise-pct and
/// --write-baseline.
void addLintOptions(CommandLine &Cmd);

/// The gate's request for lint's options \p P and the analysis inputs
/// \p Inputs, or the usage error ("--max-headroom: ...").
Expected<LintRequest> lintRequest(const ParsedArgs &P, ReportRequest Inputs);

} // namespace headroom

#endif // HEADROOM_CHECKS_LINTARGS_H
