//===- HeaderCopies.h - Rewriting launches in project headers ---*- C++ -*-===//
///
/// \file
/// Plans the copies that instrumenting launches in headers needs. A header
/// selected by the header filter cannot be rewritten in place (other
/// translation units and the user's tree must not change), so it is copied
/// under a header directory, mirroring its absolute path, and rewritten
/// there; the directives that include it are pointed at the copy: in the
/// main file and in every header on the way from the main file to it, which
/// are therefore copied too. In a copy, quoted includes that were found next
/// to the original are pointed at the original's directory, since the copy
/// lives elsewhere.
///
/// A selected header is left alone (its launches reported as
/// HeaderNotRewritable) when a directive on the way to it is a computed
/// include, a forced `-include`, in a system header, or an `#include_next`,
/// or when one of the files to copy uses `#include_next`.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_HEADERCOPIES_H
#define HEADROOM_AST_HEADERCOPIES_H

#include "ast/IncludeGraph.h"
#include "ast/LaunchSite.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace headroom::ast {

/// One header to copy: where from, where to, and the include directives to
/// point elsewhere in it.
struct HeaderCopy {
  /// The absolute path of the header.
  std::string Original;
  /// Where its rewritten copy goes: HeaderDirectory + Original.
  std::string Copy;
  /// Edits of the include directives in it.
  clang::tooling::Replacements IncludeEdits;
};

struct HeaderCopyPlan {
  /// Edits of the main file's include directives.
  clang::tooling::Replacements MainEdits;
  std::vector<HeaderCopy> Copies;
};

/// Plans the copies for the Instrumented sites of \p Sites that are in
/// headers, given the translation unit's \p Includes. Sites in headers that
/// cannot be rewritten safely get status HeaderNotRewritable. \p MainFile
/// is the main file's name for the edits; \p HeaderDirectory is absolute.
HeaderCopyPlan planHeaderCopies(const IncludeGraph &Includes,
                                std::vector<LaunchSite> &Sites,
                                llvm::StringRef MainFile,
                                llvm::StringRef HeaderDirectory);

} // namespace headroom::ast

#endif // HEADROOM_AST_HEADERCOPIES_H
