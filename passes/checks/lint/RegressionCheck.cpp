//===- RegressionCheck.cpp - headroom-regression --------------------------===//

#include "checks/lint/RegressionCheck.h"

#include "checks/CheckRegistry.h"
#include "checks/Message.h"
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

/// "its measured time per launch grew +20.0%, from 0.1000 ms to 0.1200 ms"
/// when \p Now grew beyond \p Limit times \p Before.
std::optional<std::string> grew(std::string_view What,
                                const std::optional<double> &Now,
                                const std::optional<double> &Before,
                                double Limit, std::string_view Why) {
  if (!Now || !Before || !(*Now > *Before * Limit))
    return std::nullopt;
  return message(
      Msg::NoteLintGrew,
      {Arg::text(What),
       Arg::text("+" + formatFixed(100 * (*Now / *Before - 1), 1) + "%"),
       Arg::time(*Before), Arg::time(*Now), Arg::text(Why)});
}

} // namespace

RegressionCheck::RegressionCheck() : Check(Info) {}

std::optional<Diagnostic> RegressionCheck::finding(const KernelReport &K,
                                                   const BaselineKernel &B,
                                                   const BaselineKernel &Now,
                                                   double NoisePct) const {
  double Limit = 1 + NoisePct / 100;
  std::vector<std::string> Grew;
  if (auto M = grew("measured", Now.MeasuredMsPerLaunch, B.MeasuredMsPerLaunch,
                    Limit, ""))
    Grew.push_back(*M);
  if (auto P = grew("predicted", Now.PredictedMsPerLaunch,
                    B.PredictedMsPerLaunch, Limit, message(Msg::GrewMoreWork)))
    Grew.push_back(*P);
  if (Grew.empty())
    return std::nullopt;
  Diagnostic D = headroom::finding(
      DiagnosticLevel::Error, name(), &K,
      message(Msg::LintRegressed, {Arg::quoted(K.ShortName),
                                   Arg::text(formatGeneral(NoisePct) + "%")}));
  for (const std::string &G : Grew)
    D.Notes.push_back(note(K.where(), G));
  if (!B.Bound.empty() && !Now.Bound.empty() && B.Bound != Now.Bound)
    D.Notes.push_back(
        note(K.where(), message(Msg::NoteLintBoundWas,
                                {Arg::text(B.Bound), Arg::text(Now.Bound)})));
  addBusiestSiteNote(K, D);
  return D;
}

const RegressionCheck &checkRegression() {
  static const RegressionCheck Instance;
  return Instance;
}

} // namespace headroom
