//===- HalfPairFma.cuh - The fp16 and bf16 pair FMA chain ------*- CUDA -*-===//
///
/// \file
/// The chain of fp16_fma.cu and bf16_fma.cu, for runChainBenchmark
/// (harness/ChainBenchmark.cuh): a = fma(a, x, y) on a pair of 16-bit floats
/// (half2 or bfloat162: HFMA2 or HFMA2.BF16, two FMAs per thread instruction,
/// 4 FLOP), with x = 0.9375 and y = 0.0625 kernel parameters. The chain
/// contracts towards 1, so values stay normal. The host reference rounds each
/// exact a*x + y to the 16-bit type; results must agree within Tolerance.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_BENCHMARKS_HALFPAIRFMA_CUH
#define HEADROOM_MICROBENCH_BENCHMARKS_HALFPAIRFMA_CUH

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <type_traits>

namespace headroom::microbench {

/// Bf16: the pair is bfloat162, else half2.
template <bool Bf16> struct HalfPairFma {
  using State = std::conditional_t<Bf16, __nv_bfloat162, __half2>;
  using Half = std::conditional_t<Bf16, __nv_bfloat16, __half>;
  struct Params {
    State X, Y;
  };
  static constexpr double OpsPerStep = 4; // two FMAs of 2 FLOP
  /// bf16 keeps 8 significant bits, fp16 11.
  static constexpr double Tolerance = Bf16 ? 2e-2 : 1e-2;

  /// (Lo, Hi) rounded to the pair type.
  __host__ __device__ static State pair(float Lo, float Hi) {
    if constexpr (Bf16)
      return __floats2bfloat162_rn(Lo, Hi);
    else
      return __floats2half2_rn(Lo, Hi);
  }

  static Params makeParams(unsigned long long) {
    return {pair(0.9375f, 0.9375f), pair(0.0625f, 0.0625f)};
  }
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    return pair(0.5f + static_cast<float>(Gid & 63) / 128.0f,
                0.25f + static_cast<float>(Chain) / 64.0f);
  }
  __device__ static State step(State A, const Params &P) {
    return __hfma2(A, P.X, P.Y);
  }
  static State hostStep(State A, const Params &P) {
    // Half(double) rounds once, as __double2half and __double2bfloat16 do.
    auto Lane = [](float A, float X, float Y) {
      return Half(static_cast<double>(A) * X + Y);
    };
    return State(Lane(__low2float(A), __low2float(P.X), __low2float(P.Y)),
                 Lane(__high2float(A), __high2float(P.X), __high2float(P.Y)));
  }
  __host__ __device__ static double value(State A) {
    return static_cast<double>(__low2float(A)) + __high2float(A);
  }
};

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_BENCHMARKS_HALFPAIRFMA_CUH
