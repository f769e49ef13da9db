//===- PresumedPosition.cpp - Clang locations as plain positions ----------===//

#include "ast/PresumedPosition.h"

#include "support/Paths.h"

#include "clang/Basic/SourceManager.h"

namespace headroom::ast {

SourcePosition presumedPosition(clang::SourceLocation Loc,
                                const clang::SourceManager &SM) {
  if (Loc.isInvalid())
    return {};
  clang::PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Loc));
  if (P.isInvalid())
    return {};
  // As the compiler saw it ("kernel/./k.cu"), normalized once here for the
  // site table, the profile and every report ("kernel/k.cu").
  return {normalizedPath(P.getFilename()), P.getLine(), P.getColumn()};
}

} // namespace headroom::ast
