//===- NoLintComments.cpp - Findings silenced in the source ---------------===//

#include "sourcechecks/NoLintComments.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace headroom::sourcechecks {

namespace {

std::optional<NoLintComments::Kind> kindOf(llvm::StringRef Word) {
  if (Word == "NOLINT")
    return NoLintComments::Kind::NoLint;
  if (Word == "NOLINTNEXTLINE")
    return NoLintComments::Kind::NextLine;
  if (Word == "NOLINTBEGIN")
    return NoLintComments::Kind::Begin;
  if (Word == "NOLINTEND")
    return NoLintComments::Kind::End;
  return std::nullopt;
}

/// Whether \p Glob, where `*` stands for any characters, matches all of
/// \p Name.
bool globMatches(llvm::StringRef Glob, llvm::StringRef Name) {
  size_t Star = Glob.find('*');
  if (Star == llvm::StringRef::npos)
    return Glob == Name;
  if (!Name.consume_front(Glob.take_front(Star)))
    return false;
  Glob = Glob.drop_front(Star + 1);
  // Each position the rest may start at; names are short.
  for (size_t I = 0; I <= Name.size(); ++I)
    if (globMatches(Glob, Name.drop_front(I)))
      return true;
  return false;
}

} // namespace

bool NoLintComments::listNames(const std::optional<std::string> &List,
                               llvm::StringRef Check) {
  if (!List)
    return true;
  llvm::SmallVector<llvm::StringRef> Globs;
  llvm::StringRef(*List).split(Globs, ',');
  for (llvm::StringRef Glob : Globs) {
    Glob = Glob.trim();
    // clang-tidy leaves negative globs out of a NOLINT's list.
    if (Glob.empty() || Glob.starts_with("-"))
      continue;
    if (globMatches(Glob, Check))
      return true;
  }
  return false;
}

NoLintComments::NoLintComments(llvm::StringRef Text) {
  LineStarts.push_back(0);
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      LineStarts.push_back(I + 1);

  std::vector<Comment> Open;
  size_t Pos = 0;
  while ((Pos = Text.find("NOLINT", Pos)) != llvm::StringRef::npos) {
    size_t Start = Pos;
    Pos += 6;
    while (Pos < Text.size() && llvm::isAlpha(Text[Pos]))
      ++Pos;
    std::optional<Kind> Type = kindOf(Text.slice(Start, Pos));
    if (!Type)
      continue;
    std::optional<std::string> Checks;
    if (Pos < Text.size() && Text[Pos] == '(') {
      size_t Close = Text.find_first_of("\n)", Pos + 1);
      // An unclosed list is no list: the comment names every check.
      if (Close != llvm::StringRef::npos && Text[Close] == ')') {
        Checks = Text.slice(Pos + 1, Close).str();
        Pos = Close + 1;
      }
    }
    Comment C{*Type, Start, lineOf(Start), std::move(Checks)};
    switch (C.Type) {
    case Kind::NoLint:
    case Kind::NextLine:
      LineComments.push_back(std::move(C));
      break;
    case Kind::Begin:
      Open.push_back(std::move(C));
      break;
    case Kind::End:
      // Blocks nest: an END closes the innermost open block, when it names
      // the same checks.
      if (!Open.empty() && Open.back().Checks == C.Checks) {
        Blocks.push_back({Open.back().Offset, C.Offset, C.Checks});
        Open.pop_back();
      } else {
        Unmatched.push_back(std::move(C));
      }
      break;
    }
  }
  Unmatched.insert(Unmatched.end(), Open.begin(), Open.end());
  std::stable_sort(
      Unmatched.begin(), Unmatched.end(),
      [](const Comment &A, const Comment &B) { return A.Offset < B.Offset; });
}

std::size_t NoLintComments::lineOf(std::size_t Offset) const {
  return std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset) -
         LineStarts.begin() - 1;
}

bool NoLintComments::silences(std::size_t Offset, llvm::StringRef Check) const {
  std::size_t Line = lineOf(Offset);
  for (const Comment &C : LineComments) {
    std::size_t Silenced = C.Type == Kind::NextLine ? C.Line + 1 : C.Line;
    if (Silenced == Line && listNames(C.Checks, Check))
      return true;
  }
  for (const Block &B : Blocks)
    if (B.Begin < Offset && Offset < B.End && listNames(B.Checks, Check))
      return true;
  return false;
}

} // namespace headroom::sourcechecks
