//===- SkippedBodies.h - Function bodies the host parse skips ---*- C++ -*-===//
///
/// \file
/// Which function bodies the host parse leaves unparsed. The instrumenter's
/// parse asks a LaunchFreeBodies for every body, and the build of the
/// precompiled header of clang's CUDA wrapper headers (HeaderPch.h) asks
/// skipsFunctionBody: a declaration read from that header must be exactly
/// what the parse without it would have made, bodies included.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_SKIPPEDBODIES_H
#define HEADROOM_AST_SKIPPEDBODIES_H

#include "clang/Basic/SourceLocation.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class Decl;
class PPCallbacks;
class SourceManager;
} // namespace clang

namespace llvm {
class Regex;
} // namespace llvm

namespace headroom::ast {

/// Whether the body of \p D goes unparsed: the bodies of the functions of
/// system headers (the C++ library's, the toolkit's, thrust's host code)
/// are skipped, as no launch there is rewritten or reported and the checks
/// judge the main file only, while the bodies are half of the parse (clang
/// keeps those it needs: of constexpr functions and of those with a deduced
/// return type). Kernels keep theirs, as the sites name their definitions.
bool skipsFunctionBody(const clang::Decl &D);

/// The bodies the instrumenter's parse skips: those skipsFunctionBody
/// skips, and also those of a project's own headers where no launch can be
/// (helper headers of inline functions are a large part of what is left of
/// a parse once the system headers' bodies are skipped). A header's bodies
/// are kept when
///
/// - the header filter names the header (its launches are rewritten),
/// - its text holds launch text (support/CudaText.h: it may launch, or
///   call a library; such a launch is reported as not instrumented),
/// - a macro that may launch was defined before the body, on the command
///   line or outside the system headers (the body may expand it),
/// - --library-header directories are given (any call may be a library's).
///
/// The main file keeps every body: the checks judge it. Another consumer
/// of the same parse keeps what it needs by not skipping it (a multiplexed
/// consumer skips only what all its consumers skip).
class LaunchFreeBodies {
public:
  /// \p CommandLine is the parse's, \p HeaderFilter the instrumenter's
  /// (null for none).
  LaunchFreeBodies(const std::vector<std::string> &CommandLine,
                   const llvm::Regex *HeaderFilter, bool LibraryHeaders);
  ~LaunchFreeBodies();

  bool skips(const clang::Decl &D);
  /// Watches the macros the parse defines.
  std::unique_ptr<clang::PPCallbacks>
  makeCallbacks(const clang::SourceManager &SM);

private:
  bool launchFreeFile(const clang::SourceManager &SM, clang::FileID File);

  const llvm::Regex *HeaderFilter;
  /// False once a body anywhere may launch through a macro, or with
  /// library headers.
  bool Enabled;
  /// By file: whether its text is free of launch text and the filter does
  /// not name it.
  std::map<clang::FileID, bool> Files;
};

} // namespace headroom::ast

#endif // HEADROOM_AST_SKIPPEDBODIES_H
