//===- GpuUnits.cpp - The units of a GPU that bound a kernel's time -------===//

#include "model/GpuUnits.h"

namespace headroom {

namespace {

using enum UnitKind;
using enum UnitScope;

// Keep in the order of enum Unit (checked below).
constexpr std::array<UnitInfo, NumUnits> Infos = {{
    {Unit::Issue, "issue", "instruction issue", Compute, Scheduler},
    {Unit::FmaPipe, "fma", "FMA pipe", Compute, Scheduler},
    {Unit::FmaHeavyPipe, "fmaheavy", "FMA-heavy pipe", Compute, Scheduler},
    {Unit::AluPipe, "alu", "ALU pipe", Compute, Scheduler},
    {Unit::Fp64Pipe, "fp64", "FP64 pipe", Compute, Scheduler},
    {Unit::XuPipe, "xu", "transcendental (XU) pipe", Compute, Scheduler},
    {Unit::LsuPipe, "lsu", "load/store pipe", Compute, Scheduler},
    {Unit::AduPipe, "adu", "ADU pipe (barriers, indexed branches)", Compute,
     Sm},
    {Unit::TensorPipe, "tensor", "tensor pipe", Compute, Scheduler},
    // Nsight Compute counts it in the SM's throughput, as we do.
    {Unit::ConstantCache, "constant_cache", "constant cache (IDC)", Compute,
     Sm},
    {Unit::L1Wavefronts, "l1_wavefronts", "L1/shared-memory data path", Memory,
     Sm},
    {Unit::L1Bytes, "l1_bytes", "L1 bandwidth", Memory, Sm},
    {Unit::L2Bytes, "l2", "L2 bandwidth", Memory, Gpu},
    {Unit::L2Requests, "l2_requests", "L2 request rate", Memory, Gpu},
    // Its work is the busiest slice's already: floor = roof.
    {Unit::L2Atomics, "l2_atomics", "atomic unit of the busiest L2 slice",
     Memory, Gpu},
    {Unit::Dram, "dram", "DRAM bandwidth", Memory, Gpu},
    {Unit::DramLatency, "dram_latency", "DRAM latency over the bytes in flight",
     Estimate, Gpu},
    {Unit::IssueAndDramLatency, "issue_dram_latency",
     "instruction issue and load latency, partly overlapped", Estimate, Gpu},
    {Unit::PartialOverlap, "partial_overlap",
     "partial overlap of compute, L1, L2 and DRAM", Estimate, Gpu},
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
