//===- FloatChains.cuh - The fp32 and fp64 add and FMA chains --*- CUDA -*-===//
///
/// \file
/// The chains of fp32_fma.cu, fp64_fma.cu, fp32_add.cu and fp64_add.cu (and
/// occupancy_curve.cu, which runs the fp32 FMA chain at fewer resident
/// warps), for runChainBenchmark (harness/ChainBenchmark.cuh). One template
/// per operation, on the element type: the fp32 and fp64 chains differ only
/// in the instruction (FFMA/DFMA, FADD/DADD) and in the precision. Operands
/// are kernel parameters and results are checked bit-exactly on the host.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_BENCHMARKS_FLOATCHAINS_CUH
#define HEADROOM_MICROBENCH_BENCHMARKS_FLOATCHAINS_CUH

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <type_traits>

namespace headroom::microbench {

/// What the fp32 and fp64 chains share: T is float or double.
template <typename T> struct FloatChain {
  using State = T;
  static constexpr double Tolerance = 0; // bit-exact

  /// The largest k for which 1 + 2^-k is above 1 in T: the smallest step of
  /// a chain that has to change its value.
  static constexpr int MaxK = std::numeric_limits<T>::digits - 1;

  /// Values start in [1, 1.5).
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    return T(1) + static_cast<T>(Gid & 1023) * T(0x1p-12) +
           static_cast<T>(Chain) * T(0x1p-5);
  }
  __host__ __device__ static double value(State A) { return A; }
};

/// a = fma(a, x, y) with x = 1 + 2^-k, y = 2^-k: one FFMA or DFMA per step;
/// values stay in [1, 4) for chains of up to 2^(k-1) steps.
template <typename T> struct FloatFma : FloatChain<T> {
  struct Params {
    T X, Y;
  };
  static constexpr double OpsPerStep = 2; // one FMA = 2 FLOP

  static Params makeParams(unsigned long long Steps) {
    int K = std::min(FloatChain<T>::MaxK,
                     static_cast<int>(std::bit_width(Steps)) + 1);
    return {T(1) + std::ldexp(T(1), -K), std::ldexp(T(1), -K)};
  }
  __device__ static T step(T A, const Params &P) {
    if constexpr (std::is_same_v<T, float>)
      return __fmaf_rn(A, P.X, P.Y);
    else
      return __fma_rn(A, P.X, P.Y);
  }
  static T hostStep(T A, const Params &P) { return std::fma(A, P.X, P.Y); }
};

/// a = a + y with y = 2^-k: one FADD or DADD per step. Floating-point adds
/// are not reassociated without fast-math, so every add stays.
template <typename T> struct FloatAdd : FloatChain<T> {
  struct Params {
    T Y;
  };
  static constexpr double OpsPerStep = 1;

  static Params makeParams(unsigned long long Steps) {
    int K =
        std::min(FloatChain<T>::MaxK, static_cast<int>(std::bit_width(Steps)));
    return {std::ldexp(T(1), -K)};
  }
  __device__ static T step(T A, const Params &P) {
    if constexpr (std::is_same_v<T, float>)
      return __fadd_rn(A, P.Y);
    else
      return __dadd_rn(A, P.Y);
  }
  static T hostStep(T A, const Params &P) { return A + P.Y; }
};

/// The fp32 FMA chain of fp32_fma.cu and occupancy_curve.cu (a type of its
/// own, so that their kernels keep their names).
struct Fp32Fma : FloatFma<float> {};

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_BENCHMARKS_FLOATCHAINS_CUH
