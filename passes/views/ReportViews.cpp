//===- ReportViews.cpp - The formats of `headroom report` -----------------===//

#include "views/ReportViews.h"

#include "views/HtmlReport.h"
#include "views/ReportCsv.h"
#include "views/ReportJson.h"
#include "views/Sarif.h"
#include "views/TargetSummary.h"
#include "views/TextDiagnosticPrinter.h"

namespace headroom {

namespace {

class TextReportView : public View<Analysis> {
public:
  std::string_view format() const override { return "text"; }
  void write(std::ostream &OS, const Analysis &A,
             const ViewOptions &O) const override {
    printTextDiagnostics(A.Diagnostics, OS, O.Color, O.Program);
    if (wantsTargetSummary(A))
      writeTargetSummary(OS, A);
  }
};

class JsonReportView : public View<Analysis> {
public:
  std::string_view format() const override { return "json"; }
  void write(std::ostream &OS, const Analysis &A,
             const ViewOptions &) const override {
    writeReportJson(OS, A);
  }
};

class SarifReportView : public View<Analysis> {
public:
  std::string_view format() const override { return "sarif"; }
  void write(std::ostream &OS, const Analysis &A,
             const ViewOptions &O) const override {
    writeSarif(OS, A.Diagnostics,
               {O.ToolVersion, A.Source.Path, O.SourceRoot, O.DocsUri, &A});
  }
};

class CsvReportView : public View<Analysis> {
public:
  std::string_view format() const override { return "csv"; }
  void write(std::ostream &OS, const Analysis &A,
             const ViewOptions &) const override {
    writeReportCsv(OS, A);
  }
};

class HtmlReportView : public View<Analysis> {
public:
  std::string_view format() const override { return "html"; }
  void write(std::ostream &OS, const Analysis &A,
             const ViewOptions &O) const override {
    writeHtmlReport(OS, A, O.ToolVersion, O.DocsUri);
  }
};

} // namespace

const std::vector<const View<Analysis> *> &reportViews() {
  static const TextReportView Text;
  static const JsonReportView Json;
  static const SarifReportView Sarif;
  static const CsvReportView Csv;
  static const HtmlReportView Html;
  static const std::vector<const View<Analysis> *> Views = {
      &Text, &Json, &Sarif, &Csv, &Html};
  return Views;
}

} // namespace headroom
