//===- Vocabulary.cpp - The words for what the model names ----------------===//

#include "checks/Vocabulary.h"

namespace headroom {

std::string_view unitName(Unit U) {
  switch (U) {
  case Unit::Issue:
    return "instruction issue";
  case Unit::FmaPipe:
    return "FMA pipe";
  case Unit::FmaHeavyPipe:
    return "FMA-heavy pipe";
  case Unit::AluPipe:
    return "ALU pipe";
  case Unit::Fp64Pipe:
    return "FP64 pipe";
  case Unit::XuPipe:
    return "transcendental (XU) pipe";
  case Unit::LsuPipe:
    return "load/store pipe";
  case Unit::AduPipe:
    return "ADU pipe (barriers, indexed branches)";
  case Unit::TensorPipe:
    return "tensor pipe";
  case Unit::ConstantCache:
    return "constant cache (IDC)";
  case Unit::L1Wavefronts:
    return "L1/shared-memory data path";
  case Unit::L1Bytes:
    return "L1 bandwidth";
  case Unit::L2Bytes:
    return "L2 bandwidth";
  case Unit::L2Requests:
    return "L2 request rate";
  case Unit::L2Atomics:
    return "atomic unit of the busiest L2 slice";
  case Unit::Dram:
    return "DRAM bandwidth";
  }
  return "unit";
}

std::string_view estimateName(Estimate E) {
  switch (E) {
  case Estimate::DramLatency:
    return "DRAM latency over the bytes in flight";
  case Estimate::IssueAndLoadLatency:
    return "instruction issue and load latency, partly overlapped";
  case Estimate::PartialOverlap:
    return "partial overlap of compute, L1, L2 and DRAM";
  }
  return "estimate";
}

std::string_view stageName(Stage S) {
  switch (S) {
  case Stage::Compute:
    return "compute";
  case Stage::L1:
    return "L1";
  case Stage::L2:
    return "L2";
  case Stage::Dram:
    return "DRAM";
  case Stage::None:
    break;
  }
  return "none";
}

std::string_view componentName(Component C) {
  switch (C) {
  case Component::Issue:
    return "instruction issue";
  case Component::SharedMemory:
    return "shared memory";
  case Component::L2:
    return "L2";
  case Component::Dram:
    return "DRAM";
  }
  return "component";
}

std::string roofName(const Roof &R) {
  std::string_view Kind;
  switch (R.Kind) {
  case RoofKind::Fp32:
    Kind = "FP32";
    break;
  case RoofKind::Fp64:
    Kind = "FP64";
    break;
  case RoofKind::Int:
    Kind = "integer";
    break;
  case RoofKind::Tensor:
    Kind = "tensor";
    break;
  case RoofKind::Dram:
    Kind = "DRAM";
    break;
  }
  return std::string(R.MixAdjusted ? "mix-adjusted " : "") + std::string(Kind) +
         " roof";
}

std::string_view modelName(ModelKind M) {
  switch (M) {
  case ModelKind::Hopper:
    return "the Hopper model";
  case ModelKind::Thesis:
    return "the quantitative roofline model of Konstantinidis' thesis";
  case ModelKind::Fitted:
    return "the fitted model";
  }
  return "the Hopper model";
}

std::string predictedByName(const PredictedBy &B) {
  switch (B.What) {
  case PredictedBy::Kind::Unit:
    return "the " + std::string(unitName(B.U));
  case PredictedBy::Kind::Estimate:
    return "the " + std::string(estimateName(B.E));
  case PredictedBy::Kind::Roof:
    return "the roof";
  case PredictedBy::Kind::Fitted:
    return "the fitted model";
  }
  return "the roof";
}

std::string_view whatIfName(WhatIfId Id) {
  switch (Id) {
  case WhatIfId::RegisterTiling:
    return "register tiling";
  case WhatIfId::BankConflicts:
    return "conflict-free shared memory";
  case WhatIfId::VectorAccess:
    return "vector access";
  case WhatIfId::Coalesce:
    return "coalesced access";
  case WhatIfId::FillGpu:
    return "a grid that fills the GPU";
  case WhatIfId::Occupancy:
    return "more warps per scheduler";
  case WhatIfId::LoadsInFlight:
    return "more loads in flight";
  case WhatIfId::AggregateAtomics:
    return "warp-aggregated atomics";
  case WhatIfId::Fp32Math:
    return "float math";
  case WhatIfId::FuseKernels:
    return "fused kernels";
  }
  return "optimization";
}

std::string_view whatIfMeasureName(WhatIfMeasure M) {
  switch (M) {
  case WhatIfMeasure::WavefrontsPerFma:
    return "L1/shared-memory wavefronts per FMA";
  case WhatIfMeasure::WavefrontsPerSharedInstruction:
    return "wavefronts per shared-memory instruction";
  case WhatIfMeasure::BytesPerThreadLoad:
    return "bytes per thread's global load";
  case WhatIfMeasure::SectorsPerGlobalAccess:
    return "sectors per global access";
  case WhatIfMeasure::Blocks:
    return "blocks per launch";
  case WhatIfMeasure::WarpsPerScheduler:
    return "warps per scheduler";
  case WhatIfMeasure::LoadsInFlight:
    return "global loads in flight per warp";
  case WhatIfMeasure::AtomicsPerWarpInstruction:
    return "L2 atomics per warp instruction";
  case WhatIfMeasure::Fp64IssueShare:
    return "share of instructions on the FP64 pipe";
  case WhatIfMeasure::LoadBytesPerLaunch:
    return "bytes loaded per launch";
  }
  return "measure";
}

} // namespace headroom
