//===- fp16_fma.cu - fp16 half2 FMA throughput ----------------------------===//
///
/// \file
/// The rate of fp16 fused multiply-adds on half2 pairs (HFMA2: two fp16 FMAs
/// per thread instruction, 4 FLOP). Each chain is a = fma(a, x, y) on half2
/// with x = 0.9375 and y = 0.0625 (kernel parameters): the chain contracts
/// towards 1, so values stay normal. The host reference rounds each exact
/// a*x + y to half (__double2half); results must agree within 1%.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/ChainBenchmark.cuh"

#include <cuda_fp16.h>

namespace headroom::microbench {
namespace {

struct Fp16Fma {
  using State = __half2;
  struct Params {
    __half2 X, Y;
  };
  static constexpr double OpsPerStep = 4; // two FMAs of 2 FLOP
  static constexpr double Tolerance = 1e-2;

  static Params makeParams(unsigned long long) {
    return {__floats2half2_rn(0.9375f, 0.9375f),
            __floats2half2_rn(0.0625f, 0.0625f)};
  }
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    return __floats2half2_rn(0.5f + static_cast<float>(Gid & 63) / 128.0f,
                             0.25f + static_cast<float>(Chain) / 64.0f);
  }
  __device__ static State step(State A, const Params &P) {
    return __hfma2(A, P.X, P.Y);
  }
  static State hostStep(State A, const Params &P) {
    auto Lane = [](__half A, __half X, __half Y) {
      return __double2half(static_cast<double>(__half2float(A)) *
                               __half2float(X) +
                           __half2float(Y));
    };
    return __halves2half2(
        Lane(__low2half(A), __low2half(P.X), __low2half(P.Y)),
        Lane(__high2half(A), __high2half(P.X), __high2half(P.Y)));
  }
  __host__ __device__ static double value(State A) {
    return static_cast<double>(__low2float(A)) + __high2float(A);
  }
};

} // namespace

void runFp16Fma(Context &Ctx) {
  runChainBenchmark<Fp16Fma, 16, 16>(
      Ctx, {"fp16_fma", "GFLOP/s", Op::Fp16Fma,
            "HFMA2 a = a*x + y on half2, counted as 4 FLOP"});
}

} // namespace headroom::microbench
