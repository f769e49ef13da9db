//===- PredictionViews.cpp - The formats of `headroom predict` ------------===//

#include "views/PredictionViews.h"

#include "views/PredictionCsv.h"
#include "views/PredictionJson.h"
#include "views/PredictionText.h"

namespace headroom {

namespace {

class TextPredictionView : public View<PredictionSet> {
public:
  std::string_view format() const override { return "text"; }
  void write(std::ostream &OS, const PredictionSet &Set,
             const ViewOptions &) const override {
    writePredictionsText(OS, Set);
  }
};

class JsonPredictionView : public View<PredictionSet> {
public:
  std::string_view format() const override { return "json"; }
  void write(std::ostream &OS, const PredictionSet &Set,
             const ViewOptions &) const override {
    OS << predictionsToJson(Set).dump(2) << "\n";
  }
};

class CsvPredictionView : public View<PredictionSet> {
public:
  std::string_view format() const override { return "csv"; }
  void write(std::ostream &OS, const PredictionSet &Set,
             const ViewOptions &) const override {
    writePredictionsCsv(OS, Set);
  }
};

} // namespace

const std::vector<const View<PredictionSet> *> &predictionViews() {
  static const TextPredictionView Text;
  static const JsonPredictionView Json;
  static const CsvPredictionView Csv;
  static const std::vector<const View<PredictionSet> *> Views = {&Text, &Json,
                                                                 &Csv};
  return Views;
}

} // namespace headroom
