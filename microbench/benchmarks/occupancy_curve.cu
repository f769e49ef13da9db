//===- occupancy_curve.cu - fp32 FMA throughput vs resident warps ---------===//
///
/// \file
/// The fp32 FMA chain of fp32_fma.cu (16 independent chains per thread) run
/// with 1 to 64 resident warps per SM: how much parallelism the FMA pipes need
/// (Zhang & Owens' throughput-vs-warps view of latency-bound kernels). Points
/// are (warps per SM, GFLOP/s), each checked like fp32_fma; the value is the
/// fewest warps per SM that reach 90% of the best point. The DRAM side of
/// this curve is dram_copy_vs_warps (dram_bandwidth.cu).
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "benchmarks/Fp32FmaChain.cuh"
#include "harness/ChainBenchmark.cuh"

#include <string>

namespace headroom::microbench {

void runOccupancyCurve(Context &Ctx) {
  std::vector<std::pair<double, double>> Points;
  double Best = 0;
  for (int Warps : {1, 2, 4, 8, 16, 32, 48, 64}) {
    int PerBlock = std::min(Warps, 8);
    ChainSpec Spec{"fp32_fma_vs_warps", "GFLOP/s", Op::Fp32Fma,
                   "FFMA a = a*x + y, counted as 2 FLOP"};
    Spec.BlockSize = 32 * PerBlock;
    Spec.BlocksPerSm = Warps / PerBlock;
    Spec.Report = false;
    int Resident = 0;
    Spec.ResidentWarps = &Resident;
    Measurement M = runChainBenchmark<Fp32Fma, 16, 16>(Ctx, Spec);
    if (Resident != Warps)
      break; // the kernel cannot hold more warps per SM
    Points.push_back({static_cast<double>(Warps), M.Value});
    Best = std::max(Best, M.Value);
  }
  Measurement M;
  M.Name = "fp32_fma_vs_warps";
  M.Unit = "warps/SM";
  M.Points = Points;
  M.Value = Points.empty() ? 0 : Points.back().first;
  for (const auto &[W, Rate] : Points)
    if (Rate >= 0.9 * Best) {
      M.Value = W;
      break;
    }
  M.Method = "fp32_fma's kernel (16 chains x 16 unrolled FFMA per thread) at "
             "1..64 resident warps per SM, one wave; points are (warps per "
             "SM, GFLOP/s), each the median of repeated runs and checked; "
             "value = fewest warps per SM reaching 90% of the best point";
  Ctx.add(M);
}

} // namespace headroom::microbench
