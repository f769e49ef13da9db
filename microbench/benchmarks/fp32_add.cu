//===- fp32_add.cu - fp32 add throughput ----------------------------------===//
///
/// \file
/// The rate of fp32 adds (FADD), one FLOP each: chains a = a + y with y =
/// 2^-k a kernel parameter, checked bit-exactly on the host. Floating-point
/// adds are not reassociated without fast-math, so every add stays. The
/// chain is FloatChains.cuh's, shared with fp64_add.cu.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "benchmarks/FloatChains.cuh"
#include "harness/ChainBenchmark.cuh"

namespace headroom::microbench {
namespace {

/// A type of this file, so that the kernel keeps its name and linkage.
struct Fp32Add : FloatAdd<float> {};

} // namespace

void runFp32Add(Context &Ctx) {
  runChainBenchmark<Fp32Add, 16, 16>(
      Ctx, {"fp32_add", "GFLOP/s", Op::Fp32Add, "FADD a = a + y, 1 FLOP"});
}

} // namespace headroom::microbench
