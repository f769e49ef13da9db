//===- fp32_fma.cu - fp32 FMA throughput (T_SP) ---------------------------===//
///
/// \file
/// T_SP of thesis table 4.3: the rate of fp32 fused multiply-adds, counted as
/// 2 FLOP each. Each chain is a = fma(a, x, y) with x = 1 + 2^-k and y = 2^-k
/// kernel parameters (k chosen from the chain length so values stay in
/// [1, 4)): one FFMA per step, not foldable, and checked bit-exactly against
/// std::fma on the host.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "benchmarks/FloatChains.cuh"
#include "harness/ChainBenchmark.cuh"

namespace headroom::microbench {

void runFp32Fma(Context &Ctx) {
  runChainBenchmark<Fp32Fma, 16, 16>(Ctx,
                                     {"fp32_fma", "GFLOP/s", Op::Fp32Fma,
                                      "FFMA a = a*x + y, counted as 2 FLOP"});
}

} // namespace headroom::microbench
