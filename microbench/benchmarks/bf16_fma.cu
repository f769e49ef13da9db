//===- bf16_fma.cu - bf16 bfloat162 FMA throughput ------------------------===//
///
/// \file
/// The rate of bf16 fused multiply-adds on bfloat162 pairs (HFMA2.BF16: two
/// bf16 FMAs per thread instruction, 4 FLOP), with the contracting chain of
/// fp16_fma.cu (HalfPairFma.cuh). The host reference rounds each exact
/// a*x + y to bf16; results must agree within 2%.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "benchmarks/HalfPairFma.cuh"
#include "harness/ChainBenchmark.cuh"

namespace headroom::microbench {
namespace {

/// A type of this file, so that the kernel keeps its name and linkage.
struct Bf16Fma : HalfPairFma</*Bf16=*/true> {};

} // namespace

void runBf16Fma(Context &Ctx) {
  runChainBenchmark<Bf16Fma, 16, 16>(
      Ctx, {"bf16_fma", "GFLOP/s", Op::Bf16Fma,
            "HFMA2.BF16 a = a*x + y on bfloat162, counted as 4 FLOP"});
}

} // namespace headroom::microbench
