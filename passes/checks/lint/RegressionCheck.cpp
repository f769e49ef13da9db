//===- RegressionCheck.cpp - headroom-regression --------------------------===//

#include "checks/lint/RegressionCheck.h"

#include "checks/CheckRegistry.h"
#include "checks/Notes.h"
#include "support/Format.h"

namespace headroom {

namespace {

constexpr Threshold Thresholds[] = {
    {"DefaultNoisePct", DefaultNoisePct, ThresholdUnit::Percent}};

constexpr CheckInfo Info{
    checks::Regression, DiagnosticLevel::Error,
    "headroom lint: the kernel's measured or predicted time per launch "
    "grew by more than --noise-pct since the baseline.",
    "Find the change that slowed it (measured) or made it do more work "
    "(predicted); if intended, rewrite the baseline with "
    "--write-baseline.",
    Thresholds};

std::string growth(double Now, double Before) {
  return "+" + formatFixed(100 * (Now / Before - 1), 1) + "%";
}

/// "measured 0.120 ms per launch, baseline 0.100 ms (+20.0%)" when
/// \p Now grew beyond \p Limit times \p Before.
std::optional<std::string> grew(const char *What,
                                const std::optional<double> &Now,
                                const std::optional<double> &Before,
                                double Limit, const char *Why) {
  if (!Now || !Before || !(*Now > *Before * Limit))
    return std::nullopt;
  return std::string(What) + " " + formatMs(*Now) +
         " ms per launch, baseline " + formatMs(*Before) + " ms (" +
         growth(*Now, *Before) + Why + ")";
}

} // namespace

RegressionCheck::RegressionCheck() : Check(Info) {}

std::optional<Diagnostic> RegressionCheck::finding(const KernelReport &K,
                                                   const BaselineKernel &B,
                                                   const BaselineKernel &Now,
                                                   double NoisePct) const {
  double Limit = 1 + NoisePct / 100;
  std::vector<std::string> Parts;
  if (auto M = grew("measured", Now.MeasuredMsPerLaunch, B.MeasuredMsPerLaunch,
                    Limit, ""))
    Parts.push_back(*M);
  if (auto P = grew("predicted floor", Now.PredictedMsPerLaunch,
                    B.PredictedMsPerLaunch, Limit,
                    ": it does more work or moves more bytes"))
    Parts.push_back(*P);
  if (Parts.empty())
    return std::nullopt;
  std::string Message = "kernel '" + K.Kernel + "' regressed beyond the " +
                        formatGeneral(NoisePct) + "% noise margin: ";
  for (std::size_t I = 0; I < Parts.size(); ++I)
    Message += (I ? "; " : "") + Parts[I];
  Diagnostic D = headroom::finding(DiagnosticLevel::Error, name(), &K, Message);
  if (!B.Bound.empty() && !Now.Bound.empty() && B.Bound != Now.Bound)
    D.Notes.push_back(note(K.Definition, "it was " + B.Bound +
                                             "-bound in the baseline and is " +
                                             Now.Bound + "-bound now"));
  addBusiestSiteNote(K, D);
  return D;
}

const RegressionCheck &checkRegression() {
  static const RegressionCheck Instance;
  return Instance;
}

} // namespace headroom
