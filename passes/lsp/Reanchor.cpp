//===- Reanchor.cpp - Following kernels and launches through edits --------===//

#include "lsp/Reanchor.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <utility>

namespace headroom::lsp {

namespace {

bool isIdentChar(char C) { return std::isalnum((unsigned char)C) || C == '_'; }

/// The offsets where each line of \p Text starts.
std::vector<std::size_t> lineStarts(std::string_view Text) {
  std::vector<std::size_t> Starts{0};
  for (std::size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      Starts.push_back(I + 1);
  return Starts;
}

Place placeOf(const std::vector<std::size_t> &Starts, std::size_t Offset,
              std::size_t Length) {
  auto It = std::upper_bound(Starts.begin(), Starts.end(), Offset);
  unsigned Line = unsigned(It - Starts.begin()) - 1;
  return Place{Line, Offset - Starts[Line], Length};
}

std::size_t skipSpace(std::string_view Text, std::size_t I) {
  while (I < Text.size() && std::isspace((unsigned char)Text[I]))
    ++I;
  return I;
}

/// After `<` at \p I (not `<<<`): the offset past the matching `>`, or npos.
std::size_t skipTemplateArguments(std::string_view Text, std::size_t I) {
  int Depth = 0;
  for (; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '<')
      ++Depth;
    else if (C == '>' && --Depth == 0)
      return I + 1;
    else if (C == ';' || C == '{' || C == '}')
      return std::string_view::npos;
  }
  return std::string_view::npos;
}

/// Whether `__global__` appears between the previous statement boundary
/// (`;`, `{` or `}`) before \p Offset and \p Offset.
bool declaredGlobal(std::string_view Text, std::size_t Offset) {
  std::size_t Boundary = Text.find_last_of(";{}", Offset);
  std::size_t From = Boundary == std::string_view::npos ? 0 : Boundary + 1;
  return Text.substr(From, Offset - From).find("__global__") !=
         std::string_view::npos;
}

} // namespace

std::vector<Place> findOccurrences(std::string_view Text,
                                   const std::string &Identifier,
                                   Anchor::Kind What) {
  std::vector<Place> Found;
  if (Identifier.empty())
    return Found;
  std::vector<std::size_t> Starts = lineStarts(Text);
  for (std::size_t At = Text.find(Identifier); At != std::string_view::npos;
       At = Text.find(Identifier, At + 1)) {
    std::size_t End = At + Identifier.size();
    if ((At > 0 && isIdentChar(Text[At - 1])) ||
        (End < Text.size() && isIdentChar(Text[End])))
      continue;
    std::size_t I = skipSpace(Text, End);
    if (What == Anchor::Kind::Launch) {
      if (Text.substr(I, 3) != "<<<") {
        if (Text.substr(I, 1) != "<")
          continue;
        I = skipTemplateArguments(Text, I);
        if (I == std::string_view::npos)
          continue;
        I = skipSpace(Text, I);
        if (Text.substr(I, 3) != "<<<")
          continue;
      }
    } else {
      if (Text.substr(I, 1) == "<" && Text.substr(I, 3) != "<<<") {
        I = skipTemplateArguments(Text, I);
        if (I == std::string_view::npos)
          continue;
        I = skipSpace(Text, I);
      }
      if (Text.substr(I, 1) != "(" ||
          (What == Anchor::Kind::Definition && !declaredGlobal(Text, At)))
        continue;
    }
    Found.push_back(placeOf(Starts, At, Identifier.size()));
  }
  return Found;
}

std::vector<std::optional<Place>> reanchor(const std::vector<Anchor> &Anchors,
                                           std::string_view Text) {
  std::vector<std::optional<Place>> Result(Anchors.size());
  std::vector<std::size_t> Starts = lineStarts(Text);
  // Anchors of one identifier and kind, in the profile's order.
  std::map<std::pair<std::string, Anchor::Kind>, std::vector<std::size_t>>
      Groups;
  for (std::size_t I = 0; I < Anchors.size(); ++I)
    Groups[{Anchors[I].Identifier, Anchors[I].What}].push_back(I);
  for (auto &[Key, Members] : Groups) {
    std::vector<Place> Found = findOccurrences(Text, Key.first, Key.second);
    std::sort(Members.begin(), Members.end(),
              [&](std::size_t A, std::size_t B) {
                const Anchor &X = Anchors[A], &Y = Anchors[B];
                return X.Line != Y.Line ? X.Line < Y.Line : X.Column < Y.Column;
              });
    // Distinct recorded places (a place recorded twice is one place).
    std::vector<std::pair<unsigned, unsigned>> Recorded;
    for (std::size_t M : Members) {
      std::pair<unsigned, unsigned> P{Anchors[M].Line, Anchors[M].Column};
      if (Recorded.empty() || Recorded.back() != P)
        Recorded.push_back(P);
    }
    auto IndexOf = [&](const Anchor &A) {
      return std::size_t(
          std::find(Recorded.begin(), Recorded.end(),
                    std::pair<unsigned, unsigned>{A.Line, A.Column}) -
          Recorded.begin());
    };
    if (Found.size() == Recorded.size()) {
      // As many as recorded: they kept their order.
      for (std::size_t M : Members)
        Result[M] = Found[IndexOf(Anchors[M])];
      continue;
    }
    // Otherwise a place follows the one occurrence whose line still reads
    // as recorded (the recorded line itself when several do); a launch the
    // patterns do not see (through a macro) stays where its line is
    // unchanged; and a lone definition may move.
    auto LineAt = [&](unsigned Line0) {
      std::size_t From = Starts[Line0];
      std::size_t To =
          Line0 + 1 < Starts.size() ? Starts[Line0 + 1] : Text.size();
      std::string_view L = Text.substr(From, To - From);
      while (!L.empty() && (L.back() == '\n' || L.back() == '\r'))
        L.remove_suffix(1);
      return L;
    };
    for (std::size_t M : Members) {
      const Anchor &A = Anchors[M];
      if (!A.LineText.empty()) {
        std::vector<Place> Same;
        for (const Place &P : Found)
          if (LineAt(P.Line) == A.LineText)
            Same.push_back(P);
        for (const Place &P : Same)
          if (Same.size() == 1 || P.Line + 1 == A.Line)
            Result[M] = P;
        if (Same.empty() && A.Line >= 1 && A.Line <= Starts.size() &&
            LineAt(A.Line - 1) == A.LineText && A.Column >= 1)
          Result[M] = Place{A.Line - 1, A.Column - 1, A.Identifier.size()};
      }
      if (!Result[M] && A.What != Anchor::Kind::Launch && Found.size() == 1 &&
          Recorded.size() == 1)
        Result[M] = Found.front();
    }
  }
  return Result;
}

} // namespace headroom::lsp
