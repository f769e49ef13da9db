//===- int_add.cu - int32 add throughput (T_add) --------------------------===//
///
/// \file
/// T_add of thesis table 4.3: the rate of 32-bit integer adds, one operation
/// each. Each chain is a Fibonacci pair, a = a + b; b = b + a (mod 2^32): every
/// add has two different, changing operands, so ptxas cannot fold two adds
/// into one instruction (with a loop-invariant operand it turns a + y + y into
/// a + 2y). Each add is one PTX add.u32 in volatile asm, so the front end
/// cannot fold the chain either. Checked bit-exactly on the host.
///
/// ptxas issues integer adds both as IADD3 on the integer pipe and as IMAD on
/// the FMA pipe, so the peak is the sum of both pipes' rates (Op::
/// Int32AddTwoPipes), twice the guide's integer-add figure.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/ChainBenchmark.cuh"

namespace headroom::microbench {
namespace {

struct WordPair {
  unsigned A, B;
};

struct IntAdd {
  using State = WordPair;
  struct Params {};
  static constexpr double OpsPerStep = 2; // two adds per step
  static constexpr double Tolerance = 0;

  static Params makeParams(unsigned long long) { return {}; }
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    unsigned H = Gid * 2654435761u + static_cast<unsigned>(Chain) * 40503u;
    return {H + 1u, H ^ 0x9E3779B9u};
  }
  __device__ static State step(State S, const Params &) {
    asm volatile("add.u32 %0, %0, %1;" : "+r"(S.A) : "r"(S.B));
    asm volatile("add.u32 %0, %0, %1;" : "+r"(S.B) : "r"(S.A));
    return S;
  }
  static State hostStep(State S, const Params &) {
    S.A += S.B;
    S.B += S.A;
    return S;
  }
  __host__ __device__ static double value(State S) {
    return static_cast<double>(S.A) + S.B;
  }
};

} // namespace

void runIntAdd(Context &Ctx) {
  runChainBenchmark<IntAdd, 8, 8>(
      Ctx, {"int32_add", "GIOP/s", Op::Int32AddTwoPipes,
            "integer adds a += b, b += a (u32; IADD3 or IMAD), 1 op each"});
}

} // namespace headroom::microbench
