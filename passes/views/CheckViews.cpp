//===- CheckViews.cpp - The formats of `headroom check` -------------------===//

#include "views/CheckViews.h"

#include "schema/SchemaTags.h"
#include "support/Paths.h"
#include "views/Sarif.h"

namespace headroom {

namespace {

class JsonCheckView : public View<CheckDocument> {
public:
  std::string_view format() const override { return "json"; }
  void write(std::ostream &OS, const CheckDocument &Doc,
             const ViewOptions &) const override {
    OS << checkToJson(Doc).dump(2) << "\n";
  }
};

class SarifCheckView : public View<CheckDocument> {
public:
  std::string_view format() const override { return "sarif"; }
  void write(std::ostream &OS, const CheckDocument &Doc,
             const ViewOptions &O) const override {
    SarifOptions Options;
    Options.ToolVersion = O.ToolVersion;
    // Every finding has a place in the source: no fallback artifact.
    Options.SourceRoot = O.SourceRoot;
    Options.DocsUri = O.DocsUri;
    for (const CheckRule &R : Doc.Rules)
      Options.Rules.push_back({R.Name, R.Summary, R.Help});
    writeSarif(OS, checkDiagnostics(Doc, O.SourceRoot), Options);
  }
};

DiagnosticLevel levelOf(const std::string &Severity) {
  if (Severity == "error")
    return DiagnosticLevel::Error;
  if (Severity == "note")
    return DiagnosticLevel::Note;
  return DiagnosticLevel::Warning;
}

} // namespace

nlohmann::ordered_json checkToJson(const CheckDocument &Doc) {
  using Json = nlohmann::ordered_json;
  Json Findings = Json::array();
  for (const CheckFinding &F : Doc.Findings) {
    Json Fixes = Json::array();
    for (const CheckFix &Fix : F.Fixes)
      Fixes.push_back({{"file", Fix.File},
                       {"offset", Fix.Offset},
                       {"length", Fix.Length},
                       {"text", Fix.Text}});
    Json J = Json::object();
    if (!F.Check.empty())
      J["check"] = F.Check;
    J["severity"] = F.Severity;
    J["file"] = F.File;
    J["line"] = F.Line;
    J["column"] = F.Column;
    J["message"] = F.Message;
    J["fixes"] = std::move(Fixes);
    Findings.push_back(std::move(J));
  }
  return {{"schema", CheckSchema},
          {"files", Doc.Files},
          {"findings", std::move(Findings)}};
}

std::vector<Diagnostic> checkDiagnostics(const CheckDocument &Doc,
                                         const std::string &SourceRoot) {
  std::vector<Diagnostic> Out;
  for (const CheckFinding &F : Doc.Findings) {
    Diagnostic D;
    D.Level = levelOf(F.Severity);
    D.Location =
        SourceLocation{pathUnder(F.File, SourceRoot), F.Line, F.Column};
    D.Message = F.Message;
    D.Check = F.Check;
    // A note explains the finding before it.
    if (D.Level == DiagnosticLevel::Note && !Out.empty())
      Out.back().Notes.push_back(std::move(D));
    else
      Out.push_back(std::move(D));
  }
  return Out;
}

const std::vector<const View<CheckDocument> *> &checkViews() {
  static const JsonCheckView Json;
  static const SarifCheckView Sarif;
  static const std::vector<const View<CheckDocument> *> Views = {&Json, &Sarif};
  return Views;
}

} // namespace headroom
