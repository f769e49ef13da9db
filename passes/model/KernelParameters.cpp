//===- KernelParameters.cpp - Thesis kernel parameters --------------------===//

#include "model/KernelParameters.h"

#include "model/MemoryLevels.h"
#include "support/Format.h"

#include <cmath>
#include <limits>

namespace headroom {

std::string_view kernelTypeName(KernelType T) {
  switch (T) {
  case KernelType::Fp32:
    return "fp32";
  case KernelType::Fp64:
    return "fp64";
  case KernelType::Int:
    return "int";
  }
  return "int";
}

std::optional<KernelType> parseKernelType(std::string_view Name) {
  if (Name == "fp32")
    return KernelType::Fp32;
  if (Name == "fp64")
    return KernelType::Fp64;
  if (Name == "int")
    return KernelType::Int;
  return std::nullopt;
}

const char *opUnit(KernelType T) {
  return T == KernelType::Int ? "IOP" : "FLOP";
}

double KernelParameters::operationalIntensity() const {
  if (WTraf == 0)
    return std::numeric_limits<double>::infinity();
  return WComp / WTraf;
}

static Error kernelError(const std::string &Name, const std::string &What) {
  return Error("kernel '" + Name + "': " + What);
}

/// " (totals over the N launches)" when the counts were scaled.
static std::string totalsNote(const KernelCounters &C) {
  if (C.Launches <= 1)
    return "";
  return " (totals over the " + std::to_string(C.Launches) + " launches)";
}

Expected<KernelParameters> deriveKernelParameters(const KernelCounters &C) {
  KernelParameters P;
  P.Name = C.Name;
  P.Launches = C.Launches;

  const double Fp32 = C.input(Counter::Fp32), Fp64 = C.input(Counter::Fp64);
  const double Fma32 = C.input(Counter::Fma32), Fma64 = C.input(Counter::Fma64);
  const double Int = C.input(Counter::Int), LdSt = C.input(Counter::LdSt);
  const double Inst = C.input(Counter::Inst);

  // K_type (section 4.2.2), then (4.1), (4.3) and (4.4).
  double Ops = 0, Fma = 0;
  if (Fp64 > 0) {
    P.Type = KernelType::Fp64;
    Ops = Fp64;
    Fma = Fma64;
  } else if (Fp32 > 0) {
    P.Type = KernelType::Fp32;
    Ops = Fp32;
    Fma = Fma32;
  } else {
    P.Type = KernelType::Int;
    Ops = Int;
  }
  if (P.Type == KernelType::Int) {
    P.WComp = Int;
    P.EMix = 0.5;
  } else {
    if (Fma > Ops)
      return kernelError(
          C.Name,
          "inconsistent counters: " +
              std::string(P.Type == KernelType::Fp64 ? "M_fma64" : "M_fma32") +
              " (" + formatGeneral(Fma) + ") exceeds " +
              (P.Type == KernelType::Fp64 ? "M_fp64" : "M_fp32") + " (" +
              formatGeneral(Ops) + ")" + totalsNote(C) +
              ", but FMA instructions are a subset of the "
              "floating-point instructions");
    P.WComp = Ops + Fma;
    P.EMix = (Ops + Fma) / (2 * Ops);
  }
  // (4.2)
  P.WTraf = dramBytes(C);
  if (P.WComp == 0 && P.WTraf == 0)
    return kernelError(C.Name, "no compute operations and no DRAM traffic "
                               "(W_comp = W_traf = 0): nothing to model");
  if (Inst == 0)
    return kernelError(C.Name, "no instructions executed (M_inst = 0): the "
                               "instruction densities (4.6)-(4.8) are "
                               "undefined");
  // (4.5)-(4.8)
  P.IOps = Ops;
  P.ITotal = 32 * Inst;
  if (Ops + LdSt > *P.ITotal)
    return kernelError(
        C.Name,
        "inconsistent counters: I_ops + M_ldst (" + formatGeneral(Ops + LdSt) +
            ") exceed I_total = 32 M_inst (" + formatGeneral(*P.ITotal) + ")" +
            totalsNote(C) + "; M_inst must count warp-level instructions");
  P.DOps = Ops / *P.ITotal;
  P.DLdSt = LdSt / *P.ITotal;
  P.DOther = 1 - P.DOps - P.DLdSt;
  return P;
}

Status validateKernelParameters(const KernelParameters &P) {
  auto Bad = [&](const std::string &What) { return kernelError(P.Name, What); };
  if (!std::isfinite(P.WComp) || P.WComp < 0)
    return Bad("W_comp must be a non-negative number");
  if (!std::isfinite(P.WTraf) || P.WTraf < 0)
    return Bad("W_traf must be a non-negative number");
  if (P.WComp == 0 && P.WTraf == 0)
    return Bad("no compute operations and no DRAM traffic (W_comp = W_traf = "
               "0): nothing to model");
  if (P.Type == KernelType::Int && P.EMix != 0.5)
    return Bad("E_mix of an int kernel is 0.5 by (4.3), got " +
               formatGeneral(P.EMix));
  if (!(P.EMix >= 0.5 && P.EMix <= 1))
    return Bad("E_mix must lie in [0.5, 1], got " + formatGeneral(P.EMix));
  for (auto [Name, D] : {std::pair<const char *, double>{"D_ops", P.DOps},
                         {"D_ldst", P.DLdSt},
                         {"D_other", P.DOther}})
    if (!(D >= 0 && D <= 1))
      return Bad(std::string(Name) + " must lie in [0, 1], got " +
                 formatGeneral(D));
  if (P.WComp > 0 && P.DOps == 0)
    return Bad("D_ops is 0 but W_comp is not: the compute instructions must "
               "have a density");
  double Sum = P.DOps + P.DLdSt + P.DOther;
  if (std::fabs(Sum - 1) > 0.0005)
    return Bad("D_ops + D_ldst + D_other must be 1, got " + formatGeneral(Sum));
  return Status::success();
}

} // namespace headroom
