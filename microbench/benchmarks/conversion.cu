//===- conversion.cu - int32 <-> fp32 conversion throughput ---------------===//
///
/// \file
/// The rate of fp32 -> int32 conversions (F2I): each step converts a signed
/// integer to fp32 (round to nearest) and back (truncating) and adds one.
/// Only the F2I is counted: on Hopper the int -> fp32 direction compiles to
/// I2FP, which runs on another pipe at a higher rate (seen in the SASS), and
/// the add is on the integer or FMA pipe, so F2I on the conversion unit is the
/// bottleneck. Exact on the host.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/ChainBenchmark.cuh"

namespace headroom::microbench {
namespace {

struct Convert {
  using State = int;
  struct Params {
    int One;
  };
  static constexpr double OpsPerStep = 1; // the F2I
  static constexpr double Tolerance = 0;
  static Params makeParams(unsigned long long) { return {1}; }
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    return static_cast<int>((Gid & 0xffff) * 64u +
                            static_cast<unsigned>(Chain));
  }
  __device__ static State step(State A, const Params &P) {
    asm volatile("{\n\t.reg .f32 f;\n\tcvt.rn.f32.s32 f, %0;\n\t"
                 "cvt.rzi.s32.f32 %0, f;\n\tadd.s32 %0, %0, %1;\n\t}"
                 : "+r"(A)
                 : "r"(P.One));
    return A;
  }
  static State hostStep(State A, const Params &P) {
    return static_cast<int>(static_cast<float>(A)) + P.One;
  }
  __host__ __device__ static double value(State A) { return A; }
};

} // namespace

void runConversion(Context &Ctx) {
  runChainBenchmark<Convert, 16, 4>(
      Ctx, {"cvt_f32_to_s32", "GOP/s", Op::Conversion,
            "F2I.S32 of an int -> fp32 -> int round trip (+ add), counting "
            "the F2I"});
}

} // namespace headroom::microbench
