//===- KernelDiagnostics.cpp - Findings as LSP diagnostics per file -------===//

#include "lsp/KernelDiagnostics.h"

#include "checks/CheckRegistry.h"
#include "lsp/Reanchor.h"
#include "support/Format.h"

#include <algorithm>

namespace headroom::lsp {

using nlohmann::json;

int severityOf(DiagnosticLevel L) {
  switch (L) {
  case DiagnosticLevel::Error:
    return 1;
  case DiagnosticLevel::Warning:
    return 2;
  case DiagnosticLevel::Remark:
  case DiagnosticLevel::Note:
    return 3;
  }
  return 3;
}

namespace {

/// A place of the findings: kernel K's definition or its launch L.
struct PlaceKey {
  std::size_t Kernel;
  std::optional<std::size_t> Launch;
};

/// The places of every kernel and launch, resolved file by file.
struct Resolved {
  /// Per kernel: its definition's range; per launch: its range.
  std::vector<std::optional<Range>> Definitions;
  std::vector<std::vector<std::optional<Range>>> Launches;
  /// Per file, what could not be found ("the definition of kernel 'k' (line
  /// 28)").
  std::map<std::string, std::vector<std::string>> Lost;
};

json rangeJson(const Range &R) {
  return {{"start", {{"line", R.Start.Line}, {"character", R.Start.Character}}},
          {"end", {{"line", R.End.Line}, {"character", R.End.Character}}}};
}

json locationJson(const std::string &Uri, const Range &R) {
  return {{"uri", Uri}, {"range", rangeJson(R)}};
}

/// The characters of \p Where's line (1-based) from its first to its last
/// non-blank one, in the file's current text: where a note at a line of its
/// own (a hot line of stall samples) shows. Not re-anchored: the samples
/// name a line, not a token to find again.
std::optional<Range> lineRange(const SourceLocation &Where,
                               const ViewContext &C) {
  std::optional<std::string> Text = C.TextOf(Where.File);
  if (!Text || Where.Line == 0)
    return std::nullopt;
  std::optional<std::string_view> Line = lineOf(*Text, Where.Line - 1);
  if (!Line)
    return std::nullopt;
  std::size_t First = Line->find_first_not_of(" \t\r");
  if (First == std::string_view::npos)
    First = 0;
  std::size_t Last = Line->find_last_not_of(" \t\r");
  std::size_t End = Last == std::string_view::npos ? First : Last + 1;
  return Range{{Where.Line - 1, toCharacter(*Line, First, C.Encoding)},
               {Where.Line - 1, toCharacter(*Line, End, C.Encoding)}};
}

Resolved resolve(const Findings &F, const ViewContext &C) {
  Resolved Out;
  Out.Definitions.resize(F.Kernels.size());
  Out.Launches.resize(F.Kernels.size());
  std::map<std::string, std::vector<std::pair<Anchor, PlaceKey>>> ByFile;
  for (std::size_t K = 0; K < F.Kernels.size(); ++K) {
    const EditorKernel &KF = F.Kernels[K];
    ByFile[KF.Definition.File].push_back(
        {Anchor{KF.Call.empty() ? Anchor::Kind::Definition : Anchor::Kind::Call,
                KF.Identifier, KF.Definition.Line, KF.Definition.Column},
         PlaceKey{K, std::nullopt}});
    Out.Launches[K].resize(KF.Launches.size());
    for (std::size_t L = 0; L < KF.Launches.size(); ++L) {
      const SourceLocation &W = KF.Launches[L].Where;
      ByFile[W.File].push_back(
          {Anchor{Anchor::Kind::Launch, KF.Identifier, W.Line, W.Column},
           PlaceKey{K, L}});
    }
  }
  for (auto &[Path, Entries] : ByFile) {
    std::optional<std::string> Text = C.TextOf(Path);
    if (!Text)
      continue; // A file that is gone has nothing to show.
    auto Loaded = F.SourcesAtLoad.find(Path);
    std::vector<Anchor> Anchors;
    for (auto &E : Entries) {
      if (Loaded != F.SourcesAtLoad.end() && E.first.Line >= 1)
        E.first.LineText =
            std::string(lineOf(Loaded->second, E.first.Line - 1).value_or(""));
      Anchors.push_back(E.first);
    }
    std::vector<std::optional<Place>> Places = reanchor(Anchors, *Text);
    for (std::size_t I = 0; I < Entries.size(); ++I) {
      const auto &[A, Key] = Entries[I];
      const EditorKernel &KF = F.Kernels[Key.Kernel];
      if (!Places[I]) {
        Out.Lost[Path].push_back(
            (Key.Launch        ? "the launch of kernel '" + KF.ShortName
             : KF.Call.empty() ? "the definition of kernel '" + KF.ShortName
                               : "the call of '" + KF.Call) +
            "' recorded at line " + std::to_string(A.Line));
        continue;
      }
      std::string_view Line = lineOf(*Text, Places[I]->Line).value_or("");
      Range R{
          {Places[I]->Line, toCharacter(Line, Places[I]->Column, C.Encoding)},
          {Places[I]->Line,
           toCharacter(Line, Places[I]->Column + Places[I]->Length,
                       C.Encoding)}};
      if (Key.Launch)
        Out.Launches[Key.Kernel][*Key.Launch] = R;
      else
        Out.Definitions[Key.Kernel] = R;
    }
  }
  return Out;
}

json headroomDiagnostic(const Range &R, int Severity, const std::string &Check,
                        const std::string &Message, const ViewContext &C) {
  json D = {{"range", rangeJson(R)},
            {"severity", Severity},
            {"source", "headroom"},
            {"message", Message}};
  if (!Check.empty()) {
    D["code"] = Check;
    if (!C.DocsBase.empty())
      D["codeDescription"] = {{"href", checkHref(C.DocsBase, Check)}};
  }
  return D;
}

FileView &viewFor(std::map<std::string, FileView> &Views,
                  const std::string &Path, const ViewContext &C) {
  FileView &V = Views[Path];
  if (V.Uri.empty())
    V.Uri = C.UriOf(Path);
  return V;
}

} // namespace

std::map<std::string, FileView> viewsOf(const Findings &F,
                                        const ViewContext &C) {
  std::map<std::string, FileView> Views;
  Resolved R = resolve(F, C);
  for (std::size_t K = 0; K < F.Kernels.size(); ++K) {
    const EditorKernel &KF = F.Kernels[K];
    const std::optional<Range> &Def = R.Definitions[K];
    std::string DefUri = C.UriOf(KF.Definition.File);
    if (Def) {
      json D = headroomDiagnostic(*Def, severityOf(KF.Warning.Level),
                                  KF.Warning.Check, KF.Warning.Message, C);
      json Related = json::array();
      // The notes as the build prints them, each where it points (the
      // launch notes at their launches).
      for (const Diagnostic &N : KF.Warning.Notes) {
        std::optional<Range> At;
        std::string Uri = DefUri;
        if (N.Location && *N.Location == KF.Definition)
          At = Def;
        else
          for (std::size_t L = 0; L < KF.Launches.size(); ++L)
            if (N.Location && *N.Location == KF.Launches[L].Where) {
              At = R.Launches[K][L];
              Uri = C.UriOf(KF.Launches[L].Where.File);
            }
        if (!N.Location)
          At = Def;
        if (At) {
          Related.push_back(
              {{"location", locationJson(Uri, *At)}, {"message", N.Message}});
          continue;
        }
        // A note at a hot line of the kernel's stall samples: related
        // information here, and a diagnostic and a lens there, which point
        // back at the warning.
        auto Hot = N.Location
                       ? std::find_if(KF.HotLines.begin(), KF.HotLines.end(),
                                      [&](const HotLineFinding &H) {
                                        return H.Where == *N.Location;
                                      })
                       : KF.HotLines.end();
        if (Hot == KF.HotLines.end())
          continue;
        std::optional<Range> Own = lineRange(*N.Location, C);
        if (!Own)
          continue;
        std::string OwnUri = C.UriOf(N.Location->File);
        Related.push_back(
            {{"location", locationJson(OwnUri, *Own)}, {"message", N.Message}});
        json Note = headroomDiagnostic(*Own, severityOf(N.Level),
                                       KF.Warning.Check, N.Message, C);
        Note["relatedInformation"] =
            json::array({{{"location", locationJson(DefUri, *Def)},
                          {"message", KF.Warning.Message}}});
        FileView &There = viewFor(Views, N.Location->File, C);
        There.Diagnostics.push_back(std::move(Note));
        // One lens per hot line, whatever else is noted there (advice).
        std::size_t HotIndex = std::size_t(Hot - KF.HotLines.begin());
        if (std::none_of(There.Marks.begin(), There.Marks.end(),
                         [&](const Mark &M) {
                           return M.Kernel == K && M.Hot == HotIndex;
                         }))
          There.Marks.push_back(Mark{*Own, K, std::nullopt, HotIndex});
      }
      if (!Related.empty())
        D["relatedInformation"] = std::move(Related);
      FileView &V = viewFor(Views, KF.Definition.File, C);
      V.Diagnostics.push_back(std::move(D));
      V.Marks.push_back(Mark{*Def, K, std::nullopt});
    }
    for (std::size_t L = 0; L < KF.Launches.size(); ++L) {
      const std::optional<Range> &At = R.Launches[K][L];
      if (!At)
        continue;
      const LaunchFinding &LF = KF.Launches[L];
      std::string Message = "kernel '" + KF.ShortName + "' " +
                            (LF.Note.empty() ? "launched here" : LF.Note) +
                            "; " + KF.Bound;
      if (KF.Headroom)
        Message += ", " + KF.headroomText("");
      json D = headroomDiagnostic(*At, 3, KF.Warning.Check, Message, C);
      if (Def)
        D["relatedInformation"] =
            json::array({{{"location", locationJson(DefUri, *Def)},
                          {"message", KF.Warning.Message}}});
      FileView &V = viewFor(Views, LF.Where.File, C);
      V.Diagnostics.push_back(std::move(D));
      V.Marks.push_back(Mark{*At, K, L});
    }
  }
  for (const auto &[Path, What] : R.Lost) {
    std::string Message =
        "the source no longer matches " +
        (C.ProfileName.empty() ? std::string("the profile") : C.ProfileName) +
        ": ";
    for (std::size_t I = 0; I < What.size(); ++I)
      Message += (I ? "; " : "") + What[I];
    Message += " cannot be found; record a new profile to see Headroom's "
               "diagnostics there";
    FileView &V = viewFor(Views, Path, C);
    V.Diagnostics.push_back(headroomDiagnostic(
        Range{}, 3, std::string(checks::SitesChanged), Message, C));
  }
  return Views;
}

} // namespace headroom::lsp
