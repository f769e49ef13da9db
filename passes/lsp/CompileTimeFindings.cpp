//===- CompileTimeFindings.cpp - check and static-mix in the editor -------===//

#include "lsp/CompileTimeFindings.h"

#include "lsp/Findings.h"
#include "support/Paths.h"

#include <cctype>
#include <type_traits>

namespace headroom::lsp {

using nlohmann::json;

namespace {

/// The field \p Name of \p Object as a T, or an error naming \p Where.
template <typename T>
Expected<T> field(const json &Object, const char *Name,
                  const std::string &Where) {
  const char *Wanted = std::is_same_v<T, std::string> ? "a string"
                       : std::is_same_v<T, json> ? "an array"
                                                 : "a non-negative integer";
  if (!Object.contains(Name))
    return Error(Where + ": '" + Name + "' is missing (expected " + Wanted +
                 ")");
  const json &V = Object[Name];
  if constexpr (std::is_same_v<T, std::string>) {
    if (V.is_string())
      return V.get<std::string>();
  } else if constexpr (std::is_same_v<T, json>) {
    if (V.is_array())
      return V;
  } else {
    if (V.is_number_unsigned())
      return V.get<T>();
  }
  return Error(Where + ": '" + Name + "' is not " + Wanted);
}

/// The parsed document, checked for its schema.
Expected<json> documentOf(const std::string &Text, const std::string &Schema,
                          const char *ListName) {
  json Doc = json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (Doc.is_discarded() || !Doc.is_object())
    return Error("expected a " + Schema + " JSON document, got " +
                 (Text.empty() ? std::string("no output")
                               : "'" + Text.substr(0, 60) + "'"));
  if (Doc.value("schema", "") != Schema)
    return Error("'schema': expected '" + Schema + "'");
  Expected<json> List = field<json>(Doc, ListName, Schema);
  if (!List)
    return List.error();
  return Doc;
}

Expected<SourceFix> fixOf(const json &F, const std::string &Where) {
  if (!F.is_object())
    return Error(Where + ": expected an object");
  Expected<std::size_t> Offset = field<std::size_t>(F, "offset", Where);
  Expected<std::size_t> Length = field<std::size_t>(F, "length", Where);
  Expected<std::string> Text = field<std::string>(F, "text", Where);
  if (!Offset)
    return Offset.error();
  if (!Length)
    return Length.error();
  if (!Text)
    return Text.error();
  return SourceFix{*Offset, *Length, *Text};
}

Expected<SourceFinding> findingOf(const json &F, const std::string &File,
                                  const std::string &Where) {
  if (!F.is_object())
    return Error(Where + ": expected an object");
  SourceFinding S;
  if (F.contains("check")) {
    Expected<std::string> Check = field<std::string>(F, "check", Where);
    if (!Check)
      return Check.error();
    S.Check = *Check;
  }
  Expected<std::string> Severity = field<std::string>(F, "severity", Where);
  Expected<std::string> Message = field<std::string>(F, "message", Where);
  Expected<unsigned> Line = field<unsigned>(F, "line", Where);
  Expected<unsigned> Column = field<unsigned>(F, "column", Where);
  Expected<json> Fixes = field<json>(F, "fixes", Where);
  if (!Severity)
    return Severity.error();
  if (!Message)
    return Message.error();
  if (!Line)
    return Line.error();
  if (!Column)
    return Column.error();
  if (!Fixes)
    return Fixes.error();
  S.Severity = *Severity;
  S.Message = *Message;
  S.Line = *Line;
  S.Column = *Column;
  for (std::size_t I = 0; I < Fixes->size(); ++I) {
    std::string FixWhere = Where + ": fixes[" + std::to_string(I) + "]";
    Expected<std::string> FixFile =
        field<std::string>((*Fixes)[I], "file", FixWhere);
    if (!FixFile)
      return FixFile.error();
    Expected<SourceFix> Fix = fixOf((*Fixes)[I], FixWhere);
    if (!Fix)
      return Fix.error();
    if (samePath(*FixFile, File))
      S.Fixes.push_back(std::move(*Fix));
  }
  return S;
}

std::vector<std::string_view> linesOf(std::string_view Text) {
  std::vector<std::string_view> Lines;
  std::size_t From = 0;
  for (;;) {
    std::size_t To = Text.find('\n', From);
    if (To == std::string_view::npos) {
      Lines.push_back(Text.substr(From));
      return Lines;
    }
    Lines.push_back(Text.substr(From, To - From));
    From = To + 1;
  }
}

/// 0-based line and byte column of \p Offset in \p Text.
std::optional<std::pair<unsigned, std::size_t>>
lineColumnOf(std::string_view Text, std::size_t Offset) {
  if (Offset > Text.size())
    return std::nullopt;
  unsigned Line = 0;
  std::size_t LineStart = 0;
  for (std::size_t I = 0; I < Offset; ++I)
    if (Text[I] == '\n') {
      ++Line;
      LineStart = I + 1;
    }
  return std::pair{Line, Offset - LineStart};
}

json positionJson(unsigned Line, std::string_view LineText, std::size_t Byte,
                  PositionEncoding E) {
  return {
      {"line", Line},
      {"character", toCharacter(LineText, std::min(Byte, LineText.size()), E)}};
}

bool wordCharacter(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '.';
}

/// How many bytes the token at \p Column of \p Line spans: a number
/// (`1e-3`, `0.5`) or a name; 1 for anything else, 0 at the end.
std::size_t tokenLength(std::string_view Line, std::size_t Column) {
  if (Column >= Line.size())
    return 0;
  bool Number = std::isdigit(static_cast<unsigned char>(Line[Column])) ||
                Line[Column] == '.';
  std::size_t End = Column;
  while (End < Line.size() &&
         (wordCharacter(Line[End]) ||
          (Number && (Line[End] == '+' || Line[End] == '-') && End > Column &&
           (Line[End - 1] == 'e' || Line[End - 1] == 'E'))))
    ++End;
  return End > Column ? End - Column : 1;
}

int severityNumber(const std::string &Severity) {
  if (Severity == "error")
    return 1;
  if (Severity == "warning")
    return 2;
  return 3;
}

/// A finding as it is now: its diagnostic, and its edits (empty when a
/// fix-it no longer applies).
struct Placed {
  json Diagnostic;
  unsigned Line = 0;
  json Edits = json::array();
};

std::optional<Placed> place(const SourceFinding &F, const CompileTimeResult &R,
                            const LineMap &Map,
                            const std::vector<std::string_view> &Current,
                            const CompileTimeContext &C) {
  if (F.Line == 0)
    return std::nullopt;
  std::optional<unsigned> Line = Map.map(F.Line - 1);
  if (!Line || *Line >= Current.size())
    return std::nullopt;
  std::string_view Text = Current[*Line];
  std::size_t Column = F.Column ? F.Column - 1 : 0;
  std::size_t Length = tokenLength(Text, Column);
  Placed P;
  P.Line = *Line;
  P.Diagnostic = {
      {"range",
       {{"start", positionJson(*Line, Text, Column, C.Encoding)},
        {"end", positionJson(*Line, Text, Column + Length, C.Encoding)}}},
      {"severity", severityNumber(F.Severity)},
      {"source", "headroom"},
      {"message", F.Message}};
  if (!F.Check.empty()) {
    P.Diagnostic["code"] = F.Check;
    if (!C.DocsBase.empty())
      P.Diagnostic["codeDescription"] = {
          {"href", checkHref(C.DocsBase, F.Check)}};
  }
  for (const SourceFix &Fix : F.Fixes) {
    auto Start = lineColumnOf(R.Checked, Fix.Offset);
    auto End = lineColumnOf(R.Checked, Fix.Offset + Fix.Length);
    if (!Start || !End) {
      P.Edits = json::array(); // Edits that do not fit the text: no fix.
      return P;
    }
    std::optional<unsigned> From = Map.map(Start->first);
    std::optional<unsigned> To = Map.map(End->first);
    if (!From || !To || *To - *From != End->first - Start->first ||
        *To >= Current.size()) {
      P.Edits = json::array();
      return P;
    }
    P.Edits.push_back(
        {{"range",
          {{"start",
            positionJson(*From, Current[*From], Start->second, C.Encoding)},
           {"end", positionJson(*To, Current[*To], End->second, C.Encoding)}}},
         {"newText", Fix.Text}});
  }
  return P;
}

json staticDiagnostic(const StaticNote &N, const CompileTimeResult &R,
                      unsigned Line, std::string_view Text,
                      const CompileTimeContext &C) {
  std::size_t Column = N.Column ? N.Column - 1 : 0;
  json Range = {
      {"start", positionJson(Line, Text, Column, C.Encoding)},
      {"end", positionJson(Line, Text, Column + tokenLength(Text, Column),
                           C.Encoding)}};
  json D = {{"range", Range},
            {"severity", 3},
            {"source", "headroom"},
            {"code", "headroom-static-mix"},
            {"message", N.Message + R.StaticCaveat}};
  if (std::string Doc = siblingDoc(C.DocsBase, "static-mix.md"); !Doc.empty())
    D["codeDescription"] = {{"href", Doc}};
  json Related = json::array();
  for (const std::string &Note : N.Notes)
    Related.push_back(
        {{"location", {{"uri", C.Uri}, {"range", Range}}}, {"message", Note}});
  if (!Related.empty())
    D["relatedInformation"] = std::move(Related);
  return D;
}

/// "Replace '0.5' with '0.5f'" (an edit shown with the rest of the words it
/// touches: inserting "f" after "0.5" reads as the literal it makes), or
/// for several edits the check's name.
std::string fixTitle(const SourceFinding &F, const CompileTimeResult &R) {
  const std::string &T = R.Checked;
  if (F.Fixes.size() != 1 || F.Fixes[0].Offset + F.Fixes[0].Length > T.size())
    return "Apply the fix-its of " +
           (F.Check.empty() ? std::string("this finding") : F.Check);
  const SourceFix &X = F.Fixes[0];
  std::size_t Begin = X.Offset, End = X.Offset + X.Length;
  while (Begin > 0 && wordCharacter(T[Begin - 1]))
    --Begin;
  while (End < T.size() && wordCharacter(T[End]))
    ++End;
  std::string Old = T.substr(Begin, End - Begin);
  std::string New = T.substr(Begin, X.Offset - Begin) + X.Text +
                    T.substr(X.Offset + X.Length, End - X.Offset - X.Length);
  if (Old.empty())
    return "Insert '" + X.Text + "'";
  if (New.empty())
    return "Remove '" + Old + "'";
  return "Replace '" + Old + "' with '" + New + "'";
}

} // namespace

Expected<std::vector<SourceFinding>>
parseCheckDocument(const std::string &Text, const std::string &File) {
  Expected<json> Doc = documentOf(Text, "headroom.check/1", "findings");
  if (!Doc)
    return Doc.error();
  std::vector<SourceFinding> Out;
  const json &List = (*Doc)["findings"];
  for (std::size_t I = 0; I < List.size(); ++I) {
    std::string Where = "findings[" + std::to_string(I) + "]";
    if (!List[I].is_object())
      return Error(Where + ": expected an object");
    Expected<std::string> Of = field<std::string>(List[I], "file", Where);
    if (!Of)
      return Of.error();
    Expected<SourceFinding> F = findingOf(List[I], File, Where);
    if (!F)
      return F.error();
    if (samePath(*Of, File))
      Out.push_back(std::move(*F));
  }
  return Out;
}

Expected<std::vector<StaticNote>>
parseStaticMixDocument(const std::string &Text, const std::string &File) {
  Expected<json> Doc = documentOf(Text, "headroom.static-mix/1", "kernels");
  if (!Doc)
    return Doc.error();
  std::vector<StaticNote> Out;
  const json &List = (*Doc)["kernels"];
  for (std::size_t I = 0; I < List.size(); ++I) {
    std::string Where = "kernels[" + std::to_string(I) + "]";
    const json &K = List[I];
    if (!K.is_object())
      return Error(Where + ": expected an object");
    Expected<std::string> Kernel = field<std::string>(K, "kernel", Where);
    Expected<std::string> Message = field<std::string>(K, "message", Where);
    Expected<json> Notes = field<json>(K, "notes", Where);
    if (!Kernel)
      return Kernel.error();
    if (!Message)
      return Message.error();
    if (!Notes)
      return Notes.error();
    if (!K.contains("file"))
      continue; // Not named in the source: no place to show it.
    Expected<std::string> Of = field<std::string>(K, "file", Where);
    Expected<unsigned> Line = field<unsigned>(K, "line", Where);
    Expected<unsigned> Column = field<unsigned>(K, "column", Where);
    if (!Of)
      return Of.error();
    if (!Line)
      return Line.error();
    if (!Column)
      return Column.error();
    StaticNote N{*Kernel, *Line, *Column, *Message, {}};
    for (const json &Note : *Notes) {
      if (!Note.is_string())
        return Error(Where + ": 'notes' is not an array of strings");
      N.Notes.push_back(Note.get<std::string>());
    }
    if (samePath(*Of, File))
      Out.push_back(std::move(N));
  }
  return Out;
}

LineMap::LineMap(std::string_view Checked, std::string_view Current) {
  std::vector<std::string_view> A = linesOf(Checked), B = linesOf(Current);
  CheckedLines = A.size();
  CurrentLines = B.size();
  std::size_t Shorter = std::min(A.size(), B.size());
  while (Prefix < Shorter && A[Prefix] == B[Prefix])
    ++Prefix;
  while (Prefix + Suffix < Shorter &&
         A[A.size() - 1 - Suffix] == B[B.size() - 1 - Suffix])
    ++Suffix;
}

std::optional<unsigned> LineMap::map(unsigned Line) const {
  if (Line < Prefix)
    return Line;
  if (Line >= CheckedLines || Line < CheckedLines - Suffix)
    return std::nullopt;
  return Line - CheckedLines + CurrentLines;
}

json compileTimeDiagnostics(const CompileTimeResult &R, std::string_view Text,
                            const CompileTimeContext &C) {
  json Out = json::array();
  LineMap Map(R.Checked, Text);
  std::vector<std::string_view> Current = linesOf(Text);
  // A check's notes (its evidence, what to try) follow its warning: they
  // become the warning's related information, as in the build's output,
  // not entries of their own in the editor's problems.
  std::optional<std::size_t> Warning;
  for (const SourceFinding &F : R.Findings) {
    std::optional<Placed> P = place(F, R, Map, Current, C);
    if (F.Severity == "note" && Warning) {
      if (P)
        Out[*Warning]["relatedInformation"].push_back(
            {{"location", {{"uri", C.Uri}, {"range", P->Diagnostic["range"]}}},
             {"message", F.Message}});
      continue;
    }
    Warning.reset();
    if (!P)
      continue;
    if (F.Severity != "note")
      Warning = Out.size();
    Out.push_back(std::move(P->Diagnostic));
  }
  LineMap StaticMap(R.StaticChecked, Text);
  for (const StaticNote &N : R.StaticNotes) {
    if (C.Measured.count(N.Kernel) || N.Line == 0)
      continue;
    std::optional<unsigned> Line = StaticMap.map(N.Line - 1);
    if (Line && *Line < Current.size())
      Out.push_back(staticDiagnostic(N, R, *Line, Current[*Line], C));
  }
  return Out;
}

json quickFixes(const CompileTimeResult &R, std::string_view Text,
                unsigned FirstLine, unsigned LastLine,
                const CompileTimeContext &C) {
  json Actions = json::array();
  LineMap Map(R.Checked, Text);
  std::vector<std::string_view> Current = linesOf(Text);
  for (const SourceFinding &F : R.Findings) {
    std::optional<Placed> P = place(F, R, Map, Current, C);
    if (!P || P->Edits.empty() || P->Line < FirstLine || P->Line > LastLine)
      continue;
    Actions.push_back(
        {{"title", fixTitle(F, R)},
         {"kind", "quickfix"},
         {"diagnostics", json::array({P->Diagnostic})},
         {"isPreferred", true},
         {"edit", {{"changes", {{C.Uri, std::move(P->Edits)}}}}}});
  }
  return Actions;
}

} // namespace headroom::lsp
