//===- TextDiagnosticPrinter.h - Diagnostics, as clang ----------*- C++ -*-===//
///
/// \file
/// Renders diagnostics in clang's text format, `file:line:col: warning: ...
/// [check-name]` followed by its notes, so build logs, editors' problem
/// matchers and humans read them like compiler output. Colors follow clang's
/// (bold location, magenta warnings, red errors) and are off unless asked.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_TEXTDIAGNOSTICPRINTER_H
#define HEADROOM_VIEWS_TEXTDIAGNOSTICPRINTER_H

#include "analysis/Diagnostic.h"

#include <ostream>
#include <string_view>
#include <vector>

namespace headroom {

/// Prints \p Diags and their notes, then clang's summary ("2 warnings
/// generated.", "1 warning and 1 error generated.") when there are any. A
/// diagnostic without a location starts with \p Program, as clang's start
/// with "clang:" ("headroom lint: error: ...").
void printTextDiagnostics(const std::vector<Diagnostic> &Diags,
                          std::ostream &OS, bool Color,
                          std::string_view Program = "headroom");

} // namespace headroom

#endif // HEADROOM_VIEWS_TEXTDIAGNOSTICPRINTER_H
