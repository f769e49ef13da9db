//===- int_mad.cu - int32 multiply-add throughput (T_int) -----------------===//
///
/// \file
/// T_int of thesis table 4.3: the rate of 32-bit integer multiply-adds,
/// counted as 2 operations each. Each chain is a = a*x + y (mod 2^32) with x
/// and y kernel parameters. The step is written as one PTX mad.lo.u32 in a
/// volatile asm so that the front end cannot merge consecutive steps
/// algebraically (a*x*x + (x*y + y) would halve the instructions); ptxas emits
/// one IMAD per step. Checked bit-exactly on the host.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/ChainBenchmark.cuh"

namespace headroom::microbench {
namespace {

struct IntMad {
  using State = unsigned;
  struct Params {
    unsigned X, Y;
  };
  static constexpr double OpsPerStep = 2; // one MAD = 2 integer ops
  static constexpr double Tolerance = 0;

  static Params makeParams(unsigned long long Steps) {
    return {0x9E3779B1u, 0x7F4A7C15u ^ static_cast<unsigned>(Steps)};
  }
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    return Gid * 2654435761u + static_cast<unsigned>(Chain) * 40503u + 1u;
  }
  __device__ static State step(State A, const Params &P) {
    asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(A) : "r"(P.X), "r"(P.Y));
    return A;
  }
  static State hostStep(State A, const Params &P) { return A * P.X + P.Y; }
  __host__ __device__ static double value(State A) { return A; }
};

} // namespace

void runIntMad(Context &Ctx) {
  runChainBenchmark<IntMad, 16, 8>(
      Ctx, {"int32_mad", "GIOP/s", Op::Int32Mad,
            "IMAD a = a*x + y (u32), counted as 2 integer ops"});
}

} // namespace headroom::microbench
