//===- fp16_fma.cu - fp16 half2 FMA throughput ----------------------------===//
///
/// \file
/// The rate of fp16 fused multiply-adds on half2 pairs (HFMA2: two fp16 FMAs
/// per thread instruction, 4 FLOP). Each chain is a = fma(a, x, y) on half2
/// with x = 0.9375 and y = 0.0625 (kernel parameters): the chain contracts
/// towards 1, so values stay normal. The host reference rounds each exact
/// a*x + y to half (__double2half); results must agree within 1%. The chain
/// is HalfPairFma.cuh's, shared with bf16_fma.cu.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "benchmarks/HalfPairFma.cuh"
#include "harness/ChainBenchmark.cuh"

namespace headroom::microbench {
namespace {

/// A type of this file, so that the kernel keeps its name and linkage.
struct Fp16Fma : HalfPairFma</*Bf16=*/false> {};

} // namespace

void runFp16Fma(Context &Ctx) {
  runChainBenchmark<Fp16Fma, 16, 16>(
      Ctx, {"fp16_fma", "GFLOP/s", Op::Fp16Fma,
            "HFMA2 a = a*x + y on half2, counted as 4 FLOP"});
}

} // namespace headroom::microbench
