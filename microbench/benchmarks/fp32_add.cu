//===- fp32_add.cu - fp32 add throughput ----------------------------------===//
///
/// \file
/// The rate of fp32 adds (FADD), one FLOP each: chains a = a + y with y =
/// 2^-k a kernel parameter, checked bit-exactly on the host. Floating-point
/// adds are not reassociated without fast-math, so every add stays.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/ChainBenchmark.cuh"

#include <bit>
#include <cmath>

namespace headroom::microbench {
namespace {

struct Fp32Add {
  using State = float;
  struct Params {
    float Y;
  };
  static constexpr double OpsPerStep = 1;
  static constexpr double Tolerance = 0;

  static Params makeParams(unsigned long long Steps) {
    int K = std::min(23, static_cast<int>(std::bit_width(Steps)));
    return {std::ldexp(1.0f, -K)};
  }
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    return 1.0f + static_cast<float>(Gid & 1023) * 0x1p-12f +
           static_cast<float>(Chain) * 0x1p-5f;
  }
  __device__ static State step(State A, const Params &P) {
    return __fadd_rn(A, P.Y);
  }
  static State hostStep(State A, const Params &P) { return A + P.Y; }
  __host__ __device__ static double value(State A) { return A; }
};

} // namespace

void runFp32Add(Context &Ctx) {
  runChainBenchmark<Fp32Add, 16, 16>(
      Ctx, {"fp32_add", "GFLOP/s", Op::Fp32Add, "FADD a = a + y, 1 FLOP"});
}

} // namespace headroom::microbench
