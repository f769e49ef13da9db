//===- fp64_fma.cu - fp64 FMA throughput (T_DP) ---------------------------===//
///
/// \file
/// T_DP of thesis table 4.3: the rate of fp64 fused multiply-adds, counted as
/// 2 FLOP each. Same chain as fp32_fma.cu in double precision (DFMA,
/// FloatChains.cuh), checked bit-exactly against std::fma on the host.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "benchmarks/FloatChains.cuh"
#include "harness/ChainBenchmark.cuh"

namespace headroom::microbench {
namespace {

/// A type of this file, so that the kernel keeps its name and linkage.
struct Fp64Fma : FloatFma<double> {};

} // namespace

void runFp64Fma(Context &Ctx) {
  runChainBenchmark<Fp64Fma, 16, 8>(Ctx,
                                    {"fp64_fma", "GFLOP/s", Op::Fp64Fma,
                                     "DFMA a = a*x + y, counted as 2 FLOP"});
}

} // namespace headroom::microbench
