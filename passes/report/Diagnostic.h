//===- Diagnostic.h - A compiler-style diagnostic ---------------*- C++ -*-===//
///
/// \file
/// One finding as a compiler would report it: a level, a source location, a
/// message, the stable name of the check that produced it, and attached
/// notes. Views (text, and later JSON and SARIF) render lists of these.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_REPORT_DIAGNOSTIC_H
#define HEADROOM_REPORT_DIAGNOSTIC_H

#include "report/Profile.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom {

enum class DiagnosticLevel { Note, Remark, Warning, Error };

/// "note", "remark", "warning" or "error".
const char *diagnosticLevelName(DiagnosticLevel L);

struct Diagnostic {
  DiagnosticLevel Level = DiagnosticLevel::Warning;
  /// Absent for findings with no place in the source (library kernels).
  std::optional<SourceLocation> Location;
  std::string Message;
  /// The stable check name, e.g. "headroom-memory-bound"; empty for notes.
  std::string Check;
  std::vector<Diagnostic> Notes;
};

} // namespace headroom

#endif // HEADROOM_REPORT_DIAGNOSTIC_H
