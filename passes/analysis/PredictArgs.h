//===- PredictArgs.h - headroom predict's options ---------------*- C++ -*-===//
///
/// \file
/// The command line of `headroom predict` (docs/cli.md): the counters file,
/// the devices, the reference device with its measured times, the model's
/// variant; and the PredictFiles request they make. The output format is
/// the tool's, which knows the views.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_PREDICTARGS_H
#define HEADROOM_ANALYSIS_PREDICTARGS_H

#include "analysis/PredictionSet.h"
#include "support/CommandLine.h"

namespace headroom {

/// predict's help and options, all but --format.
CommandLine predictCommandLine();

/// The request for predict's options \p P, or the usage error: no
/// --counters, no device, a --measured-ms that is not a positive number.
Expected<PredictFiles> predictRequest(const ParsedArgs &P);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_PREDICTARGS_H
