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
#include "views/View.h"

#include <fstream>
#include <memory>
#include <ostream>
#include <string>

namespace headroom {

/// Adds --profile and --device (-p, -d).
void addAnalysisInputs(CommandLine &Cmd);

/// Adds --format (FormatHelp lists the formats), --output (-o; What is what
/// is written: "report", "findings"), --source-root, --no-source-check,
/// --model, --optimistic-int, --group-by, --sass, --color and --no-color.
void addAnalysisOutputs(CommandLine &Cmd, const std::string &FormatHelp,
                        const std::string &What);

/// The request for loadAnalysis, or the usage error of `headroom Command`:
/// an unexpected argument, --profile missing or a bad --model or
/// --group-by.
Expected<ReportRequest> analysisRequest(const ParsedArgs &P,
                                        const std::string &Command);

/// The view --format names among \p Views (text by default), or the usage
/// error that lists them.
template <typename Document>
Expected<const View<Document> *>
viewOption(const ParsedArgs &P,
           const std::vector<const View<Document> *> &Views) {
  std::string Format = P.get("format").value_or("text");
  if (const View<Document> *V = findView(Views, Format))
    return V;
  return Error("--format: expected " + formatList(Views) + ", got '" + Format +
               "'");
}

/// The options of the views: colors (colorWanted) and the tool's version.
ViewOptions viewOptions(const ParsedArgs &P);

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

/// Writes \p Doc with \p V where --output says (stdout by default); false
/// after an error line when the \p What could not be written.
template <typename Document>
bool writeView(const View<Document> &V, const Document &Doc,
               const ParsedArgs &P, const std::string &What) {
  std::ofstream File;
  std::ostream *OS = openAnalysisOutput(P, File, What);
  if (!OS)
    return false;
  V.write(*OS, Doc, viewOptions(P));
  return finishAnalysisOutput(*OS, P, What);
}

/// Keeps the analysis alive, never destroyed, as the process ends: like
/// clang's -disable-free, the analysis of a large profile (hundreds of
/// thousands of allocations) is not taken apart piece by piece. It stays
/// reachable, so leak checkers do not report it.
void keepUntilExit(std::unique_ptr<Analysis> A);

} // namespace headroom

#endif // HEADROOM_TOOL_ANALYSISARGS_H
