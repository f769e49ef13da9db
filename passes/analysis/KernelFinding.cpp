//===- KernelFinding.cpp - One kernel's verdict, whichever model ----------===//

#include "analysis/KernelFinding.h"

#include <algorithm>
#include <map>

namespace headroom {

std::string_view modelKindKey(ModelKind M) {
  switch (M) {
  case ModelKind::Hopper:
    return "hopper";
  case ModelKind::Thesis:
    return "thesis";
  case ModelKind::Fitted:
    return "fitted";
  }
  return "hopper";
}

std::string_view roofKindKey(RoofKind R) {
  switch (R) {
  case RoofKind::Fp32:
    return "fp32";
  case RoofKind::Fp64:
    return "fp64";
  case RoofKind::Int:
    return "int";
  case RoofKind::Tensor:
    return "tensor";
  case RoofKind::Dram:
    return "dram";
  }
  return "dram";
}

RoofKind operationRoof(KernelType T) {
  switch (T) {
  case KernelType::Fp32:
    return RoofKind::Fp32;
  case KernelType::Fp64:
    return RoofKind::Fp64;
  case KernelType::Int:
    return RoofKind::Int;
  }
  return RoofKind::Fp32;
}

PredictedBy PredictedBy::of(const Limiter &L) {
  PredictedBy B;
  if (const Unit *U = std::get_if<Unit>(&L)) {
    B.What = Kind::Unit;
    B.U = *U;
  } else {
    B.What = Kind::Estimate;
    B.E = std::get<Estimate>(L);
  }
  return B;
}

std::string_view PredictedBy::key() const {
  switch (What) {
  case Kind::Unit:
    return unitInfo(U).Key;
  case Kind::Estimate:
    return estimateKey(E);
  case Kind::Roof:
    return "roof";
  case Kind::Fitted:
    return "fitted";
  }
  return "roof";
}

std::optional<double> KernelFinding::headroomToRoof() const {
  if (!MeasuredMs || !RoofTime || RoofTime->Ms <= 0)
    return std::nullopt;
  return *MeasuredMs / RoofTime->Ms;
}

std::optional<double> KernelFinding::headroomToCap() const {
  if (!MeasuredMs || PredictedMs <= 0)
    return std::nullopt;
  return *MeasuredMs / PredictedMs;
}

bool KernelFinding::capped() const {
  return RoofTime && RoofTime->Ms > 0 && PredictedMs > 1.1 * RoofTime->Ms;
}

const UnitTime *KernelFinding::unit(Unit U) const {
  for (const UnitTime &T : Units)
    if (T.Id == U)
      return &T;
  return nullptr;
}

const TargetFinding *KernelFinding::target(const std::string &Name) const {
  for (const TargetFinding &T : Targets)
    if (T.Device == Name)
      return &T;
  return nullptr;
}

void orderTargets(std::vector<TargetFinding> &Targets) {
  std::map<std::string, double> FastestOf;
  for (const TargetFinding &T : Targets) {
    auto [It, New] = FastestOf.emplace(T.Generation, T.ProjectedMs);
    if (!New)
      It->second = std::min(It->second, T.ProjectedMs);
  }
  std::stable_sort(Targets.begin(), Targets.end(),
                   [&](const TargetFinding &A, const TargetFinding &B) {
                     double GroupA = FastestOf.at(A.Generation),
                            GroupB = FastestOf.at(B.Generation);
                     if (GroupA != GroupB)
                       return GroupA < GroupB;
                     if (A.Generation != B.Generation)
                       return A.Generation < B.Generation;
                     return A.ProjectedMs < B.ProjectedMs;
                   });
}

} // namespace headroom
