//===- PredictionCsv.cpp - Predictions for spreadsheets -------------------===//

#include "views/PredictionCsv.h"

#include "support/Csv.h"
#include "support/Format.h"
#include "support/KernelNames.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom {

void writePredictionsCsv(std::ostream &OS, const PredictionSet &Set) {
  writeCsvRow(OS,
              {"device",   "kernel",       "K_type",          "bound",
               "margin",   "predicted_ms", "attainable_gops", "measured_ms",
               "headroom", "error",        "E_util",          "corrected_ms",
               "W_comp",   "W_traf",       "O_krn",           "O_dev",
               "E_mix",    "E_instr",      "D_ops",           "D_ldst",
               "D_other",  "W_op",         "W_ldst",          "W_other",
               "C_op",     "C_ldst",       "C_other",         "T_op",
               "T_op_eff", "B_mem"});
  for (std::size_t D = 0; D < Set.Devices.size(); ++D)
    for (std::size_t K = 0; K < Set.Kernels.size(); ++K) {
      const Prediction &P = Set.at(D, K);
      const KernelParameters &KP = Set.Kernels[K].Parameters;
      std::optional<double> EUtil, Corrected;
      if (P.Correction) {
        EUtil = P.Correction->EUtil;
        Corrected = P.Correction->CorrectedMs;
      }
      writeCsvRow(OS, {P.Device,
                       shortKernelName(P.Kernel),
                       std::string(kernelTypeName(P.Type)),
                       boundName(P.Limit),
                       formatGeneral(P.Margin),
                       formatGeneral(P.PredictedMs),
                       formatGeneral(P.AttainableGops),
                       csvNumber(P.MeasuredMs),
                       csvNumber(P.headroom()),
                       csvNumber(P.error()),
                       csvNumber(EUtil),
                       csvNumber(Corrected),
                       formatGeneral(P.WComp),
                       formatGeneral(P.WTraf),
                       formatGeneral(P.OKrn),
                       formatGeneral(P.ODev),
                       formatGeneral(P.EMix),
                       formatGeneral(P.EInstr),
                       formatGeneral(KP.DOps),
                       formatGeneral(KP.DLdSt),
                       formatGeneral(KP.DOther),
                       formatGeneral(P.WOp),
                       formatGeneral(P.WLdSt),
                       formatGeneral(P.WOther),
                       formatGeneral(P.COp),
                       formatGeneral(P.CLdSt),
                       formatGeneral(P.COther),
                       formatGeneral(P.TOp),
                       formatGeneral(P.TOpEff),
                       formatGeneral(P.BMem)});
    }
}

} // namespace headroom
