//===- LintViews.cpp - The formats of `headroom lint` ---------------------===//

#include "views/LintViews.h"

#include "schema/SchemaTags.h"
#include "views/ReportJson.h"
#include "views/Sarif.h"
#include "views/TextDiagnosticPrinter.h"

namespace headroom {

namespace {

class TextLintView : public View<LintReport> {
public:
  std::string_view format() const override { return "text"; }
  void write(std::ostream &OS, const LintReport &R,
             const ViewOptions &O) const override {
    printTextDiagnostics(R.Result.Diagnostics, OS, O.Color, O.Program);
    OS << R.summary() << "\n";
  }
};

class JsonLintView : public View<LintReport> {
public:
  std::string_view format() const override { return "json"; }
  void write(std::ostream &OS, const LintReport &R,
             const ViewOptions &) const override {
    OS << lintToJson(R).dump(2) << "\n";
  }
};

class SarifLintView : public View<LintReport> {
public:
  std::string_view format() const override { return "sarif"; }
  void write(std::ostream &OS, const LintReport &R,
             const ViewOptions &O) const override {
    writeSarif(OS, R.Result.Diagnostics,
               {O.ToolVersion, R.Judged ? R.Judged->Source.Path : "",
                O.SourceRoot, O.DocsUri, R.Judged.get()});
  }
};

} // namespace

nlohmann::ordered_json lintToJson(const LintReport &R) {
  nlohmann::ordered_json J;
  J["schema"] = LintSchema;
  J["status"] = R.Result.Status;
  J["findings"] = R.Result.Findings;
  J["kernels_checked"] = R.Result.KernelsChecked;
  nlohmann::ordered_json Diags = nlohmann::ordered_json::array();
  for (const Diagnostic &D : R.Result.Diagnostics)
    Diags.push_back(diagnosticToJson(D));
  J["diagnostics"] = std::move(Diags);
  return J;
}

const std::vector<const View<LintReport> *> &lintViews() {
  static const TextLintView Text;
  static const JsonLintView Json;
  static const SarifLintView Sarif;
  static const std::vector<const View<LintReport> *> Views = {&Text, &Json,
                                                              &Sarif};
  return Views;
}

} // namespace headroom
