//===- AnalysisArgs.h - Arguments report and lint share ---------*- C++ -*-===//
///
/// \file
/// `headroom report` and `headroom lint` analyze the same inputs (a profile
/// and the device it ran on, the sources it names) and write their result
/// the same way (a format, a file or stdout, colors on a terminal); the
/// options, their checks and the output handling live here once.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_TOOL_ANALYSISARGS_H
#define HEADROOM_TOOL_ANALYSISARGS_H

#include "support/CommandLine.h"

#include "checks/Report.h"

#include <fstream>
#include <memory>
#include <ostream>
#include <string>

namespace headroom {

/// Adds --profile and --device (-p, -d).
void addAnalysisInputs(CommandLine &Cmd);

/// Adds --format (FormatHelp lists the formats), --output (-o; What is what
/// is written: "report", "findings"), --source-root, --no-source-check,
/// --optimistic-int, --color and --no-color.
void addAnalysisOutputs(CommandLine &Cmd, const std::string &FormatHelp,
                        const std::string &What);

/// The request for loadAnalysis, or the usage error of `headroom Command`:
/// an unexpected argument, or --profile or --device missing.
Expected<ReportRequest> analysisRequest(const ParsedArgs &P,
                                        const std::string &Command);

/// --format, or the usage error naming Formats (e.g. {"text", "json"}).
Expected<std::string> analysisFormat(const ParsedArgs &P,
                                     const std::string &Command,
                                     const std::vector<std::string> &Formats);

/// Whether text diagnostics are colored: --color, or stdout being a
/// terminal without --output, --no-color or NO_COLOR.
bool colorWanted(const ParsedArgs &P);

/// Where the result goes: the --output file, opened into File, or stdout;
/// null after an error line naming the file that cannot be written.
std::ostream *openAnalysisOutput(const ParsedArgs &P, std::ofstream &File,
                                 const std::string &What);

/// Flushes OS; false after an error line when the result could not all be
/// written.
bool finishAnalysisOutput(std::ostream &OS, const ParsedArgs &P,
                          const std::string &What);

/// Keeps the analysis alive, never destroyed, as the process ends: like
/// clang's -disable-free, the analysis of a large profile (hundreds of
/// thousands of allocations) is not taken apart piece by piece. It stays
/// reachable, so leak checkers do not report it.
void keepUntilExit(std::unique_ptr<Analysis> A);

} // namespace headroom

#endif // HEADROOM_TOOL_ANALYSISARGS_H
