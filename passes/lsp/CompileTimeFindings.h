//===- CompileTimeFindings.h - check and static-mix findings ----*- C++ -*-===//
///
/// \file
/// What `headroom lsp` shows of a CUDA source before any run, read from the
/// JSON documents of the two compile-time tools it runs as child processes
/// (the language server does not link Clang): the findings of `headroom
/// check` (headroom.check/1: check, severity, line, column, message, fix-its
/// as byte edits) and the notes of `headroom static-mix`
/// (headroom.static-mix/1: one note per kernel at its definition).
///
/// The tools read the file as it was saved; the editor's text may have
/// changed since. A LineMap carries the places over: lines before and after
/// the edited region keep what they said (and move with the region's growth),
/// what was inside it is dropped until the next save checks it again.
///
/// As LSP: diagnostics with `source: "headroom"`, `code` = the check name,
/// the findings' fix-its as quick-fix code actions (a WorkspaceEdit), the
/// static notes as information diagnostics with their mix and resources as
/// related information. A kernel the profile has measured counters for gets
/// no static note: the measured mix replaces it.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_COMPILETIMEFINDINGS_H
#define HEADROOM_LSP_COMPILETIMEFINDINGS_H

#include "lsp/Positions.h"
#include "support/Error.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace headroom::lsp {

/// One edit of a fix-it, in bytes of the checked text.
struct SourceFix {
  std::size_t Offset = 0, Length = 0;
  std::string Text;
};

/// One finding of `headroom check`.
struct SourceFinding {
  std::string Check, Severity, Message;
  /// 1-based line, 1-based byte column.
  unsigned Line = 0, Column = 0;
  std::vector<SourceFix> Fixes;
};

/// One kernel's `[headroom-static-mix]` note.
struct StaticNote {
  std::string Kernel;
  /// 1-based line and byte column of the kernel's name.
  unsigned Line = 0, Column = 0;
  std::string Message;
  /// Its notes (the mix, the resources).
  std::vector<std::string> Notes;
};

/// The findings for \p File (absolute) in the headroom.check/1 document
/// \p Json (fix-its in other files dropped); the error names the field
/// and what was expected.
Expected<std::vector<SourceFinding>>
parseCheckDocument(const std::string &Json, const std::string &File);

/// The notes located in \p File in the headroom.static-mix/1 document
/// \p Json (kernels the source does not name are left out).
Expected<std::vector<StaticNote>>
parseStaticMixDocument(const std::string &Json, const std::string &File);

/// Where each line of the checked text is in the current text.
class LineMap {
public:
  LineMap(std::string_view Checked, std::string_view Current);
  /// The current 0-based line of checked line \p Line; nothing when it
  /// lies in the edited region.
  std::optional<unsigned> map(unsigned Line) const;

private:
  unsigned Prefix = 0, Suffix = 0, CheckedLines = 0, CurrentLines = 0;
};

/// Everything the compile-time tools said about one file.
struct CompileTimeResult {
  /// The file's text that the tools read.
  std::string Checked;
  std::vector<SourceFinding> Findings;
  std::vector<StaticNote> StaticNotes;
  /// The file's text when the static notes were made (they come from a
  /// later run, and stay until the next one replaces them).
  std::string StaticChecked;
  /// Said after each static note ("from build/k.o, built before the
  /// source's last change"); empty when the object is current.
  std::string StaticCaveat;
};

struct CompileTimeContext {
  std::string Uri;
  PositionEncoding Encoding = PositionEncoding::UTF16;
  /// The URI of docs/diagnostics.md; empty: no links.
  std::string DocsBase;
  /// Kernels (identifiers) with measured counters in the profile: no static
  /// note for them.
  std::set<std::string> Measured;
};

/// The LSP diagnostics of \p R in the current text \p Text.
nlohmann::json compileTimeDiagnostics(const CompileTimeResult &R,
                                      std::string_view Text,
                                      const CompileTimeContext &C);

/// The quick fixes of the findings of \p R whose range touches lines
/// \p FirstLine..\p LastLine of \p Text: CodeAction literals (kind
/// "quickfix", the diagnostic they fix, a WorkspaceEdit), one per finding
/// with fix-its whose edits still apply.
nlohmann::json quickFixes(const CompileTimeResult &R, std::string_view Text,
                          unsigned FirstLine, unsigned LastLine,
                          const CompileTimeContext &C);

} // namespace headroom::lsp

#endif // HEADROOM_LSP_COMPILETIMEFINDINGS_H
