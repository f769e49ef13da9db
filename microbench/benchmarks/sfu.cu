//===- sfu.cu - Special-function unit throughput --------------------------===//
///
/// \file
/// The rates of three approximate special functions, each one MUFU
/// instruction (PTX rsqrt/sin/ex2 .approx.ftz.f32 in volatile asm), counted as
/// one operation: sfu_rsqrt (a = rsqrt(a)), sfu_sin (a = sin(2a)) and sfu_ex2
/// (a = 2^-a). Each map contracts to a fixed point, so the host reference in
/// double precision tracks the device within the approximations' error
/// (checked to 1e-4 relative). The extra doubling or negation is one FMA-pipe
/// instruction or an operand modifier, not on the special-function unit.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/ChainBenchmark.cuh"

#include <cmath>

namespace headroom::microbench {
namespace {

struct NoParams {};

/// Shared parts of the three chains.
struct SfuBase {
  using State = float;
  using Params = NoParams;
  static constexpr double OpsPerStep = 1;
  static constexpr double Tolerance = 1e-4;
  static Params makeParams(unsigned long long) { return {}; }
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    return 0.25f + static_cast<float>(Gid & 255) / 512.0f +
           static_cast<float>(Chain) / 64.0f;
  }
  __host__ __device__ static double value(State A) { return A; }
};

struct Rsqrt : SfuBase {
  __device__ static State step(State A, const Params &) {
    asm volatile("rsqrt.approx.ftz.f32 %0, %0;" : "+f"(A));
    return A;
  }
  static State hostStep(State A, const Params &) {
    return static_cast<float>(1.0 / std::sqrt(static_cast<double>(A)));
  }
};

struct Sin : SfuBase {
  __device__ static State step(State A, const Params &) {
    asm volatile("{\n\t.reg .f32 t;\n\tadd.ftz.f32 t, %0, %0;\n\t"
                 "sin.approx.ftz.f32 %0, t;\n\t}"
                 : "+f"(A));
    return A;
  }
  static State hostStep(State A, const Params &) {
    return static_cast<float>(std::sin(2.0 * static_cast<double>(A)));
  }
};

struct Ex2 : SfuBase {
  __device__ static State step(State A, const Params &) {
    asm volatile("{\n\t.reg .f32 t;\n\tneg.ftz.f32 t, %0;\n\t"
                 "ex2.approx.ftz.f32 %0, t;\n\t}"
                 : "+f"(A));
    return A;
  }
  static State hostStep(State A, const Params &) {
    return static_cast<float>(std::exp2(-static_cast<double>(A)));
  }
};

} // namespace

void runSfu(Context &Ctx) {
  runChainBenchmark<Rsqrt, 16, 4>(
      Ctx, {"sfu_rsqrt", "GOP/s", Op::Sfu, "MUFU.RSQ a = rsqrt(a), 1 op"});
  runChainBenchmark<Sin, 16, 4>(
      Ctx, {"sfu_sin", "GOP/s", Op::Sfu,
            "MUFU.SIN a = sin(2a) (plus one FMA-pipe scaling), 1 op"});
  runChainBenchmark<Ex2, 16, 4>(
      Ctx, {"sfu_ex2", "GOP/s", Op::Sfu, "MUFU.EX2 a = 2^-a, 1 op"});
}

} // namespace headroom::microbench
