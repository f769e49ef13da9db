//===- AnnotatedSource.cpp - A kernel's sampled lines in its source -------===//

#include "analysis/AnnotatedSource.h"

#include "support/InputFile.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

namespace headroom {

std::vector<SourceRow> sourceWindow(const std::vector<unsigned> &Sampled,
                                    unsigned Anchor, unsigned FileLines) {
  std::set<unsigned> Points(Sampled.begin(), Sampled.end());
  Points.erase(0);
  if (Anchor > FileLines)
    Anchor = 0;
  if ((Points.empty() && Anchor == 0) || FileLines == 0)
    return {};
  const unsigned C = SourceContextLines;
  // A definition before the body opens the window: nothing above it.
  unsigned First = Anchor > 0 && (Points.empty() || Anchor <= *Points.begin())
                       ? Anchor
                   : *Points.begin() > C ? *Points.begin() - C
                                         : 1;
  unsigned Last = std::min(
      FileLines, std::max(Points.empty() ? 0 : *Points.rbegin(), Anchor) + C);
  // Whether line L is within C lines of a sampled line, or the anchor or
  // one of the C lines after it (the rest of a signature).
  auto Near = [&](unsigned L) {
    if (Anchor > 0 && L >= Anchor && L <= Anchor + C)
      return true;
    auto It = Points.lower_bound(L > C ? L - C : 1);
    return It != Points.end() && *It <= L + C;
  };
  std::vector<SourceRow> Rows;
  for (unsigned L = First; L <= Last;) {
    if (Near(L)) {
      Rows.push_back(SourceRow{L, 0, "", std::nullopt, false});
      ++L;
      continue;
    }
    // Between First and Last, a run outside every context ends before the
    // next point's context.
    unsigned End = L;
    while (End < Last && !Near(End + 1))
      ++End;
    unsigned Run = End - L + 1;
    if (Run >= MinElidedLines)
      Rows.push_back(SourceRow{L, Run, "", std::nullopt, false});
    else
      for (unsigned X = L; X <= End; ++X)
        Rows.push_back(SourceRow{X, 0, "", std::nullopt, false});
    L = End + 1;
  }
  return Rows;
}

std::vector<AnnotatedFile>
annotateSource(const StallLines &S, const std::string &Root,
               const std::optional<SourceLocation> &Definition) {
  // Each file's sampled lines, as positions in S.Lines by line (a line
  // recorded under two directories keeps the one with more samples, the
  // first in S.Lines).
  std::map<std::string, std::map<unsigned, std::size_t>> ByFile;
  for (std::size_t I = 0; I < S.Lines.size(); ++I) {
    const StallLine &L = S.Lines[I];
    if (L.resolved() && L.Where.Line > 0)
      ByFile[L.Where.File].try_emplace(L.Where.Line, I);
  }
  std::set<std::size_t> Hot(S.Hot.begin(), S.Hot.end());
  std::vector<AnnotatedFile> Files;
  for (const auto &[File, Lines] : ByFile) {
    AnnotatedFile F;
    F.File = File;
    std::filesystem::path Path(File);
    if (!Path.is_absolute() && !Root.empty())
      Path = std::filesystem::path(Root) / Path;
    F.Path = Path.string();
    std::vector<unsigned> Sampled;
    for (const auto &[Line, I] : Lines) {
      Sampled.push_back(Line);
      F.Samples += S.Lines[I].Samples;
    }
    F.Share = S.Samples ? double(F.Samples) / double(S.Samples) : 0;
    F.LastLine = Sampled.back();
    auto Annotate = [&](SourceRow &R) {
      auto It = Lines.find(R.Line);
      if (R.gap() || It == Lines.end())
        return;
      R.Sampled = It->second;
      R.Hot = Hot.count(It->second) > 0;
    };
    std::vector<std::string> Text;
    Expected<std::string> Read = readInputFile(F.Path, MaxTextFileBytes);
    if (Read) {
      std::istringstream In(*Read);
      for (std::string Line; std::getline(In, Line);) {
        if (!Line.empty() && Line.back() == '\r')
          Line.pop_back();
        Text.push_back(std::move(Line));
      }
    } else {
      F.Problem = SourceProblem::Unreadable;
      F.Error = Read.error().message();
    }
    if (Read && F.LastLine > Text.size()) {
      F.Problem = SourceProblem::TooShort;
      F.FileLines = unsigned(Text.size());
    }
    if (F.Problem != SourceProblem::None) {
      for (unsigned Line : Sampled) {
        SourceRow R;
        R.Line = Line;
        Annotate(R);
        F.Rows.push_back(std::move(R));
      }
      Files.push_back(std::move(F));
      continue;
    }
    F.FileLines = unsigned(Text.size());
    // The definition opens the stretch when it comes before its body.
    unsigned Anchor = Definition && Definition->File == File &&
                              Definition->Line <= Sampled.front()
                          ? Definition->Line
                          : 0;
    F.Rows = sourceWindow(Sampled, Anchor, F.FileLines);
    for (SourceRow &R : F.Rows) {
      if (!R.gap())
        R.Text = Text[R.Line - 1];
      Annotate(R);
    }
    Files.push_back(std::move(F));
  }
  std::stable_sort(Files.begin(), Files.end(),
                   [](const AnnotatedFile &A, const AnnotatedFile &B) {
                     return A.Samples > B.Samples;
                   });
  return Files;
}

} // namespace headroom
