//===- HighHeadroomCheck.cpp - headroom-high-headroom ---------------------===//

#include "checks/lint/HighHeadroomCheck.h"

#include "checks/CheckRegistry.h"
#include "checks/Message.h"
#include "checks/Notes.h"
#include "checks/Vocabulary.h"
#include "support/Format.h"
#include "support/Quantities.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::HighHeadroom, DiagnosticLevel::Error,
    "headroom lint: the kernel runs further from its roof than "
    "--max-headroom allows (or reaches less than --min-attainable-pct of "
    "it), or further from its prediction than --max-cap-headroom, or has "
    "advice estimated to make it --min-gain times faster or more.",
    "Optimize the kernel (see its bound's advice), or relax the threshold "
    "in the lint configuration."};

/// "memory-bound on H100-SXM: DRAM roof 8.002 ms, predicted 45.55 ms,
/// measured 45.54 ms": the finding behind the numbers a threshold judged.
std::string verdict(const KernelFinding &F) {
  return message(Msg::NoteLintVerdict,
                 {Arg::text(regimeName(F.Verdict)), Arg::text(F.Device),
                  Arg::text(F.RoofTime ? roofName(*F.RoofTime) : "roof"),
                  Arg::time(F.RoofTime ? F.RoofTime->Ms : F.PredictedMs),
                  Arg::time(F.PredictedMs), Arg::time(*F.MeasuredMs)});
}

/// What the warning compares the measured time with: its roof, or the
/// prediction where there is none.
std::string against(const KernelFinding &F) {
  return F.headroomToRoof() ? roofName(*F.RoofTime) : "prediction";
}

/// Whether \p Ratio reads as slower ("1.02x"): a ratio written 1.00x is
/// worded as belowOne's, not "1.00x slower".
bool readsSlower(double Ratio) {
  return Ratio > 1 && formatTimes(Ratio) != formatTimes(1);
}

/// A kernel faster than its roof or prediction, or as fast, above a
/// threshold below 1: "takes 0.997x the time predicted", not "1.00x slower".
std::string belowOne(const KernelReport &K, double Ratio, const std::string &Of,
                     std::string_view Option, double Threshold) {
  return message(Msg::LintRatioAbove,
                 {Arg::quoted(K.ShortName),
                  Arg::text(formatSignificant(Ratio, 3) + "x"), Arg::text(Of),
                  Arg::text(std::string(Option)),
                  Arg::text(formatGeneral(Threshold))});
}

} // namespace

HighHeadroomCheck::HighHeadroomCheck() : Check(Info) {}

std::optional<Diagnostic>
HighHeadroomCheck::finding(const Analysis &, const KernelReport &K,
                           const LintOptions &O) const {
  if (!K.Finding || !K.Finding->MeasuredMs)
    return std::nullopt;
  const KernelFinding &F = *K.Finding;
  // Every threshold the kernel fails; the first is the finding's claim.
  std::vector<std::string> Failed;
  std::optional<double> H = F.headroom();
  if (O.MaxHeadroom && H && *H > *O.MaxHeadroom)
    Failed.push_back(
        readsSlower(*H)
            ? message(Msg::LintOverRoof,
                      {Arg::quoted(K.ShortName), Arg::times(*H),
                       Arg::text(against(F)), Arg::text(O.MaxHeadroomOrigin),
                       Arg::text(formatGeneral(*O.MaxHeadroom))})
            : belowOne(K, *H,
                       F.headroomToRoof()
                           ? message(Msg::RatioOfRoof, {Arg::text(against(F))})
                           : message(Msg::RatioOfPrediction, {}),
                       O.MaxHeadroomOrigin, *O.MaxHeadroom));
  if (O.MinAttainablePct && H && 100 / *H < *O.MinAttainablePct)
    Failed.push_back(message(Msg::LintUnderRoof,
                             {Arg::quoted(K.ShortName), Arg::percent(1 / *H),
                              Arg::text(against(F)),
                              Arg::text(formatGeneral(*O.MinAttainablePct))}));
  std::optional<double> Cap = F.headroomToCap();
  if (O.MaxCapHeadroom && Cap && *Cap > *O.MaxCapHeadroom)
    Failed.push_back(
        readsSlower(*Cap)
            ? message(Msg::LintOverCap,
                      {Arg::quoted(K.ShortName), Arg::times(*Cap),
                       Arg::text(formatGeneral(*O.MaxCapHeadroom))})
            : belowOne(K, *Cap, message(Msg::RatioOfPrediction, {}),
                       "--max-cap-headroom", *O.MaxCapHeadroom));
  if (O.MinGain && !F.Advice.empty() &&
      F.Advice.front().speedup() >= *O.MinGain)
    Failed.push_back(message(Msg::LintAdviceGain,
                             {Arg::quoted(K.ShortName),
                              Arg::times(F.Advice.front().speedup()),
                              Arg::text(whatIfInfo(F.Advice.front().Id).Key),
                              Arg::text(formatGeneral(*O.MinGain))}));
  if (Failed.empty())
    return std::nullopt;
  Diagnostic D =
      headroom::finding(DiagnosticLevel::Error, name(), &K, Failed.front());
  for (std::size_t I = 1; I < Failed.size(); ++I)
    D.Notes.push_back(note(K.where(), Failed[I]));
  D.Notes.push_back(note(K.where(), verdict(F)));
  addBusiestSiteNote(K, D);
  return D;
}

const HighHeadroomCheck &checkHighHeadroom() {
  static const HighHeadroomCheck Instance;
  return Instance;
}

} // namespace headroom
