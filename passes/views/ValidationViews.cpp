//===- ValidationViews.cpp - What `headroom validate` prints --------------===//

#include "views/ValidationViews.h"

#include "schema/SchemaTags.h"
#include "support/Format.h"

#include <cstdio>
#include <string>

namespace headroom {

namespace {

std::string percentOf(std::size_t Part, std::size_t Whole) {
  return Whole ? formatFixed(100.0 * Part / Whole, 1) + "%" : "-";
}

std::string optionalMs(std::optional<double> Ms) {
  return Ms ? formatMs(*Ms) : "-";
}

std::string regimeText(std::optional<Regime> R) {
  return R ? regimeName(*R) : "-";
}

/// One row per model: name, kernels, qualifying, median, within 25%, floors
/// above (not for the fitted model, which is no bound).
struct Row {
  std::string Model, Kernels, Qualifying, Median, Within, Above;
};

std::vector<Row> scoreRows(const ValidationResult &R) {
  std::vector<Row> Rows;
  auto Add = [&](const ModelScore &S, std::string Name) {
    Rows.push_back({std::move(Name), std::to_string(S.Kernels),
                    std::to_string(S.Qualifying),
                    formatFixed(S.MedianAbsErrorPct, 1) + "%",
                    formatFixed(S.Within25Pct, 0) + "%",
                    S.Model == ValidatedModel::Fitted
                        ? "-"
                        : std::to_string(S.FloorsAbove)});
  };
  for (const ModelScore &S : R.Scores)
    Add(S, validatedModelName(S.Model));
  if (R.HopperHeldOut)
    Add(*R.HopperHeldOut, "hopper, held-out families");
  if (R.FittedHeldOut)
    Add(*R.FittedHeldOut, "fitted, held-out families");
  return Rows;
}

std::string sourceText(CounterSource S) {
  return S == CounterSource::Headroom
             ? "counters and times from the Headroom runtime"
             : "counters and times from Nsight Compute's launch";
}

std::vector<std::string> findings(const ValidationResult &R) {
  std::vector<std::string> Lines;
  Lines.push_back("verdict (compute, memory, latency) agrees with Nsight "
                  "Compute's Speed of Light for " +
                  std::to_string(R.VerdictsAgree) + " of " +
                  std::to_string(R.VerdictsCompared) + " kernels (" +
                  percentOf(R.VerdictsAgree, R.VerdictsCompared) + "); " +
                  std::to_string(R.VerdictsAgreeBalanced) + " (" +
                  percentOf(R.VerdictsAgreeBalanced, R.VerdictsCompared) +
                  ") when a balanced kernel may be either");
  // "latency-bound by <Reference>: 56 kernels, 51 of them called ...".
  auto LatencyLine = [](const std::string &Reference, std::size_t Bound,
                        std::size_t Called) {
    return "latency-bound by " + Reference + ": " + std::to_string(Bound) +
           " kernels, " + std::to_string(Called) +
           " of them called latency-bound (" + percentOf(Called, Bound) + ")";
  };
  Lines.push_back(LatencyLine("Nsight Compute", R.NcuLatency, R.LatencyAgree));
  if (R.WarmCompared) {
    Lines.push_back(
        "Nsight Compute without its cache flush (the launch in the cache "
        "state the program left, as the runtime samples it): the flushed "
        "verdict for " +
        std::to_string(R.WarmAgreesFlushed) + " of " +
        std::to_string(R.WarmCompared) + " kernels (" +
        percentOf(R.WarmAgreesFlushed, R.WarmCompared) +
        "); the verdict agrees with it for " +
        std::to_string(R.VerdictsAgreeWarm) + " (" +
        percentOf(R.VerdictsAgreeWarm, R.WarmCompared) + ")");
    Lines.push_back(LatencyLine("Nsight Compute without the flush",
                                R.NcuWarmLatency, R.LatencyAgreeWarm));
  }
  if (R.ProjectedFrom)
    Lines.push_back("projected from " + *R.ProjectedFrom +
                    " (measured there x ratio of the Hopper model's times): "
                    "median |error| " +
                    formatFixed(R.ProjectionMedianAbsErrorPct.value_or(0), 1) +
                    "% over " + std::to_string(R.Projected) +
                    " qualifying kernels");
  return Lines;
}

std::string kernelLine(const KernelOutcome &K, const char *Sep) {
  std::string S = K.Case + Sep + K.Kernel + Sep + formatMs(K.MeasuredMs) + Sep +
                  optionalMs(K.Hopper) + Sep + optionalMs(K.Thesis) + Sep +
                  optionalMs(K.Fitted) + Sep + K.Bottleneck + Sep +
                  regimeText(K.Verdict) + (K.Balanced ? " (balanced)" : "") +
                  Sep + regimeText(K.NcuVerdict) + Sep +
                  (K.qualifying() ? "yes" : "no");
  return S;
}

void writeText(std::ostream &OS, const ValidationResult &R, bool PerKernel) {
  std::size_t Qualifying = 0;
  for (const KernelOutcome &K : R.Kernels)
    Qualifying += K.qualifying();
  OS << "headroom validate: " << R.Gpu << " on " << R.Device << ", "
     << sourceText(R.Source) << "\n"
     << R.Kernels.size() << " kernels, " << Qualifying
     << " qualifying (>= 64 threads per block, >= 90 blocks, >= 0.1 ms)\n\n";
  char Line[160];
  std::snprintf(Line, sizeof Line, "%-26s %8s %11s %15s %11s %17s\n", "model",
                "kernels", "qualifying", "median |error|", "within 25%",
                "floors above +3%");
  OS << Line;
  for (const Row &Rw : scoreRows(R)) {
    std::snprintf(Line, sizeof Line, "%-26s %8s %11s %15s %11s %17s\n",
                  Rw.Model.c_str(), Rw.Kernels.c_str(), Rw.Qualifying.c_str(),
                  Rw.Median.c_str(), Rw.Within.c_str(), Rw.Above.c_str());
    OS << Line;
  }
  OS << "\n";
  for (const std::string &F : findings(R))
    OS << F << "\n";
  if (!PerKernel)
    return;
  OS << "\ncase  kernel  measured  hopper  thesis  fitted  bottleneck  "
        "verdict  ncu  qualifying\n";
  for (const KernelOutcome &K : R.Kernels)
    OS << kernelLine(K, "  ") << "\n";
}

void writeMarkdown(std::ostream &OS, const ValidationResult &R,
                   bool PerKernel) {
  std::size_t Qualifying = 0;
  for (const KernelOutcome &K : R.Kernels)
    Qualifying += K.qualifying();
  OS << "`" << R.Gpu << "` on `" << R.Device << "`, " << sourceText(R.Source)
     << ": " << R.Kernels.size() << " kernels, " << Qualifying
     << " qualifying.\n\n"
     << "| model | kernels | qualifying | median \\|error\\| | within 25% | "
        "floors above measured + 3% |\n"
     << "|---|---:|---:|---:|---:|---:|\n";
  for (const Row &Rw : scoreRows(R))
    OS << "| " << Rw.Model << " | " << Rw.Kernels << " | " << Rw.Qualifying
       << " | " << Rw.Median << " | " << Rw.Within << " | " << Rw.Above
       << " |\n";
  OS << "\n";
  for (const std::string &F : findings(R))
    OS << "- " << F << "\n";
  if (!PerKernel)
    return;
  OS << "\n| case | kernel | measured | hopper | thesis | fitted | bottleneck "
        "| verdict | ncu | qualifying |\n"
     << "|---|---|---:|---:|---:|---:|---|---|---|---|\n";
  for (const KernelOutcome &K : R.Kernels)
    OS << "| " << kernelLine(K, " | ") << " |\n";
}

nlohmann::ordered_json validationJson(const ValidationResult &R) {
  nlohmann::ordered_json J;
  J["schema"] = ValidationSchema;
  J["recorded"] = R.Gpu;
  J["device"] = R.Device;
  J["counters"] = counterSourceName(R.Source);
  auto ScoreJson = [](const ModelScore &S) {
    nlohmann::ordered_json M;
    M["model"] = validatedModelName(S.Model);
    M["kernels"] = S.Kernels;
    M["qualifying"] = S.Qualifying;
    M["median_abs_error_pct"] = S.MedianAbsErrorPct;
    M["within_25_pct"] = S.Within25Pct;
    M["floors_above_measured"] = S.FloorsAbove;
    return M;
  };
  J["scores"] = nlohmann::ordered_json::array();
  for (const ModelScore &S : R.Scores)
    J["scores"].push_back(ScoreJson(S));
  if (R.HopperHeldOut)
    J["hopper_held_out"] = ScoreJson(*R.HopperHeldOut);
  if (R.FittedHeldOut)
    J["fitted_held_out"] = ScoreJson(*R.FittedHeldOut);
  J["verdicts_compared"] = R.VerdictsCompared;
  J["verdicts_agree"] = R.VerdictsAgree;
  J["verdicts_agree_balanced"] = R.VerdictsAgreeBalanced;
  J["ncu_latency_bound"] = R.NcuLatency;
  J["latency_bound_agree"] = R.LatencyAgree;
  if (R.WarmCompared) {
    J["warm_compared"] = R.WarmCompared;
    J["warm_agrees_flushed"] = R.WarmAgreesFlushed;
    J["verdicts_agree_warm"] = R.VerdictsAgreeWarm;
    J["ncu_warm_latency_bound"] = R.NcuWarmLatency;
    J["latency_bound_agree_warm"] = R.LatencyAgreeWarm;
  }
  if (R.ProjectedFrom) {
    J["projected_from"] = *R.ProjectedFrom;
    J["projection_median_abs_error_pct"] =
        R.ProjectionMedianAbsErrorPct.value_or(0);
    J["projected"] = R.Projected;
  }
  J["kernels"] = nlohmann::ordered_json::array();
  auto Optional = [](std::optional<double> V) -> nlohmann::ordered_json {
    return V ? nlohmann::ordered_json(*V) : nlohmann::ordered_json();
  };
  for (const KernelOutcome &K : R.Kernels) {
    nlohmann::ordered_json E;
    E["case"] = K.Case;
    E["family"] = K.Family;
    E["kernel"] = K.Kernel;
    E["blocks"] = K.Blocks;
    E["threads_per_block"] = K.ThreadsPerBlock;
    E["qualifying"] = K.qualifying();
    E["measured_ms"] = K.MeasuredMs;
    E["hopper_ms"] = Optional(K.Hopper);
    E["hopper_floor_ms"] = Optional(K.HopperFloor);
    E["thesis_ms"] = Optional(K.Thesis);
    E["fitted_ms"] = Optional(K.Fitted);
    E["projected_ms"] = Optional(K.Projected);
    E["bottleneck"] = K.Bottleneck;
    E["verdict"] = regimeText(K.Verdict);
    E["balanced"] = K.Balanced;
    E["utilization"] = Optional(K.Utilization);
    E["ncu_sm_pct"] = Optional(K.NcuSmPct);
    E["ncu_memory_pct"] = Optional(K.NcuMemoryPct);
    E["ncu_verdict"] = regimeText(K.NcuVerdict);
    if (K.NcuWarmVerdict)
      E["ncu_warm_verdict"] = regimeText(K.NcuWarmVerdict);
    J["kernels"].push_back(std::move(E));
  }
  return J;
}

class TextValidationView : public View<ValidationResult> {
public:
  std::string_view format() const override { return "text"; }
  void write(std::ostream &OS, const ValidationResult &R,
             const ViewOptions &O) const override {
    writeText(OS, R, O.Detailed);
  }
};

class MarkdownValidationView : public View<ValidationResult> {
public:
  std::string_view format() const override { return "markdown"; }
  void write(std::ostream &OS, const ValidationResult &R,
             const ViewOptions &O) const override {
    writeMarkdown(OS, R, O.Detailed);
  }
};

class JsonValidationView : public View<ValidationResult> {
public:
  std::string_view format() const override { return "json"; }
  void write(std::ostream &OS, const ValidationResult &R,
             const ViewOptions &) const override {
    OS << validationJson(R).dump(2) << "\n";
  }
};

} // namespace

const std::vector<const View<ValidationResult> *> &validationViews() {
  static const TextValidationView Text;
  static const MarkdownValidationView Markdown;
  static const JsonValidationView Json;
  static const std::vector<const View<ValidationResult> *> Views = {
      &Text, &Markdown, &Json};
  return Views;
}

} // namespace headroom
