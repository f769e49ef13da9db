//===- Instrument.h - Instrument one .cu file -------------------*- C++ -*-===//
///
/// \file
/// The library entry of `headroom instrument`: parses the host side of one
/// translation unit with clang, finds its kernel launches and rewrites the
/// main file so that each launch calls the runtime hooks. A translation unit
/// that does not parse is refused: clang's errors go to the diagnostic
/// consumer and the result is an error, never partly rewritten source.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_INSTRUMENT_H
#define HEADROOM_AST_INSTRUMENT_H

#include "ast/LaunchSite.h"

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <string>
#include <vector>

namespace clang {
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
  /// Every launch found, instrumented or not (see LaunchSiteFinder).
  std::vector<LaunchSite> Sites;
  /// The header copies the rewritten main file includes; empty without a
  /// header filter. Written by the caller.
  std::vector<RewrittenHeader> Headers;
  /// Every file the parse read (the main file and each header), by its real
  /// path where the file manager knows it: what a cache of the result
  /// depends on.
  std::vector<std::string> Inputs;

  /// How many sites are instrumented.
  unsigned instrumentedCount() const;
};

/// Parses and rewrites the translation unit of \p Request.
llvm::Expected<InstrumentResult> instrument(const InstrumentRequest &Request);

} // namespace headroom::ast

#endif // HEADROOM_AST_INSTRUMENT_H
