//===- RunChecks.h - Run the source checks on one .cu file ------*- C++ -*-===//
///
/// \file
/// The library entry of `headroom check` (and of the checks `headroom nvcc`
/// and `headroom lsp` run): parses one translation unit's device side with
/// clang 22 (`--cuda-device-only`, one GPU architecture: kernel bodies as
/// the device compiler sees them, host function bodies with their launches
/// too) and runs the selected checks over the declarations of its main
/// file and of the headers the header filter names. The findings go through a
/// clang DiagnosticsEngine of their own, so that clang's parse (whose warnings
/// are off) and the findings are reported apart.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SOURCECHECKS_RUNCHECKS_H
#define HEADROOM_SOURCECHECKS_RUNCHECKS_H

#include "sourcechecks/SourceCheck.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTConsumer;
class CompilerInstance;
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
  /// False to run none, only listing the kernels (CheckResult::Kernels).
  bool RunChecks = true;
  /// How findings are reported (as errors?), the thresholds set and the
  /// headers judged besides the main file.
  CheckSettings Settings;
  /// Receives clang's diagnostics of the parse; null to print them to
  /// standard error, with clang's "N errors generated". Not owned.
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

/// A kernel the main file defines (a template's instantiations each), as
/// the parse saw it: what `headroom nvcc` places the static mix notes at.
struct KernelDefinition {
  /// The Itanium mangled name ("_Z5saxpyifPKfPf"), as in the SASS.
  std::string MangledName;
  /// The qualified name without arguments ("ns::saxpy").
  std::string Name;
  /// The kernel's name in its definition, as the compiler names the file.
  std::string File;
  unsigned Line = 0, Column = 0;
};

/// What checking one translation unit found.
struct CheckResult {
  /// The main file as the compiler names it.
  std::string MainFile;
  /// Whether the translation unit parsed without errors, so that the
  /// checks ran (those asked for) and the kernels are listed.
  bool Checked = false;
  /// Warnings and their notes, in the order reported.
  std::vector<FindingRecord> Records;
  /// The main file's kernel definitions.
  std::vector<KernelDefinition> Kernels;
  /// How many warnings (not notes).
  unsigned findingCount() const;
};

/// Parses \p Request's translation unit and runs the checks. Fails when it
/// does not parse (clang's errors go to ParseDiagnostics), the command
/// has errors (then no check runs) or the header filter is not a regular
/// expression.
llvm::Expected<CheckResult> runSourceChecks(const CheckRequest &Request);

/// The consumer that runs \p Request's checks (CommandLine, WorkingDirectory
/// and FileSystem unused) on a parse another pass drives: `headroom nvcc`
/// adds it to the instrumenter's host-side parse, so the build parses once.
/// After a parse without errors it fills \p Result and sets
/// Result.Checked; after errors it does nothing. In a host-side parse,
/// device functions with `__CUDA_ARCH__` conditionals in their bodies are
/// left alone: the parse sees their host branch, not the code the GPU runs.
/// \p Request and \p Result must outlive the consumer.
std::unique_ptr<clang::ASTConsumer>
makeChecksConsumer(clang::CompilerInstance &CI, const CheckRequest &Request,
                   CheckResult &Result);

} // namespace headroom::sourcechecks

#endif // HEADROOM_SOURCECHECKS_RUNCHECKS_H
