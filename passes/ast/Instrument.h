//===- Instrument.h - Instrument one .cu file -------------------*- C++ -*-===//
///
/// \file
/// The library entry of `headroom instrument`: parses the host side of one
/// translation unit with clang, finds its kernel launches and rewrites the
/// main file so that each launch calls the runtime hooks. A translation unit
/// whose launches clang does not all understand is refused: clang's errors
/// go to the diagnostic consumer and the result is an error, never partly
/// rewritten source. Errors clang's semantic analysis reports away from the
/// launches are tolerated (see instrument()).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_INSTRUMENT_H
#define HEADROOM_AST_INSTRUMENT_H

#include "ast/HeaderPch.h"
#include "ast/LaunchSite.h"

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTConsumer;
class CompilerInstance;
class DiagnosticConsumer;
} // namespace clang

namespace headroom::ast {

/// One translation unit to instrument.
struct InstrumentRequest {
  /// The clang command line of the host-side parse, including the driver and
  /// the file (see adjustForHostParse).
  std::vector<std::string> CommandLine;
  /// The directory the command runs in; empty for the current directory.
  std::string WorkingDirectory;
  /// Where files are read from; null for the real file system.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem;
  /// Receives clang's diagnostics; null to print them to stderr. Not owned.
  clang::DiagnosticConsumer *Diagnostics = nullptr;
  /// Launches in included files whose absolute path this POSIX extended
  /// regular expression finds are rewritten too, in copies of the headers
  /// (see HeaderCopies.h); empty for none.
  std::string HeaderFilter;
  /// The absolute directory the header copies are meant for; the rewritten
  /// sources include them from there. Needed with a HeaderFilter.
  std::string HeaderDirectory;
  /// Directories (absolute, or relative to the directory the command runs
  /// in) whose headers' functions are library functions: calls of them are
  /// bracketed as scopes, besides those of the GPU libraries Headroom knows
  /// (LibraryCalls.h).
  std::vector<std::string> LibraryHeaders;
  /// Makes another consumer of the same parse, or is empty: `headroom nvcc`
  /// runs the source checks on it, so that a build parses each source
  /// once. It sees every preprocessor callback and the translation unit
  /// after the launches are found, with or without errors (it asks the
  /// diagnostics engine).
  std::function<std::unique_ptr<clang::ASTConsumer>(clang::CompilerInstance &)>
      AlsoConsume;
  /// Where the precompiled header of clang's CUDA wrapper headers is kept
  /// (HeaderPch.h); no directory to parse them every time. The result is
  /// the same either way.
  HeaderPchOptions Pch;
};

/// A header rewritten for the main file: the copy to write.
struct RewrittenHeader {
  /// The absolute path of the header.
  std::string Original;
  /// Where the rewritten main file expects the copy (under
  /// InstrumentRequest::HeaderDirectory).
  std::string Copy;
  std::string Source;
};

/// What instrumenting one translation unit produced.
struct InstrumentResult {
  /// The main file as the compiler names it (also written into `#line`).
  std::string MainFile;
  /// The rewritten main file; equal to the original when no launch is
  /// instrumented.
  std::string Source;
  /// Every launch and library call found, instrumented or not (see
  /// LaunchSiteFinder).
  std::vector<LaunchSite> Sites;
  /// The header copies the rewritten main file includes; empty without a
  /// header filter. Written by the caller.
  std::vector<RewrittenHeader> Headers;
  /// Every file the parse read (the main file and each header), by its real
  /// path where the file manager knows it: what a cache of the result
  /// depends on.
  std::vector<std::string> Inputs;
  /// clang's errors (`file:line:col: message`) that the parse went past
  /// because clang understood every launch (see instrument()); empty after
  /// a clean parse. nvcc, which compiles the result, judges that code.
  std::vector<std::string> ToleratedErrors;
  /// What became of the precompiled header (HeaderPchReport::Note); empty
  /// when none was asked for.
  std::string PchNote;

  /// How many sites are instrumented: launches and library calls.
  unsigned instrumentedCount() const;
  /// How many library calls are instrumented.
  unsigned instrumentedCallCount() const;
};

/// The error of a translation unit whose launches clang did not all
/// understand (see instrument()).
class UnclearLaunchError : public llvm::ErrorInfo<UnclearLaunchError> {
public:
  static char ID;
  UnclearLaunchError(std::string File, std::string Launch)
      : File(std::move(File)), Launch(std::move(Launch)) {}
  /// The first such launch: "the launch of 'k' at app.cu:7:3", with
  /// " (and N more)" when there are more.
  const std::string &launch() const { return Launch; }
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  std::string File;
  std::string Launch;
};

/// What to say about \p Result's tolerated errors, without a prefix:
/// "clang's host parse of 'app.cu' had 2 errors that no launch depends on
/// (first: app.cu:5:10: ...); its launches are instrumented and nvcc judges
/// that code"; empty when there are none.
std::string toleratedErrorsNote(const InstrumentResult &Result);

/// Parses and rewrites the translation unit of \p Request.
///
/// A parse with errors goes on when they are all semantic (clang's Sema:
/// code that nvcc's headers and front end accept, clang's do not) and clang
/// understood every launch of the files to rewrite: no launch has errors in
/// its kernel, configuration or arguments or sits in an invalid declaration,
/// and every launch written in their active code is in the AST. clang's
/// errors then reach the diagnostic consumer as warnings and are listed in
/// ToleratedErrors. Otherwise the translation unit is refused with an error
/// naming the first launch clang did not understand, or saying that the
/// file does not compile (preprocessor and syntax errors, a missing header).
/// The diagnostics reach the consumer unchanged then.
llvm::Expected<InstrumentResult> instrument(const InstrumentRequest &Request);

} // namespace headroom::ast

#endif // HEADROOM_AST_INSTRUMENT_H
