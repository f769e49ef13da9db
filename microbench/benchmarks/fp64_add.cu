//===- fp64_add.cu - fp64 add throughput ----------------------------------===//
///
/// \file
/// The rate of fp64 adds (DADD), one FLOP each, as fp32_add.cu in double
/// precision.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/ChainBenchmark.cuh"

#include <bit>
#include <cmath>

namespace headroom::microbench {
namespace {

struct Fp64Add {
  using State = double;
  struct Params {
    double Y;
  };
  static constexpr double OpsPerStep = 1;
  static constexpr double Tolerance = 0;

  static Params makeParams(unsigned long long Steps) {
    return {std::ldexp(1.0, -static_cast<int>(std::bit_width(Steps)))};
  }
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    return 1.0 + static_cast<double>(Gid & 1023) * 0x1p-12 +
           static_cast<double>(Chain) * 0x1p-5;
  }
  __device__ static State step(State A, const Params &P) {
    return __dadd_rn(A, P.Y);
  }
  static State hostStep(State A, const Params &P) { return A + P.Y; }
  __host__ __device__ static double value(State A) { return A; }
};

} // namespace

void runFp64Add(Context &Ctx) {
  runChainBenchmark<Fp64Add, 16, 8>(
      Ctx, {"fp64_add", "GFLOP/s", Op::Fp64Add, "DADD a = a + y, 1 FLOP"});
}

} // namespace headroom::microbench
