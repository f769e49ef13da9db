//===- RunChecks.h - Run the source checks on one .cu file ------*- C++ -*-===//
///
/// \file
/// The library entry of `headroom check` (and of the checks `headroom nvcc`
/// and `headroom lsp` run): parses one translation unit's device side with
/// clang 22 (`--cuda-device-only`, one GPU architecture: kernel bodies as
/// the device compiler sees them, host function bodies with their launches
/// too) and runs the selected checks over the declarations of its main
/// file. The findings go through a clang DiagnosticsEngine of their own, so
/// that clang's parse (whose warnings are off) and the findings are
/// reported apart.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SOURCECHECKS_RUNCHECKS_H
#define HEADROOM_SOURCECHECKS_RUNCHECKS_H

#include "sourcechecks/SourceCheck.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <string>
#include <vector>

namespace clang {
class DiagnosticConsumer;
} // namespace clang

namespace headroom::sourcechecks {

/// One translation unit to check.
struct CheckRequest {
  /// The clang command line of the device parse, the driver first and the
  /// file last (adjustForHostParse with ParseSide::Device).
  std::vector<std::string> CommandLine;
  /// The directory the command runs in; empty for the current directory.
  std::string WorkingDirectory;
  /// Where files are read from; null for the real file system.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem;
  /// The checks to run (selectSourceChecks); all when empty.
  std::vector<const SourceCheck *> Checks;
  /// Report findings as errors instead of warnings.
  bool WarningsAsErrors = false;
  /// Receives clang's diagnostics of the parse; null to print them to
  /// standard error. Not owned.
  clang::DiagnosticConsumer *ParseDiagnostics = nullptr;
  /// Receives the findings as clang diagnostics (a TextDiagnosticPrinter
  /// prints them as clang would, fix-its included); null for none. Not
  /// owned. The findings are also returned as records.
  clang::DiagnosticConsumer *Findings = nullptr;
};

/// A finding or one of its notes, as data.
struct FindingRecord {
  /// "warning", "error" or "note".
  std::string Severity;
  /// The check's stable name; empty for a note.
  std::string Check;
  /// The message without the check's name.
  std::string Message;
  /// The file as the compiler names it, 1-based line and column.
  std::string File;
  unsigned Line = 0, Column = 0;
  /// The fix-its, as replacements in the real files.
  std::vector<clang::tooling::Replacement> Fixes;
};

/// What checking one translation unit found.
struct CheckResult {
  /// The main file as the compiler names it.
  std::string MainFile;
  /// Warnings and their notes, in the order reported.
  std::vector<FindingRecord> Records;
  /// How many warnings (not notes).
  unsigned findingCount() const;
};

/// Parses \p Request's translation unit and runs the checks. Fails when it
/// does not parse (clang's errors go to ParseDiagnostics) or the command
/// has errors.
llvm::Expected<CheckResult> runSourceChecks(const CheckRequest &Request);

} // namespace headroom::sourcechecks

#endif // HEADROOM_SOURCECHECKS_RUNCHECKS_H
