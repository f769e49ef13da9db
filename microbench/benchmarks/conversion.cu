//===- conversion.cu - int32 <-> fp32 conversion throughput ---------------===//
///
/// \file
/// The rate of 32-bit type conversions: each step converts a signed integer
/// to fp32 (I2F, round to nearest) and back (F2I, truncating) and adds one
/// (IADD, on another pipe), counted as 2 conversions. Exact on the host.
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
  static constexpr double OpsPerStep = 2;
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
      Ctx, {"cvt_i2f_f2i", "GOP/s", Op::Conversion,
            "I2F.S32 + F2I.S32 round trip (+ IADD), counted as 2 conversions"});
}

} // namespace headroom::microbench
