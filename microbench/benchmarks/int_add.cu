//===- int_add.cu - int32 add throughput (T_add) --------------------------===//
///
/// \file
/// T_add of thesis table 4.3: the rate of 32-bit integer adds, one operation
/// each. Each chain is a = a + y (mod 2^32), one PTX add.u32 in a volatile asm
/// per step so that the front end cannot fold the chain into a + n*y. Checked
/// bit-exactly on the host. Which pipe executes the adds is ptxas' choice
/// (IADD3 on the integer pipe; IMAD.IADD on the FMA pipe), so the rate may
/// exceed the guide's integer-add figure; that is reported, not treated as an
/// error.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/ChainBenchmark.cuh"

namespace headroom::microbench {
namespace {

struct IntAdd {
  using State = unsigned;
  struct Params {
    unsigned Y;
  };
  static constexpr double OpsPerStep = 1;
  static constexpr double Tolerance = 0;

  static Params makeParams(unsigned long long Steps) {
    return {0x9E3779B9u ^ static_cast<unsigned>(Steps)};
  }
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    return Gid * 2654435761u + static_cast<unsigned>(Chain) * 40503u + 1u;
  }
  __device__ static State step(State A, const Params &P) {
    asm volatile("add.u32 %0, %0, %1;" : "+r"(A) : "r"(P.Y));
    return A;
  }
  static State hostStep(State A, const Params &P) { return A + P.Y; }
  __host__ __device__ static double value(State A) { return A; }
};

} // namespace

void runIntAdd(Context &Ctx) {
  ChainSpec Spec{"int32_add", "GIOP/s", Op::Int32Add,
                 "IADD a = a + y (u32), 1 integer op"};
  Spec.PeakIsHard = false;
  runChainBenchmark<IntAdd, 16, 8>(Ctx, Spec);
}

} // namespace headroom::microbench
