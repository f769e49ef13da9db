//===- fp64_add.cu - fp64 add throughput ----------------------------------===//
///
/// \file
/// The rate of fp64 adds (DADD), one FLOP each, as fp32_add.cu in double
/// precision (FloatChains.cuh).
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "benchmarks/FloatChains.cuh"
#include "harness/ChainBenchmark.cuh"

namespace headroom::microbench {
namespace {

/// A type of this file, so that the kernel keeps its name and linkage.
struct Fp64Add : FloatAdd<double> {};

} // namespace

void runFp64Add(Context &Ctx) {
  runChainBenchmark<Fp64Add, 16, 8>(
      Ctx, {"fp64_add", "GFLOP/s", Op::Fp64Add, "DADD a = a + y, 1 FLOP"});
}

} // namespace headroom::microbench
