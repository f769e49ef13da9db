//===- SkippedBodies.h - Function bodies the host parse skips ---*- C++ -*-===//
///
/// \file
/// Which function bodies the host parse leaves unparsed. The instrumenter's
/// parse asks it for every body, and so does the build of the precompiled
/// header of clang's CUDA wrapper headers (HeaderPch.h): a declaration read
/// from that header must be exactly what the parse without it would have
/// made, bodies included.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_SKIPPEDBODIES_H
#define HEADROOM_AST_SKIPPEDBODIES_H

namespace clang {
class Decl;
} // namespace clang

namespace headroom::ast {

/// Whether the body of \p D goes unparsed: the bodies of the functions of
/// system headers (the C++ library's, the toolkit's, thrust's host code)
/// are skipped, as no launch there is rewritten or reported and the checks
/// judge the main file only, while the bodies are half of the parse (clang
/// keeps those it needs: of constexpr functions and of those with a deduced
/// return type). Kernels keep theirs, as the sites name their definitions.
bool skipsFunctionBody(const clang::Decl &D);

} // namespace headroom::ast

#endif // HEADROOM_AST_SKIPPEDBODIES_H
