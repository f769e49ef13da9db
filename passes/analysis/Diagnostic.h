//===- Diagnostic.h - A compiler-style diagnostic ---------------*- C++ -*-===//
///
/// \file
/// One finding as a compiler would report it: a level, a source location, a
/// message, the stable name of the check that produced it, and attached
/// notes. Views (text, JSON, SARIF, HTML) render lists of these.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_DIAGNOSTIC_H
#define HEADROOM_ANALYSIS_DIAGNOSTIC_H

#include "schema/SourceLocation.h"

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
  /// The stable check name, e.g. "headroom-memory-bound"
  /// (checks/catalog/Checks.def); empty for notes that only explain their
  /// diagnostic.
  std::string Check;
  /// The kernel the diagnostic is about, empty for whole-profile findings:
  /// with Check, what identifies a finding across edits that move lines
  /// (SARIF fingerprints, lint baselines).
  std::string Kernel;
  std::vector<Diagnostic> Notes;
};

} // namespace headroom

#endif // HEADROOM_ANALYSIS_DIAGNOSTIC_H
