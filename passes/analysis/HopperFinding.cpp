//===- HopperFinding.cpp - The Hopper model's findings --------------------===//

#include "analysis/HopperFinding.h"

namespace headroom {

namespace {

/// The classic roofline's bound, which no implementation can beat: the
/// largest of the useful operations at the peak of their type, the tensor
/// pipe's work at its rate, and the DRAM bytes at DRAM's bandwidth. What
/// the bottleneck adds on top (issue slots of other instructions,
/// shared-memory or L2 traffic, an uneven grid) is the cap.
std::optional<Roof> roofOf(const HopperPrediction &P,
                           const Prediction *Thesis) {
  std::optional<Roof> Best;
  auto Consider = [&](RoofKind Kind, double Ms) {
    if (Ms > 0 && (!Best || Ms > Best->Ms))
      Best = Roof{Kind, false, Ms};
  };
  if (Thesis && Thesis->TOp > 0 && Thesis->WComp > 0)
    Consider(operationRoof(Thesis->Type),
             Thesis->WComp / (Thesis->TOp * 1e9) * 1e3);
  if (const UnitTime *T = P.timeOf(Unit::TensorPipe))
    Consider(RoofKind::Tensor, T->RoofMs);
  if (const UnitTime *T = P.timeOf(Unit::Dram))
    Consider(RoofKind::Dram, T->RoofMs);
  return Best;
}

/// Why unit \p Cap caps the kernel: its work against the issued
/// instructions or DRAM's bytes, and the busiest SM's extra share where the
/// grid does not spread evenly.
CapEvidence capOf(const KernelBounds &B, const UnitTime &Cap) {
  CapEvidence E;
  auto WorkOf = [&](Unit U) { return B.Work[static_cast<std::size_t>(U)]; };
  double Issued = WorkOf(Unit::Issue);
  const UnitInfo &Info = unitInfo(Cap.Id);
  if (Cap.Id == Unit::L1Wavefronts && WorkOf(Unit::FmaPipe) > 0)
    E.WavefrontsPerFma = WorkOf(Unit::L1Wavefronts) / WorkOf(Unit::FmaPipe);
  // The L2's bytes as its floor takes them: without the fabric's second
  // count (model/refinements/L2FabricSectors.h).
  if ((Cap.Id == Unit::L1Bytes || Cap.Id == Unit::L2Bytes) &&
      WorkOf(Unit::Dram) > 0)
    E.TrafficOverDram =
        (WorkOf(Cap.Id) - (Cap.Id == Unit::L2Bytes
                               ? B.Prediction.Evidence.L2Fabric.SecondCountBytes
                               : 0)) /
        WorkOf(Unit::Dram);
  if (Cap.Id == Unit::ConstantCache && Issued > 0)
    E.ConstantCyclesPerInstruction = WorkOf(Unit::ConstantCache) / Issued;
  // The tensor pipe and the constant cache count busy cycles, not
  // instructions.
  if (Issued > 0 && Info.Kind == UnitKind::Compute &&
      Cap.Id != Unit::TensorPipe && Cap.Id != Unit::ConstantCache)
    E.ShareOfIssued =
        WorkOf(Cap.Id == Unit::Issue ? Unit::FmaPipe : Cap.Id) / Issued;
  if (Cap.RoofMs > 0 && Cap.FloorMs > 1.1 * Cap.RoofMs) {
    E.Unevenness = Cap.FloorMs / Cap.RoofMs;
    E.PerScheduler = Info.Scope == UnitScope::Scheduler;
  }
  return E;
}

} // namespace

KernelFinding hopperFinding(const KernelBounds &B, const std::string &Device,
                            const Prediction *Thesis) {
  const HopperPrediction &P = B.Prediction;
  KernelFinding F;
  F.Model = B.FittedMs ? ModelKind::Fitted : ModelKind::Hopper;
  F.Device = Device;
  F.Verdict = B.regime();
  F.Balanced = P.balanced();
  F.MeasuredMs = P.MeasuredMs;
  F.FloorMs = P.floorMs();
  F.PredictedMs = B.predictedMs();
  if (B.FittedMs)
    F.SetBy.What = PredictedBy::Kind::Fitted;
  else if (std::optional<Limiter> L = P.limiter())
    F.SetBy = PredictedBy::of(*L);
  F.RoofTime = roofOf(P, Thesis);
  if (const UnitTime *U = P.busiestUnit(); U && P.utilization())
    F.Busiest = BusyUnit{U->Id, *P.utilization()};
  F.Units = P.Times;
  F.Estimates = P.Estimates;
  F.Refinements = P.Evidence;
  // What caps the kernel is the unit of its floor, whether the prediction
  // is that floor or an estimate above it.
  if (!P.Times.empty())
    F.Cap = capOf(B, P.Times.front());
  F.Work = B.Work;
  F.Causes = B.Causes;
  F.Advice = B.WhatIfs;
  F.MinBlocks = P.MinBlocks;
  F.Sms = P.Sms;
  return F;
}

TargetFinding hopperTarget(const BoundsProjection &P, Regime HereVerdict) {
  TargetFinding T;
  T.Device = P.Device;
  T.Model = ModelKind::Hopper;
  T.Verdict = P.TargetRegime;
  T.HereVerdict = HereVerdict;
  T.FloorMs = P.Prediction.floorMs();
  T.PredictedMs = P.Prediction.predictedMs();
  T.ProjectedMs = P.ProjectedMs;
  if (std::optional<Limiter> L = P.Prediction.limiter())
    T.SetBy = PredictedBy::of(*L);
  T.Estimated = P.Prediction.estimatePredicted();
  return T;
}

} // namespace headroom
