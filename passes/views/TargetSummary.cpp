//===- TargetSummary.cpp - Every kernel on every --target at a glance -----===//

#include "views/TargetSummary.h"

#include "model/HopperModel.h"
#include "support/Format.h"
#include "support/TextTable.h"

#include <optional>

namespace headroom {

namespace {

/// One kernel on one target, by the model that projects it there (the
/// Hopper model where the target has unit rates, as the notes do).
struct TargetLine {
  std::string Device;
  const char *Model = "";
  std::string Bound;
  bool Changes = false;
  double Ms = 0;
  /// The same time on the profiled device, for the ratio.
  double HereMs = 0;
};

std::optional<TargetLine> lineFor(const KernelReport &K,
                                  const std::string &Device) {
  if (K.Bounds)
    for (const BoundsProjection &P : K.Bounds->Projections)
      if (P.Device == Device)
        return TargetLine{Device,
                          "Hopper",
                          regimeName(P.TargetRegime),
                          P.TargetRegime != K.Bounds->regime(),
                          P.ProjectedMs,
                          K.Bounds->Prediction.MeasuredMs.value_or(
                              K.Bounds->Prediction.predictedMs())};
  if (K.Model)
    for (const Prediction &P : K.Projections)
      if (P.Device == Device)
        return TargetLine{Device,
                          "thesis",
                          boundName(P.Limit),
                          P.Limit != K.Model->Limit,
                          P.Correction ? P.Correction->CorrectedMs
                                       : P.PredictedMs,
                          K.Model->MeasuredMs.value_or(K.Model->PredictedMs)};
  return std::nullopt;
}

/// "measured 45.542 ms, memory-bound"; where the thesis model, which
/// projects the targets without unit rates, reads the kernel otherwise:
/// "measured 45.542 ms, memory-bound (thesis model: compute-bound)".
std::string hereText(const KernelReport &K) {
  std::optional<double> Measured;
  double Floor = 0;
  std::string Bound;
  if (K.Bounds) {
    const HopperPrediction &P = K.Bounds->Prediction;
    Measured = P.MeasuredMs;
    Floor = P.floorMs();
    std::string Regime = regimeName(K.Bounds->regime());
    Bound = Regime + "-bound";
    bool ThesisRows = K.Model && !K.Projections.empty();
    if (ThesisRows && Regime != boundName(K.Model->Limit))
      Bound += std::string(" (thesis model: ") + boundName(K.Model->Limit) +
               "-bound)";
  } else {
    Measured = K.Model->MeasuredMs;
    Floor = K.Model->PredictedMs;
    Bound = std::string(boundName(K.Model->Limit)) + "-bound";
  }
  return (Measured ? "measured " + formatMs(*Measured)
                   : "floor " + formatMs(Floor)) +
         " ms, " + Bound;
}

void writeKernel(std::ostream &OS, const Analysis &A, const KernelReport &K) {
  const std::string &Here = A.Device.Device.Name;
  std::vector<TargetLine> Lines;
  for (const DeviceEntry &T : A.Targets)
    if (std::optional<TargetLine> L = lineFor(K, T.Device.Name))
      Lines.push_back(std::move(*L));
  if (Lines.empty())
    return;
  OS << "kernel '" << K.Kernel << "' on " << Here << ": " << hereText(K)
     << "; on " << Lines.size() << (Lines.size() == 1 ? " target" : " targets")
     << ":\n";
  TextTable Table;
  Table.column("target", TextTable::Align::Left)
      .column("model", TextTable::Align::Left)
      .column("bound there", TextTable::Align::Left)
      .column("projected ms")
      .column("x " + Here);
  const TargetLine *Fastest = nullptr;
  std::string Changes;
  for (const TargetLine &L : Lines) {
    Table.row({L.Device, L.Model, L.Bound + (L.Changes ? " (changes)" : ""),
               formatMs(L.Ms),
               L.HereMs > 0 ? formatFixed(L.Ms / L.HereMs, 2) + "x" : "-"});
    if (!Fastest || L.Ms < Fastest->Ms)
      Fastest = &L;
    if (L.Changes)
      Changes += (Changes.empty() ? "" : ", ") + L.Device;
  }
  Table.render(OS);
  OS << "  fastest target: " << Fastest->Device << " (" << formatMs(Fastest->Ms)
     << " ms); the bound changes on: " << (Changes.empty() ? "none" : Changes)
     << "\n";
}

} // namespace

bool wantsTargetSummary(const Analysis &A) { return A.Targets.size() >= 2; }

void writeTargetSummary(std::ostream &OS, const Analysis &A) {
  for (const KernelReport &K : A.Report.Kernels)
    writeKernel(OS, A, K);
}

} // namespace headroom
