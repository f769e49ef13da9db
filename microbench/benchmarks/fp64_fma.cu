//===- fp64_fma.cu - fp64 FMA throughput (T_DP) ---------------------------===//
///
/// \file
/// T_DP of thesis table 4.3: the rate of fp64 fused multiply-adds, counted as
/// 2 FLOP each. Same chain as fp32_fma.cu in double precision (DFMA), checked
/// bit-exactly against std::fma on the host.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/ChainBenchmark.cuh"

#include <bit>
#include <cmath>

namespace headroom::microbench {
namespace {

struct Fp64Fma {
  using State = double;
  struct Params {
    double X, Y;
  };
  static constexpr double OpsPerStep = 2;
  static constexpr double Tolerance = 0;

  static Params makeParams(unsigned long long Steps) {
    int K = static_cast<int>(std::bit_width(Steps)) + 1;
    return {1.0 + std::ldexp(1.0, -K), std::ldexp(1.0, -K)};
  }
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    return 1.0 + static_cast<double>(Gid & 1023) * 0x1p-12 +
           static_cast<double>(Chain) * 0x1p-5;
  }
  __device__ static State step(State A, const Params &P) {
    return __fma_rn(A, P.X, P.Y);
  }
  static State hostStep(State A, const Params &P) {
    return std::fma(A, P.X, P.Y);
  }
  __host__ __device__ static double value(State A) { return A; }
};

} // namespace

void runFp64Fma(Context &Ctx) {
  runChainBenchmark<Fp64Fma, 16, 8>(Ctx,
                                    {"fp64_fma", "GFLOP/s", Op::Fp64Fma,
                                     "DFMA a = a*x + y, counted as 2 FLOP"});
}

} // namespace headroom::microbench
