//===- AdviceValidationViews.cpp - validate --advice's table --------------===//

#include "views/AdviceValidationViews.h"

#include "schema/SchemaTags.h"
#include "support/Format.h"
#include "views/FindingJson.h"

#include <nlohmann/json.hpp>

#include <string>

namespace headroom {

namespace {

std::string speedup(double X) { return formatFixed(X, 2) + "x"; }

std::string adviceKey(const std::optional<WhatIfId> &Id) {
  return Id ? std::string(whatIfInfo(*Id).Key) : "none";
}

/// "register-tiling 3.10x" for the case's first advice, "-" for none.
std::string firstAdvice(const AdviceOutcome &O) {
  if (O.Advice.empty())
    return "-";
  const WhatIfEstimate &E = O.Advice.front();
  return std::string(whatIfInfo(E.Id).Key) + " " + speedup(E.speedup());
}

/// One row's cells: before, after, advice, estimated, measured, error,
/// first advice.
std::vector<std::string> cells(const AdviceOutcome &O) {
  return {O.Pair.Before,
          O.Pair.After,
          adviceKey(O.Pair.Advice),
          O.EstimatedMs ? speedup(O.estimatedSpeedup()) : "not offered",
          speedup(O.measuredSpeedup()),
          formatFixed(100 * O.absError(), 1) + "%",
          firstAdvice(O)};
}

std::string recordings(const AdviceValidation &V, const char *Quote) {
  std::string Text;
  for (const std::string &R : V.Recordings)
    Text += (Text.empty() ? "" : ", ") + std::string(Quote) + R + Quote;
  return Text;
}

std::vector<std::string> summary(const AdviceValidation &V) {
  const AdviceScore &S = V.Score;
  std::vector<std::string> Lines;
  Lines.push_back(std::to_string(S.Pairs) + " pairs, advice offered on " +
                  std::to_string(S.Offered) + "; mean |error| of the " +
                  "estimated speedup " + formatFixed(S.MeanAbsErrorPct, 1) +
                  "% over every pair (a pair whose advice was not offered " +
                  "counts as an estimate of 1.00x), " +
                  formatFixed(S.OfferedMeanAbsErrorPct, 1) +
                  "% over the offered ones");
  Lines.push_back("applied advice that made the case slower: " +
                  std::to_string(S.Slower));
  Lines.push_back("geomean speedup of offered advice: measured " +
                  speedup(S.GeomeanMeasured) + ", estimated " +
                  speedup(S.GeomeanEstimated));
  Lines.push_back(
      S.Ranked ? "ranking: of " + std::to_string(S.Ranked) +
                     " cases with two optimizations applied, at least one "
                     "advised, the one ranked first (advice not offered "
                     "last) gained more in " +
                     std::to_string(S.RankedRight)
               : "ranking: no case with two optimizations applied");
  if (!V.Unrecorded.empty()) {
    std::string Cases;
    for (const AdvicePair &P : V.Unrecorded)
      Cases += (Cases.empty() ? "" : ", ") + P.Before;
    Lines.push_back(std::to_string(V.Unrecorded.size()) +
                    (V.Unrecorded.size() == 1 ? " pair" : " pairs") +
                    " not recorded here: " + Cases);
  }
  return Lines;
}

const char *const Header[] = {"before",   "after", "advice",      "estimated",
                              "measured", "error", "first advice"};

class TextView : public View<AdviceValidation> {
public:
  std::string_view format() const override { return "text"; }
  void write(std::ostream &OS, const AdviceValidation &V,
             const ViewOptions &) const override {
    OS << "headroom validate --advice: " << V.PairsFile << " on "
       << recordings(V, "") << " (" << V.Device << ")\n\n";
    std::vector<std::vector<std::string>> Rows;
    Rows.emplace_back(std::begin(Header), std::end(Header));
    for (const AdviceOutcome &O : V.Outcomes)
      Rows.push_back(cells(O));
    std::vector<std::size_t> Width(Rows.front().size(), 0);
    for (const auto &R : Rows)
      for (std::size_t I = 0; I < R.size(); ++I)
        Width[I] = std::max(Width[I], R[I].size());
    for (const auto &R : Rows) {
      std::string Line;
      for (std::size_t I = 0; I < R.size(); ++I)
        Line += R[I] + std::string(Width[I] - R[I].size() + 2, ' ');
      OS << Line.substr(0, Line.find_last_not_of(' ') + 1) << "\n";
    }
    OS << "\n";
    for (const std::string &L : summary(V))
      OS << L << "\n";
  }
};

class MarkdownView : public View<AdviceValidation> {
public:
  std::string_view format() const override { return "markdown"; }
  void write(std::ostream &OS, const AdviceValidation &V,
             const ViewOptions &) const override {
    OS << "`" << V.PairsFile << "` on " << recordings(V, "`") << " (`"
       << V.Device << "`):\n\n";
    for (const std::string &L : summary(V))
      OS << "- " << L << "\n";
    OS << "\n|";
    for (const char *H : Header)
      OS << " " << H << " |";
    OS << "\n|---|---|---|---:|---:|---:|---|\n";
    for (const AdviceOutcome &O : V.Outcomes) {
      OS << "|";
      for (const std::string &C : cells(O))
        OS << " " << C << " |";
      OS << "\n";
    }
  }
};

class JsonView : public View<AdviceValidation> {
public:
  std::string_view format() const override { return "json"; }
  void write(std::ostream &OS, const AdviceValidation &V,
             const ViewOptions &) const override {
    nlohmann::ordered_json J;
    J["schema"] = AdviceValidationSchema;
    J["pairs_file"] = V.PairsFile;
    J["recorded"] = V.Recordings;
    J["device"] = V.Device;
    const AdviceScore &S = V.Score;
    J["pairs"] = S.Pairs;
    J["offered"] = S.Offered;
    J["mean_abs_error_pct"] = S.MeanAbsErrorPct;
    J["offered_mean_abs_error_pct"] = S.OfferedMeanAbsErrorPct;
    J["slower"] = S.Slower;
    J["ranked"] = S.Ranked;
    J["ranked_right"] = S.RankedRight;
    J["geomean_measured"] = S.GeomeanMeasured;
    J["geomean_estimated"] = S.GeomeanEstimated;
    J["unrecorded"] = nlohmann::ordered_json::array();
    for (const AdvicePair &P : V.Unrecorded)
      J["unrecorded"].push_back({{"before", P.Before}, {"after", P.After}});
    J["outcomes"] = nlohmann::ordered_json::array();
    for (const AdviceOutcome &O : V.Outcomes) {
      nlohmann::ordered_json E;
      E["before"] = O.Pair.Before;
      E["after"] = O.Pair.After;
      E["family"] = O.Family;
      E["advice"] = adviceKey(O.Pair.Advice);
      E["before_ms"] = O.BeforeMs;
      E["after_ms"] = O.AfterMs;
      E["estimated_ms"] = O.EstimatedMs ? nlohmann::ordered_json(*O.EstimatedMs)
                                        : nlohmann::ordered_json();
      E["estimated_speedup"] = O.estimatedSpeedup();
      E["measured_speedup"] = O.measuredSpeedup();
      E["abs_error"] = O.absError();
      E["case_advice"] = nlohmann::ordered_json::array();
      for (const WhatIfEstimate &A : O.Advice)
        E["case_advice"].push_back(whatIfEstimateJson(A));
      J["outcomes"].push_back(std::move(E));
    }
    OS << J.dump(2) << "\n";
  }
};

} // namespace

const std::vector<const View<AdviceValidation> *> &adviceValidationViews() {
  static const TextView Text;
  static const MarkdownView Markdown;
  static const JsonView Json;
  static const std::vector<const View<AdviceValidation> *> Views = {
      &Text, &Markdown, &Json};
  return Views;
}

} // namespace headroom
