//===- PredictionText.cpp - The text view of predictions ------------------===//

#include "views/PredictionText.h"

#include "support/Format.h"
#include "support/KernelNames.h"
#include "support/TextTable.h"

#include <cmath>

namespace headroom {

using Align = TextTable::Align;

namespace {

std::string intensity(double O) { return formatFixed(O, 3); }

std::string margin(const Prediction &P) {
  return std::isinf(P.Margin) ? "inf" : formatFixed(P.Margin, 2) + "x";
}

void writeKernels(std::ostream &OS, const PredictionSet &Set) {
  OS << "Kernels";
  if (!Set.Source.empty())
    OS << " (" << Set.Source << ")";
  OS << "\n";
  bool AnyMeasured = false;
  for (const KernelEntry &K : Set.Kernels)
    AnyMeasured |= K.MeasuredMs.has_value();
  TextTable T;
  T.column("kernel", Align::Left)
      .column("K_type", Align::Left)
      .column("launches")
      .column("W_comp")
      .column("W_traf")
      .column("O_krn")
      .column("E_mix")
      .column("D_ops")
      .column("D_ldst")
      .column("D_other");
  if (AnyMeasured)
    T.column("measured_ms");
  for (const KernelEntry &K : Set.Kernels) {
    const KernelParameters &P = K.Parameters;
    T.row({P.Name, std::string(kernelTypeName(P.Type)),
           std::to_string(P.Launches), formatGrouped(P.WComp),
           formatGrouped(P.WTraf), intensity(P.operationalIntensity()),
           formatPercentFixed(P.EMix), formatPercentFixed(P.DOps),
           formatPercentFixed(P.DLdSt), formatPercentFixed(P.DOther),
           K.MeasuredMs ? formatMs(*K.MeasuredMs) : ""});
  }
  T.render(OS);
}

void writeSummary(std::ostream &OS, const PredictionSet &Set) {
  OS << "\nPredicted time (ms) and bound\n";
  TextTable T;
  T.column("kernel", Align::Left);
  for (const DeviceEntry &D : Set.Devices)
    T.column(D.Device.Name, Align::Left);
  for (std::size_t K = 0; K < Set.Kernels.size(); ++K) {
    std::vector<std::string> Row = {Set.Kernels[K].Parameters.Name};
    for (std::size_t D = 0; D < Set.Devices.size(); ++D) {
      const Prediction &P = Set.at(D, K);
      Row.push_back(formatMs(P.PredictedMs) + " " + boundName(P.Limit));
    }
    T.row(Row);
  }
  std::vector<std::string> Total = {"total"};
  for (std::size_t D = 0; D < Set.Devices.size(); ++D)
    Total.push_back(formatMs(Set.totalPredictedMs(D)));
  T.row(Total);
  T.render(OS);

  if (!Set.ReferenceIndex)
    return;
  const std::string &Ref = Set.Devices[*Set.ReferenceIndex].Device.Name;
  OS << "\nCorrected time (ms) with E_util from " << Ref << " (thesis 5.13)\n";
  TextTable C;
  C.column("kernel", Align::Left).column("E_util");
  for (const DeviceEntry &D : Set.Devices)
    C.column(D.Device.Name);
  for (std::size_t K = 0; K < Set.Kernels.size(); ++K) {
    const Prediction &First = Set.at(0, K);
    std::vector<std::string> Row = {
        Set.Kernels[K].Parameters.Name,
        First.Correction ? formatFixed(First.Correction->EUtil, 3) : "-"};
    for (std::size_t D = 0; D < Set.Devices.size(); ++D) {
      const Prediction &P = Set.at(D, K);
      Row.push_back(P.Correction ? formatMs(P.Correction->CorrectedMs) : "-");
    }
    C.row(Row);
  }
  std::vector<std::string> CorrectedTotal = {"total", ""};
  for (std::size_t D = 0; D < Set.Devices.size(); ++D) {
    std::optional<double> Sum = Set.totalCorrectedMs(D);
    CorrectedTotal.push_back(Sum ? formatMs(*Sum) : "-");
  }
  C.row(CorrectedTotal);
  C.render(OS);
}

void writeDevice(std::ostream &OS, const PredictionSet &Set, std::size_t D) {
  const DeviceEntry &E = Set.Devices[D];
  const DeviceParameters &Dev = E.Device;
  OS << "\n" << Dev.Name << " (";
  if (std::string Arch = describeArchitecture(Dev); !Arch.empty())
    OS << Arch << "; ";
  OS << deviceSourceName(E.Source) << " " << E.Path << ")";
  if (Set.ReferenceIndex && *Set.ReferenceIndex == D)
    OS << " [reference]";
  OS << "\n";
  OS << "  ";
  for (const DeviceParameterInfo &Info : deviceParameterInfos())
    OS << (Info.Id == DeviceParameter::TSP ? "" : "  ") << Info.Key << " "
       << formatFixed(Dev.value(Info.Id), 2) << " " << Info.Unit;
  OS << "\n";
  DeviceWeights W = computeWeights(Dev);
  OS << "  W_op fp32 " << formatFixed(W.OpFp32, 2) << "  fp64 "
     << formatFixed(W.OpFp64, 2) << "  int " << formatFixed(W.OpInt, 2);
  if (Set.Options.OptimisticInt)
    OS << " (optimistic: " << formatFixed(W.OpIntOptimistic, 2) << ")";
  OS << "  W_ldst " << formatFixed(W.LdSt, 2) << "  W_other "
     << formatFixed(W.Other, 2) << "\n";

  bool HasMeasured = false, HasCorrection = false;
  for (std::size_t K = 0; K < Set.Kernels.size(); ++K) {
    HasMeasured |= Set.at(D, K).MeasuredMs.has_value();
    HasCorrection |= Set.at(D, K).Correction.has_value();
  }
  TextTable T;
  T.column("kernel", Align::Left)
      .column("C_op")
      .column("C_ldst")
      .column("C_other")
      .column("E_instr")
      .column("E_mix")
      .column("T_op")
      .column("T'_op")
      .column("O_dev")
      .column("O_krn")
      .column("bound", Align::Left)
      .column("O_krn/O_dev")
      .column("attainable")
      .column("predicted_ms");
  if (HasMeasured)
    T.column("measured_ms").column("headroom").column("error");
  if (HasCorrection)
    T.column("corrected_ms");
  for (std::size_t K = 0; K < Set.Kernels.size(); ++K) {
    const Prediction &P = Set.at(D, K);
    std::vector<std::string> Row = {shortKernelName(P.Kernel),
                                    formatFixed(P.COp, 2),
                                    formatFixed(P.CLdSt, 2),
                                    formatFixed(P.COther, 2),
                                    formatPercentFixed(P.EInstr),
                                    formatPercentFixed(P.EMix),
                                    formatFixed(P.TOp, 2),
                                    formatFixed(P.TOpEff, 2),
                                    intensity(P.ODev),
                                    intensity(P.OKrn),
                                    boundName(P.Limit),
                                    margin(P),
                                    formatFixed(P.AttainableGops, 2),
                                    formatMs(P.PredictedMs)};
    if (HasMeasured) {
      Row.push_back(P.MeasuredMs ? formatMs(*P.MeasuredMs) : "-");
      Row.push_back(P.headroom() ? formatFixed(*P.headroom(), 2) + "x" : "-");
      Row.push_back(P.error() ? formatPercentFixed(*P.error()) : "-");
    }
    if (HasCorrection)
      Row.push_back(P.Correction ? formatMs(P.Correction->CorrectedMs) : "-");
    T.row(Row);
  }
  if (Set.Kernels.size() > 1) {
    std::vector<std::string> Total(14, "");
    Total[0] = "total";
    Total[13] = formatMs(Set.totalPredictedMs(D));
    if (HasMeasured) {
      std::optional<double> M = Set.totalMeasuredMs(D);
      Total.push_back(M ? formatMs(*M) : "-");
      Total.push_back("");
      Total.push_back("");
    }
    if (HasCorrection) {
      std::optional<double> C = Set.totalCorrectedMs(D);
      Total.push_back(C ? formatMs(*C) : "-");
    }
    T.row(Total);
  }
  T.render(OS);
}

} // namespace

void writePredictionsText(std::ostream &OS, const PredictionSet &Set) {
  OS << "Model: thesis quantitative roofline (4.1)-(4.18)";
  if (Set.Options.OptimisticInt)
    OS << ", optimistic integer variant (int ops at T_add, E_mix 100%)";
  OS << ". Throughputs in Gop/s (GFLOP/s for fp, GIOP/s for int kernels).\n\n";
  writeKernels(OS, Set);
  writeSummary(OS, Set);
  for (std::size_t D = 0; D < Set.Devices.size(); ++D)
    writeDevice(OS, Set, D);
  for (const std::string &Note : predictionNotes(Set))
    OS << "\nnote: " << Note << "\n";
}

std::vector<std::string> predictionNotes(const PredictionSet &Set) {
  std::vector<std::string> Notes;
  for (const std::string &Kernel : Set.Uncorrected)
    Notes.push_back("kernel '" + Kernel +
                    "' has no measured time: not corrected");
  if (Set.MeasuredTimesUnused)
    Notes.push_back("measured times in the counters file are not used: name "
                    "the GPU they were measured on with --reference to get "
                    "headroom and the E_util correction");
  if (Set.HopperNeedsProfile)
    Notes.push_back("the thesis model ran: a counters file has no launch "
                    "configuration, which the Hopper model needs; give a "
                    "profile (--profile, or Nsight Compute's export with "
                    "--ncu) for it");
  return Notes;
}

} // namespace headroom
