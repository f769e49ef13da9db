//===- ReportDiagnostics.cpp - Diagnostics from a profile report ----------===//

#include "report/ReportDiagnostics.h"

#include "model/Format.h"

#include <cmath>

namespace headroom {

const char *diagnosticLevelName(DiagnosticLevel L) {
  switch (L) {
  case DiagnosticLevel::Note:
    return "note";
  case DiagnosticLevel::Remark:
    return "remark";
  case DiagnosticLevel::Warning:
    return "warning";
  case DiagnosticLevel::Error:
    return "error";
  }
  return "warning";
}

namespace {

// Thresholds of the model's own qualifications (MODEL.md section 3).
constexpr std::uint64_t MinThreadsPerBlock = 64;
constexpr std::uint64_t MinBlocks = 90;
constexpr double ShortLaunchNs = 100e3;
constexpr double L2ToDramLimit = 2.0;
constexpr double DivergentThreadsPerInst = 28.0;

/// "FLOP" for floating-point kernels, "IOP" for integer ones.
const char *opUnit(KernelType T) { return T == KernelType::Int ? "IOP" : "FLOP"; }

/// A rate in G units per second with a readable prefix: 812 GFLOP/s,
/// 14.3 TFLOP/s.
std::string formatRate(double Gops, const char *Unit) {
  if (Gops >= 1000)
    return formatFixed(Gops / 1000, Gops >= 10000 ? 1 : 2) + " T" + Unit + "/s";
  return formatFixed(Gops, Gops >= 100 ? 0 : 1) + " G" + Unit + "/s";
}

std::string formatDuration(double Ns) {
  if (Ns >= 1e6)
    return formatMs(Ns / 1e6) + " ms";
  return formatFixed(Ns / 1e3, Ns >= 1e4 ? 1 : 2) + " us";
}

std::string formatIntensity(double O) {
  if (std::isinf(O))
    return "inf";
  return O >= 10 ? formatFixed(O, 1) : formatFixed(O, O >= 1 ? 2 : 3);
}

std::string percent(double Fraction) {
  return formatFixed(100 * Fraction, 0) + "%";
}

Diagnostic note(std::optional<SourceLocation> Loc, std::string Message) {
  Diagnostic N;
  N.Level = DiagnosticLevel::Note;
  N.Location = std::move(Loc);
  N.Message = std::move(Message);
  return N;
}

/// The warning for a kernel the model could predict.
Diagnostic boundWarning(const KernelReport &K, const std::string &Device) {
  const Prediction &P = *K.Model;
  const char *Unit = opUnit(P.Type);
  bool Compute = P.Limit == Bound::Compute;
  Diagnostic D;
  D.Location = K.Definition;
  D.Check = Compute ? "headroom-compute-bound" : "headroom-memory-bound";
  D.Message = "kernel '" + K.Kernel + "' is " + boundName(P.Limit) +
              "-bound on " + Device + " (O_krn " + formatIntensity(P.OKrn) +
              (Compute ? " > " : " <= ") + "O_dev " + formatIntensity(P.ODev) +
              " " + Unit + "/byte): attainable " +
              formatRate(P.AttainableGops, Unit);
  if (!Compute)
    D.Message += " at " + formatFixed(P.BMem, 0) + " GB/s";
  D.Message += ", predicted floor " + formatMs(P.PredictedMs) + " ms";
  if (auto H = P.headroom())
    D.Message += ", measured " + formatMs(*P.MeasuredMs) + " ms, headroom " +
                 formatFixed(*H, 2) + "x";
  return D;
}

/// The note that names what caps compute: the instruction mix (4.13-4.17).
Diagnostic mixNote(const KernelReport &K) {
  const Prediction &P = *K.Model;
  const char *Unit = opUnit(P.Type);
  double Cost = P.COp + P.CLdSt + P.COther;
  std::string Ops = std::string(kernelTypeName(P.Type)) + " operations";
  std::string Message =
      "compute is capped at " + formatRate(P.TOpEff, Unit) + " (" +
      percent(P.TOpEff / P.TOp) + " of the " + formatRate(P.TOp, Unit) +
      " peak): ";
  // Name the largest non-useful share of issue cost first.
  double LdSt = P.CLdSt / Cost, Other = P.COther / Cost;
  if (LdSt >= Other)
    Message += "load/store instructions take " + percent(LdSt) +
               " of issue cost, other instructions " + percent(Other);
  else
    Message += "other (integer, control, conversion) instructions take " +
               percent(Other) + " of issue cost, load/store " +
               percent(LdSt);
  Message += ", " + Ops + " " + percent(P.EInstr);
  double FmaShare = 2 * P.EMix - 1;
  if (FmaShare < 0.005)
    Message += "; none of them are fused multiply-adds (E_mix " +
               percent(P.EMix) + ")";
  else if (FmaShare < 0.995)
    Message += "; only " + percent(FmaShare) +
               " of them are fused multiply-adds (E_mix " + percent(P.EMix) +
               ")";
  return note(K.Definition, Message);
}

/// The qualifications of MODEL.md section 3 that apply to \p K.
void addQualifyingNotes(const KernelReport &K, Diagnostic &D) {
  if (K.MinThreadsPerBlock && (K.MinThreadsPerBlock < MinThreadsPerBlock ||
                               K.MinBlocks < MinBlocks))
    D.Notes.push_back(note(
        K.Definition,
        "launched with as few as " + std::to_string(K.MinBlocks) +
            " blocks of " + std::to_string(K.MinThreadsPerBlock) +
            " threads: too little parallelism to hide latency, so the "
            "floor is only a lower bound on time"));
  if (K.Launches && K.meanLaunchNs() < ShortLaunchNs)
    D.Notes.push_back(note(K.Definition,
                           "a launch takes " + formatDuration(K.meanLaunchNs()) +
                               " on average: launch overhead, which the "
                               "model does not see, may dominate"));
  if (K.L2ToDramRatio && *K.L2ToDramRatio > L2ToDramLimit)
    D.Notes.push_back(note(
        K.Definition, "L2 traffic is " + formatFixed(*K.L2ToDramRatio, 1) +
                          "x DRAM traffic: the kernel may be bound by L2 "
                          "bandwidth, which the base model does not see"));
  if (K.ThreadsPerWarpInst && *K.ThreadsPerWarpInst < DivergentThreadsPerInst)
    D.Notes.push_back(
        note(K.Definition, "divergence: on average " +
                               formatFixed(*K.ThreadsPerWarpInst, 1) +
                               " of 32 threads are active per warp "
                               "instruction"));
  if (K.Model->Type == KernelType::Int)
    D.Notes.push_back(
        note(K.Definition, "integer-dominated kernel: the cost of integer "
                           "instructions varies 2-5x by opcode, so the "
                           "compute ceiling is approximate"));
}

void addSiteNotes(const KernelReport &K, Diagnostic &D) {
  for (const SiteUsage &U : K.Sites) {
    std::string Share =
        K.TotalNs > 0 ? percent(U.TotalNs / K.TotalNs) : std::string("0%");
    std::string Message =
        (U.Site ? "launched " : "launched outside instrumented code ") +
        std::to_string(U.Launches) + (U.Launches == 1 ? " time" : " times") +
        (U.Site ? " here" : "") + ", " + Share + " of the kernel's GPU time (" +
        formatDuration(U.TotalNs) + ")";
    D.Notes.push_back(
        note(U.Site ? std::optional(U.Site->Launch) : std::nullopt, Message));
  }
}

} // namespace

std::vector<Diagnostic>
buildReportDiagnostics(const ProfileReport &R,
                       const std::vector<std::string> &CollectionWarnings) {
  std::vector<Diagnostic> Out;
  for (const KernelReport &K : R.Kernels) {
    Diagnostic D;
    if (K.Model) {
      D = boundWarning(K, R.DeviceName);
      D.Notes.push_back(mixNote(K));
      addQualifyingNotes(K, D);
      if (K.ModeledLaunches < K.Launches)
        D.Notes.push_back(note(
            K.Definition,
            std::to_string(K.Launches - K.ModeledLaunches) +
                " launches without counters are not in the prediction"));
    } else {
      D.Location = K.Definition;
      D.Check = "headroom-no-counters";
      D.Message = "kernel '" + K.Kernel + "' took " +
                  formatDuration(K.TotalNs) + " in " +
                  std::to_string(K.Launches) + " launches (" +
                  percent(K.ShareOfProfile) +
                  " of GPU time); its bound is unknown: " +
                  (K.ModelError ? "the model cannot use its counters: " +
                                      K.ModelError->message()
                                : "no hardware counters were collected");
      if (!K.ModelError)
        for (const std::string &W : CollectionWarnings)
          D.Notes.push_back(note(K.Definition, "the profile says: " + W));
    }
    addSiteNotes(K, D);
    Out.push_back(std::move(D));
  }
  return Out;
}

} // namespace headroom
