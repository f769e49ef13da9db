//===- CheckDocument.h - What headroom check found --------------*- C++ -*-===//
///
/// \file
/// The findings of `headroom check` as a typed document, what its JSON
/// (headroom.check/1, docs/cli.md) and SARIF forms are written from
/// (views/CheckViews.h): each finding followed by its notes, as clang
/// reports them, and the checks that may have made them.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SCHEMA_CHECKDOCUMENT_H
#define HEADROOM_SCHEMA_CHECKDOCUMENT_H

#include <string>
#include <vector>

namespace headroom {

/// One fix-it: \p Length bytes at byte \p Offset of \p File become \p Text.
struct CheckFix {
  std::string File;
  unsigned Offset = 0, Length = 0;
  std::string Text;
};

/// A finding, or one of the notes that follow it.
struct CheckFinding {
  /// The check's stable name; empty for a note (and for an error that no
  /// check made, such as an unmatched NOLINTBEGIN).
  std::string Check;
  /// "warning", "error" or "note".
  std::string Severity;
  /// The file as the compiler names it, 1-based line and column.
  std::string File;
  unsigned Line = 0, Column = 0;
  /// The message, without the check's name.
  std::string Message;
  std::vector<CheckFix> Fixes;
};

/// A check that may have made the findings: SARIF's rules.
struct CheckRule {
  std::string Name;
  std::string Summary;
  std::string Help;
};

struct CheckDocument {
  /// The files checked, as the compiler names them.
  std::vector<std::string> Files;
  /// The findings, each followed by its notes.
  std::vector<CheckFinding> Findings;
  /// Every source check (not written to headroom.check/1).
  std::vector<CheckRule> Rules;
};

} // namespace headroom

#endif // HEADROOM_SCHEMA_CHECKDOCUMENT_H
