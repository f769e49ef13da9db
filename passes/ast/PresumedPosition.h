//===- PresumedPosition.h - Locations as positions --------------*- C++ -*-===//
///
/// \file
/// Converts a clang::SourceLocation into the file:line:column that the
/// compiler would print for it, honouring `#line` directives. Locations in
/// macro expansions map to the file: a macro argument to where it is spelled,
/// anything else in a macro to the expansion point. The file name is
/// lexically normalized (support/Paths.h normalizedPath): no `./`, and `..`
/// resolved where a name precedes it.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_PRESUMEDPOSITION_H
#define HEADROOM_AST_PRESUMEDPOSITION_H

#include "ast/LaunchSite.h"

#include "clang/Basic/SourceLocation.h"

namespace clang {
class SourceManager;
} // namespace clang

namespace headroom::ast {

/// The presumed position of \p Loc; unknown (empty File) if Loc is invalid.
SourcePosition presumedPosition(clang::SourceLocation Loc,
                                const clang::SourceManager &SM);

} // namespace headroom::ast

#endif // HEADROOM_AST_PRESUMEDPOSITION_H
