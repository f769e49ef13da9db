//===- bf16_fma.cu - bf16 bfloat162 FMA throughput ------------------------===//
///
/// \file
/// The rate of bf16 fused multiply-adds on bfloat162 pairs (HFMA2.BF16: two
/// bf16 FMAs per thread instruction, 4 FLOP), with the contracting chain of
/// fp16_fma.cu. The host reference rounds each exact a*x + y to bf16; results
/// must agree within 2%.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/ChainBenchmark.cuh"

#include <cuda_bf16.h>

namespace headroom::microbench {
namespace {

struct Bf16Fma {
  using State = __nv_bfloat162;
  struct Params {
    __nv_bfloat162 X, Y;
  };
  static constexpr double OpsPerStep = 4;
  static constexpr double Tolerance = 2e-2;

  static Params makeParams(unsigned long long) {
    return {__floats2bfloat162_rn(0.9375f, 0.9375f),
            __floats2bfloat162_rn(0.0625f, 0.0625f)};
  }
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    return __floats2bfloat162_rn(0.5f + static_cast<float>(Gid & 63) / 128.0f,
                                 0.25f + static_cast<float>(Chain) / 64.0f);
  }
  __device__ static State step(State A, const Params &P) {
    return __hfma2(A, P.X, P.Y);
  }
  static State hostStep(State A, const Params &P) {
    auto Lane = [](__nv_bfloat16 A, __nv_bfloat16 X, __nv_bfloat16 Y) {
      return __double2bfloat16(static_cast<double>(__bfloat162float(A)) *
                                   __bfloat162float(X) +
                               __bfloat162float(Y));
    };
    return __halves2bfloat162(
        Lane(__low2bfloat16(A), __low2bfloat16(P.X), __low2bfloat16(P.Y)),
        Lane(__high2bfloat16(A), __high2bfloat16(P.X), __high2bfloat16(P.Y)));
  }
  __host__ __device__ static double value(State A) {
    return static_cast<double>(__low2float(A)) + __high2float(A);
  }
};

} // namespace

void runBf16Fma(Context &Ctx) {
  runChainBenchmark<Bf16Fma, 16, 16>(
      Ctx, {"bf16_fma", "GFLOP/s", Op::Bf16Fma,
            "HFMA2.BF16 a = a*x + y on bfloat162, counted as 4 FLOP"});
}

} // namespace headroom::microbench
