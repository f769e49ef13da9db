//===- FuzzDependencyFile.cpp - Fuzzing the Make dependency rewriter ------===//
///
/// \file
/// Any text as a dependency file that `headroom nvcc` rewrites (the
/// temporary copies of instrumented sources become the user's files);
/// rewriting what was rewritten changes nothing more.
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "nvcc/DependencyFile.h"

using namespace headroom;

namespace {

/// Whether a word of \p Text ends in a backslash: one that escapes no
/// space, '#' or newline.
bool endsWordInBackslash(std::string_view Text) {
  for (std::size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] != '\\')
      continue;
    if (I + 1 == Text.size())
      return true;
    char Next = Text[I + 1];
    if (Next == '\t' || Next == '\r' || Next == ':')
      return true;
    // "a\\" then a line continuation: the word ends in a backslash.
    if (Next == '\\' && I + 2 < Text.size() &&
        (Text[I + 2] == '\n' || Text[I + 2] == '\r'))
      return true;
    if (Next == ' ' || Next == '#' || Next == '\n')
      ++I;
  }
  return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::vector<nvcc::PathSubstitution> Subs = {
      {"/tmp/headroom-x/a.cu", "src/a b.cu"},
      {"/tmp/headroom-x/b.cuh", "b.cuh"}};
  std::string Once = nvcc::rewriteDependencies(fuzz::text(Data, Size), Subs,
                                               "/tmp/headroom-x");
  std::string Twice = nvcc::rewriteDependencies(Once, Subs, "/tmp/headroom-x");
  // A path that ends in a backslash cannot be written in a Make rule (make
  // reads "\ " as an escaped space): the rewrite is stable for the others.
  // Nor can a path that ends in a colon (make reads "a:: b" as a
  // double-colon rule), and a dependency file is text, without NUL bytes.
  std::string_view Text = fuzz::text(Data, Size);
  bool Expressible = !endsWordInBackslash(Text) &&
                     Text.find("::") == std::string_view::npos &&
                     Text.find('\0') == std::string_view::npos;
  if (Twice != Once && Expressible)
    fuzz::fail("rewriting a rewritten dependency file changed it");
  return 0;
}
