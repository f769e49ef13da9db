//===- GpuUnits.cpp - The units that bound a kernel's time ----------------===//

#include "model/GpuUnits.h"

namespace headroom {

namespace {

using enum UnitKind;
using enum UnitScope;

// Keep in the order of enum Unit (checked below).
constexpr std::array<UnitInfo, NumUnits> Infos = {{
    {Unit::Issue, "issue", Compute, Scheduler},
    {Unit::FmaPipe, "fma", Compute, Scheduler},
    {Unit::FmaHeavyPipe, "fmaheavy", Compute, Scheduler},
    {Unit::AluPipe, "alu", Compute, Scheduler},
    {Unit::Fp64Pipe, "fp64", Compute, Scheduler},
    {Unit::XuPipe, "xu", Compute, Scheduler},
    {Unit::LsuPipe, "lsu", Compute, Scheduler},
    {Unit::AduPipe, "adu", Compute, Sm},
    {Unit::TensorPipe, "tensor", Compute, Scheduler},
    // Nsight Compute counts it in the SM's throughput, as we do.
    {Unit::ConstantCache, "constant_cache", Compute, Sm},
    {Unit::L1Wavefronts, "l1_wavefronts", Memory, Sm},
    {Unit::L1Bytes, "l1_bytes", Memory, Sm},
    {Unit::L2Bytes, "l2", Memory, Gpu},
    {Unit::L2Requests, "l2_requests", Memory, Gpu},
    // Its work is the busiest slice's already: floor = roof.
    {Unit::L2Atomics, "l2_atomics", Memory, Gpu},
    {Unit::Dram, "dram", Memory, Gpu},
}};

constexpr bool inEnumOrder() {
  for (std::size_t I = 0; I < Infos.size(); ++I)
    if (static_cast<std::size_t>(Infos[I].Id) != I)
      return false;
  return true;
}
static_assert(inEnumOrder(), "unit table must follow enum Unit");

} // namespace

const std::array<UnitInfo, NumUnits> &unitInfos() { return Infos; }

const UnitInfo &unitInfo(Unit U) { return Infos[static_cast<std::size_t>(U)]; }

} // namespace headroom
