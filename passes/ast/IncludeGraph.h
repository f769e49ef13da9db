//===- IncludeGraph.h - The #include directives of a TU ---------*- C++ -*-===//
///
/// \file
/// Records every `#include` directive of a translation unit as the
/// preprocessor resolves it: which file contains it, where its file name is
/// written, and which file it includes. Rewriting launches in a header needs
/// this: the header is rewritten in a copy, and the directives that include
/// it (and those of the files that include them) must point at copies.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_INCLUDEGRAPH_H
#define HEADROOM_AST_INCLUDEGRAPH_H

#include <memory>
#include <string>
#include <vector>

namespace clang {
class PPCallbacks;
class SourceManager;
} // namespace clang

namespace headroom::ast {

/// One `#include` (or `#include_next`, `#import`) directive.
struct IncludeDirective {
  /// The absolute path of the file that contains it; empty when it is not
  /// in a file (a forced `-include` on the command line).
  std::string Includer;
  bool IncluderIsMain = false;
  bool IncluderIsSystem = false;
  /// The byte range of the file name, quotes or brackets included, in the
  /// includer; unusable when FromMacro.
  unsigned NameBegin = 0, NameEnd = 0;
  /// The file name comes from a macro (a computed include).
  bool FromMacro = false;
  bool IsAngled = false;
  bool IsIncludeNext = false;
  /// The name as written, without quotes or brackets.
  std::string Spelled;
  /// The absolute path of the file it includes; empty when not found.
  std::string Target;
};

class IncludeGraph {
public:
  /// Callbacks to add to the preprocessor of the parse; they write into this
  /// object, which must outlive them.
  std::unique_ptr<clang::PPCallbacks>
  makeCallbacks(const clang::SourceManager &SM);

  const std::vector<IncludeDirective> &directives() const { return Directives; }
  void add(IncludeDirective D) { Directives.push_back(std::move(D)); }

private:
  std::vector<IncludeDirective> Directives;
};

} // namespace headroom::ast

#endif // HEADROOM_AST_INCLUDEGRAPH_H
