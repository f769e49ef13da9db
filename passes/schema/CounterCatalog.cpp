//===- CounterCatalog.cpp - The one table of kernel counters --------------===//

#include "schema/CounterCatalog.h"

#include <array>
#include <cassert>

namespace headroom {

namespace {

using enum Aggregation;

// Model inputs: thesis table 4.1 (docs/model.md, "Inputs"). Carried counters:
// the Hopper model's (docs/model.md, "The Hopper model") and the runtime's
// extras (docs/runtime.md, "Counters").
// Keep this table in the order of enum Counter (checked by counterInfo()).
constexpr std::array<CounterInfo, 53> Catalog = {{
    {Counter::Fma32, "M_fma32", "flop_count_sp_fma",
     "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
     "thread instructions",
     "single-precision FMA instructions executed by non-predicated threads",
     Sum, 1.0},
    {Counter::Fma64, "M_fma64", "flop_count_dp_fma",
     "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum",
     "thread instructions",
     "double-precision FMA instructions executed by non-predicated threads",
     Sum, 1.0},
    {Counter::LdSt, "M_ldst", "inst_compute_ld_st",
     "smsp__sass_thread_inst_executed_op_memory_pred_on.sum",
     "thread instructions",
     "load/store instructions executed by non-predicated threads", Sum, 1.0},
    {Counter::Inst, "M_inst", "inst_executed", "smsp__inst_executed.sum",
     "warp instructions", "warp-level instructions executed", Sum, 1.0},
    {Counter::Fp32, "M_fp32", "inst_fp_32",
     "smsp__sass_thread_inst_executed_op_fp32_pred_on.sum",
     "thread instructions",
     "single-precision floating-point instructions (arithmetic, compare, "
     "...) executed by non-predicated threads",
     Sum, 1.0},
    {Counter::Fp64, "M_fp64", "inst_fp_64",
     "smsp__sass_thread_inst_executed_op_fp64_pred_on.sum",
     "thread instructions",
     "double-precision floating-point instructions executed by "
     "non-predicated threads",
     Sum, 1.0},
    {Counter::Int, "M_int", "inst_integer",
     "smsp__sass_thread_inst_executed_op_integer_pred_on.sum",
     "thread instructions",
     "integer instructions executed by non-predicated threads", Sum, 1.0},
    {Counter::TranRead, "M_tran_r", "dram_read_transactions",
     "dram__sectors_read.sum", "32-byte sectors", "DRAM read transactions", Sum,
     1.0},
    {Counter::TranWrite, "M_tran_w", "dram_write_transactions",
     "dram__sectors_write.sum", "32-byte sectors", "DRAM write transactions",
     Sum, 1.0},

    {Counter::DurationNs, "t_kernel", "", "gpu__time_duration.sum", "ns",
     "kernel duration", Sum, 1.0},
    {Counter::DramBytesRead, "B_dram_r", "", "dram__bytes_read.sum", "bytes",
     "DRAM bytes read (32 x M_tran_r; accepted instead of the sectors)", Sum,
     1.0},
    {Counter::DramBytesWrite, "B_dram_w", "", "dram__bytes_write.sum", "bytes",
     "DRAM bytes written (32 x M_tran_w; accepted instead of the sectors)", Sum,
     1.0},
    {Counter::L2Bytes, "B_l2", "", "lts__t_bytes.sum", "bytes",
     "bytes accessed in L2", Sum, 1.0},
    {Counter::L2SectorsRead, "M_l2_r", "l2_read_transactions",
     "lts__t_sectors_op_read.sum", "32-byte sectors", "L2 read sectors", Sum,
     1.0},
    {Counter::L2SectorsWrite, "M_l2_w", "l2_write_transactions",
     "lts__t_sectors_op_write.sum", "32-byte sectors", "L2 write sectors", Sum,
     1.0},
    {Counter::L1Bytes, "B_l1", "", "l1tex__t_bytes.sum", "bytes",
     "bytes accessed in L1/texture", Sum, 1.0},
    {Counter::ThreadInst, "M_thread_inst", "", "smsp__thread_inst_executed.sum",
     "thread instructions", "thread-level instructions executed", Sum, 1.0},
    {Counter::Fp16, "M_fp16", "inst_fp_16",
     "smsp__sass_thread_inst_executed_op_fp16_pred_on.sum",
     "thread instructions", "half-precision floating-point instructions", Sum,
     1.0},
    {Counter::HalfFma, "M_hfma", "",
     "smsp__sass_thread_inst_executed_op_hfma_pred_on.sum",
     "thread instructions", "half-precision FMA instructions", Sum, 1.0},
    {Counter::HalfAdd, "M_hadd", "",
     "smsp__sass_thread_inst_executed_op_hadd_pred_on.sum",
     "thread instructions", "half-precision add instructions", Sum, 1.0},
    {Counter::HalfMul, "M_hmul", "",
     "smsp__sass_thread_inst_executed_op_hmul_pred_on.sum",
     "thread instructions", "half-precision multiply instructions", Sum, 1.0},
    {Counter::SharedLoadInst, "M_shared_ld", "inst_executed_shared_loads",
     "smsp__inst_executed_op_shared_ld.sum", "warp instructions",
     "shared-memory load instructions", Sum, 1.0},
    {Counter::SharedStoreInst, "M_shared_st", "inst_executed_shared_stores",
     "smsp__inst_executed_op_shared_st.sum", "warp instructions",
     "shared-memory store instructions", Sum, 1.0},
    {Counter::SharedLoadWavefronts, "M_shared_ld_wavefronts", "",
     "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "wavefronts",
     "shared-memory load wavefronts", Sum, 1.0},
    {Counter::SharedStoreWavefronts, "M_shared_st_wavefronts", "",
     "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", "wavefronts",
     "shared-memory store wavefronts", Sum, 1.0},
    {Counter::SharedLoadBankConflicts, "M_shared_ld_conflicts", "",
     "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "conflicts",
     "shared-memory load bank conflicts", Sum, 1.0},
    {Counter::SharedStoreBankConflicts, "M_shared_st_conflicts", "",
     "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", "conflicts",
     "shared-memory store bank conflicts", Sum, 1.0},
    {Counter::XuPipeInst, "M_xu", "", "smsp__inst_executed_pipe_xu.sum",
     "warp instructions", "instructions issued to the transcendental (XU) pipe",
     Sum, 1.0},
    {Counter::TensorPipeInst, "M_tensor", "",
     "smsp__inst_executed_pipe_tensor.sum", "warp instructions",
     "instructions issued to the tensor pipe", Sum, 1.0},
    {Counter::AchievedOccupancyPct, "occupancy", "achieved_occupancy",
     "sm__warps_active.avg.pct_of_peak_sustained_active", "%",
     "achieved occupancy", Average, 100.0},
    {Counter::ThreadsPerInst, "threads_per_inst", "warp_execution_efficiency",
     "smsp__average_thread_inst_executed_per_inst_executed.ratio",
     "threads per warp instruction",
     "average active threads per executed warp instruction (32 = no "
     "divergence; nvprof's warp_execution_efficiency in % times 0.32)",
     Average, 0.32},
    {Counter::FmaPipeInst, "M_pipe_fma", "", "smsp__inst_executed_pipe_fma.sum",
     "warp instructions",
     "instructions executed by the FMA pipe (fp32 FMA/MUL/ADD, IMAD; "
     "fmaheavy + fmalite)",
     Sum, 1.0},
    {Counter::FmaHeavyPipeInst, "M_pipe_fmaheavy", "",
     "smsp__inst_executed_pipe_fmaheavy.sum", "warp instructions",
     "instructions executed by the FMA-heavy half of the FMA pipe (IMAD and "
     "half of the fp32 work)",
     Sum, 1.0},
    {Counter::AluPipeInst, "M_pipe_alu", "", "smsp__inst_executed_pipe_alu.sum",
     "warp instructions",
     "instructions executed by the ALU pipe (integer add, logic, shifts, "
     "compares, conversions of small types)",
     Sum, 1.0},
    {Counter::Fp64PipeInst, "M_pipe_fp64", "",
     "smsp__inst_executed_pipe_fp64.sum", "warp instructions",
     "instructions executed by the FP64 pipe", Sum, 1.0},
    {Counter::LsuPipeInst, "M_pipe_lsu", "", "smsp__inst_executed_pipe_lsu.sum",
     "warp instructions",
     "instructions issued to the load/store unit (global, local, shared "
     "memory and others)",
     Sum, 1.0},
    {Counter::AduPipeInst, "M_pipe_adu", "", "smsp__inst_executed_pipe_adu.sum",
     "warp instructions",
     "instructions executed by the ADU pipe (barriers, indexed branches, "
     "constant-bank addresses)",
     Sum, 1.0},
    {Counter::TensorPipeCycles, "C_tensor", "",
     "sm__pipe_tensor_cycles_active.sum", "scheduler cycles",
     "cycles the tensor pipe was busy, summed over the SM schedulers (mma, "
     "wgmma and fp16x2 FMA work)",
     Sum, 1.0},
    {Counter::L1Wavefronts, "M_l1_wavefronts", "",
     "l1tex__data_pipe_lsu_wavefronts.sum", "wavefronts",
     "wavefronts of the L1/shared-memory data path (shared and global "
     "accesses; a 128-byte row each)",
     Sum, 1.0},
    {Counter::L2Requests, "M_l2_requests", "", "lts__t_requests.sum",
     "requests", "requests to the L2 (up to 4 sectors of one line each)", Sum,
     1.0},
    {Counter::ConstantCacheCycles, "C_idc", "",
     "idc__request_cycles_active.sum", "SM cycles",
     "cycles the indexed constant cache served requests, summed over the "
     "SMs (a warp's lanes reading different constant addresses take a cycle "
     "each)",
     Sum, 1.0},
    {Counter::L2AtomicCyclesBusiest, "C_l2_atomic_max", "",
     "lts__d_atomic_input_cycles_active.max", "L2 cycles",
     "cycles the atomic unit of the busiest L2 slice took input (atomics "
     "and reductions on few addresses all go to one slice)",
     Sum, 1.0},
    {Counter::GlobalLoadInst, "M_global_ld", "",
     "smsp__inst_executed_op_global_ld.sum", "warp instructions",
     "global load instructions executed (the rounds a warp waits on memory, "
     "with the loads per round its SASS shows)",
     Sum, 1.0},
    {Counter::L1GlobalLoadSectors, "M_l1_global_ld", "",
     "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "32-byte sectors",
     "sectors global loads asked of L1 (hits and misses; with the L2 read "
     "and DRAM read sectors, where the loads were served)",
     Sum, 1.0},
    {Counter::GlobalStoreInst, "M_global_st", "",
     "smsp__inst_executed_op_global_st.sum", "warp instructions",
     "global store instructions executed", Sum, 1.0},
    {Counter::L1GlobalStoreSectors, "M_l1_global_st", "",
     "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", "32-byte sectors",
     "sectors global stores wrote through L1 (with the store instructions, "
     "whether a warp's stores are coalesced)",
     Sum, 1.0},
    {Counter::GlobalReductionInst, "M_global_red", "",
     "smsp__inst_executed_op_global_red.sum", "warp instructions",
     "global reductions executed (atomics whose result is unused, RED)", Sum,
     1.0},
    {Counter::AtomicInst, "M_atom", "",
     "smsp__inst_executed_op_generic_atom.sum", "warp instructions",
     "atomics executed whose result is used (ATOM; with the reductions and "
     "the busiest L2 slice's atomic inputs, the threads each sends)",
     Sum, 1.0},
    {Counter::StallLongScoreboard, "stall_long_scoreboard", "",
     "smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio",
     "warps per issue",
     "warps waiting on global or local memory (L1TEX) per issued "
     "instruction",
     Average, 1.0},
    {Counter::StallShortScoreboard, "stall_short_scoreboard", "",
     "smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active."
     "ratio",
     "warps per issue",
     "warps waiting on shared memory or a variable-latency pipe (MIO) per "
     "issued instruction",
     Average, 1.0},
    {Counter::StallWait, "stall_wait", "",
     "smsp__average_warps_issue_stalled_wait_per_issue_active.ratio",
     "warps per issue",
     "warps waiting a fixed latency (a dependent arithmetic result) per "
     "issued instruction",
     Average, 1.0},
    {Counter::StallBarrier, "stall_barrier", "",
     "smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio",
     "warps per issue",
     "warps waiting at a block barrier per issued instruction", Average, 1.0},
    {Counter::WarpLatency, "warp_latency", "",
     "smsp__average_warp_latency_per_inst_issued.ratio", "warps per issue",
     "warps resident per issued instruction, whatever they wait on (the "
     "stall reasons' total)",
     Average, 1.0},
}};

constexpr bool catalogIsInEnumOrder() {
  for (std::size_t I = 0; I < Catalog.size(); ++I)
    if (static_cast<std::size_t>(Catalog[I].Id) != I)
      return false;
  return true;
}
static_assert(catalogIsInEnumOrder(),
              "the counter catalog must list counters in enum order");
static_assert(Catalog.size() ==
                  static_cast<std::size_t>(Counter::WarpLatency) + 1,
              "every Counter needs a catalog row");

} // namespace

std::span<const CounterInfo> counterCatalog() { return Catalog; }

const CounterInfo &counterInfo(Counter C) {
  return Catalog[static_cast<std::size_t>(C)];
}

CounterMatch findCounter(std::string_view Name) {
  if (Name.empty())
    return {};
  for (const CounterInfo &Info : Catalog) {
    if (Name == Info.HopperName)
      return {&Info, CounterNameKind::Hopper};
    if (!Info.LegacyName.empty() && Name == Info.LegacyName)
      return {&Info, CounterNameKind::Legacy};
    if (Name == Info.Symbol)
      return {&Info, CounterNameKind::Symbol};
  }
  // The thesis writes M_tran-r and M_tran-w.
  if (Name == "M_tran-r")
    return {&counterInfo(Counter::TranRead), CounterNameKind::Symbol};
  if (Name == "M_tran-w")
    return {&counterInfo(Counter::TranWrite), CounterNameKind::Symbol};
  return {};
}

} // namespace headroom
