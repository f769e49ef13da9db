//===- occupancy_curve.cu - fp32 FMA throughput vs resident warps ---------===//
///
/// \file
/// The fp32 FMA chain of fp32_fma.cu run with 1 to 64 resident warps per SM:
/// how much parallelism the FMA pipes need (Zhang & Owens' throughput-vs-warps
/// view of latency-bound kernels). The kernel holds 8 independent chains per
/// thread (twice the FFMA latency of 4 cycles, so one warp keeps its
/// scheduler busy) with registers capped at 32 per thread, so that all 64
/// warps fit; shared-memory padding makes each point's residency exact
/// (Context::limitResidency). Points are (warps per SM, GFLOP/s), each checked
/// like fp32_fma; the value is the fewest warps per SM that reach 90% of the
/// best point. The shared-memory and DRAM sides of this view are
/// shared_ldst32_vs_warps (shared_ldst.cu) and dram_read_vs_warps and
/// dram_copy_vs_warps (dram_bandwidth.cu).
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "benchmarks/FloatChains.cuh"
#include "core/WarpsCurve.h"
#include "harness/ChainBenchmark.cuh"

#include <string>

namespace headroom::microbench {

void runOccupancyCurve(Context &Ctx) {
  auto RateAt = [&](int Warps) {
    int PerBlock = std::min(Warps, 8);
    ChainSpec Spec{"fp32_fma_vs_warps", "GFLOP/s", Op::Fp32Fma,
                   "FFMA a = a*x + y, counted as 2 FLOP"};
    Spec.BlockSize = 32 * PerBlock;
    Spec.BlocksPerSm = Warps / PerBlock;
    Spec.Report = false;
    Spec.ExactResidency = true;
    Spec.Repetitions = Ctx.quick() ? 3 : 7;
    int Resident = 0;
    Spec.ResidentWarps = &Resident;
    // 8 blocks of 256 threads per SM: at most 32 registers per thread.
    Measurement M = runChainBenchmark<Fp32Fma, 8, 32, 8>(Ctx, Spec);
    if (Resident != Warps)
      throw BenchmarkError(
          "fp32_fma_vs_warps: only " + std::to_string(Resident) + " of " +
          std::to_string(Warps) + " warps per SM are resident");
    return M.Value;
  };
  Ctx.add(measureWarpsCurve(
      "fp32_fma_vs_warps", RateAt,
      "FFMA chains (8 independent chains x 32 unrolled steps per "
      "thread, at most 32 registers) at 1..64 resident warps per SM, "
      "one wave, residency made exact by shared-memory padding; points "
      "are (warps per SM, GFLOP/s), each the median of repeated runs "
      "and checked bit-exactly; value = fewest warps per SM reaching "
      "90% of the best point"));
}

} // namespace headroom::microbench
