//===- ConditionalDirectives.h - Where #if ... #endif lines are -*- C++ -*-===//
///
/// \file
/// Records where the conditional directives (`#if`, `#ifdef`, `#ifndef`,
/// `#elif`, `#elifdef`, `#elifndef`, `#else`, `#endif`) of each file of a
/// translation unit are, including those in skipped branches. A launch whose
/// text contains one cannot be wrapped safely: the other configuration
/// (typically the device side, where __CUDA_ARCH__ is defined) might see only
/// one of the two insertions.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_CONDITIONALDIRECTIVES_H
#define HEADROOM_AST_CONDITIONALDIRECTIVES_H

#include "clang/Basic/SourceLocation.h"

#include <map>
#include <memory>
#include <vector>

namespace clang {
class PPCallbacks;
class SourceManager;
} // namespace clang

namespace headroom::ast {

class ConditionalDirectives {
public:
  /// Callbacks to add to the preprocessor of the parse; they write into this
  /// object, which must outlive them.
  std::unique_ptr<clang::PPCallbacks>
  makeCallbacks(const clang::SourceManager &SM);

  /// Whether a conditional directive of \p File starts in [Begin, End).
  bool anyWithin(clang::FileID File, unsigned Begin, unsigned End) const;

  /// Called by the callbacks.
  void add(clang::FileID File, unsigned Offset) {
    Offsets[File.getHashValue()].push_back(Offset);
  }

private:
  /// By FileID, in the order seen (ascending within a file entry).
  std::map<unsigned, std::vector<unsigned>> Offsets;
};

} // namespace headroom::ast

#endif // HEADROOM_AST_CONDITIONALDIRECTIVES_H
