//===- UnbuiltLaunches.h - Launches clang did not build ---------*- C++ -*-===//
///
/// \file
/// After errors, clang may leave a launch out of the AST altogether (a call
/// whose arguments do not resolve becomes a recovery expression, a statement
/// it cannot parse is skipped). Such a launch is neither a site nor reported;
/// instrumenting the rest of the file would silently miss it. This finds the
/// launches written in a file's text (WrittenLaunches.h) that clang built no
/// launch for: those in active code, outside macro definitions, with no
/// launch of the AST spelled at their `<<<` or launch API name.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_UNBUILTLAUNCHES_H
#define HEADROOM_AST_UNBUILTLAUNCHES_H

#include "ast/LaunchSite.h"
#include "ast/LaunchSiteFinder.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"

#include <memory>
#include <set>
#include <tuple>
#include <vector>

namespace headroom::ast {

/// The text of a parse that is not code the parser saw: branches the
/// preprocessor skipped and macro definitions, with the files the parse
/// entered.
class InactiveText {
public:
  /// Callbacks that record into this object; it must outlive them.
  std::unique_ptr<clang::PPCallbacks>
  makeCallbacks(const clang::SourceManager &SM);

  /// Whether \p Offset of \p File is in a skipped branch or a definition.
  bool contains(clang::FileID File, unsigned Offset) const;

  /// The files the parse entered (the main file and each header), in order.
  const std::vector<clang::FileID> &files() const { return Files; }

private:
  friend class InactiveTextCallbacks;
  /// (file id, begin, end) of each inactive range.
  std::set<std::tuple<unsigned, unsigned, unsigned>> Ranges;
  std::vector<clang::FileID> Files;
};

/// The launches written in \p File that clang built no launch for (see the
/// file comment), where the compiler presents them.
std::vector<SourcePosition> unbuiltLaunches(const clang::SourceManager &SM,
                                            clang::FileID File,
                                            const InactiveText &Inactive,
                                            const LaunchSiteFinder &Finder);

} // namespace headroom::ast

#endif // HEADROOM_AST_UNBUILTLAUNCHES_H
