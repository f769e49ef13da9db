//===- ValidateArgs.h - headroom validate's options -------------*- C++ -*-===//
///
/// \file
/// The command line of `headroom validate` (docs/cli.md): the recording,
/// its device, where counters come from, the recording to project from;
/// and the ValidationRequest they make. The output format is the tool's,
/// which knows the views.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_VALIDATEARGS_H
#define HEADROOM_ANALYSIS_VALIDATEARGS_H

#include "analysis/Validation.h"
#include "support/CommandLine.h"

namespace headroom {

/// validate's help and options, all but --format.
CommandLine validateCommandLine();

/// The request for validate's options \p P, or the usage error: not one
/// recording, no --device, an unknown --counters, --from without
/// --from-device or the other way round.
Expected<ValidationRequest> validationRequest(const ParsedArgs &P);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_VALIDATEARGS_H
