//===- Fp32FmaChain.cuh - The fp32 FMA chain step ---------------*- CUDA
//-*-===//
///
/// \file
/// The fp32 FMA chain of fp32_fma.cu, shared with occupancy_curve.cu, which
/// measures the same instruction at fewer resident warps.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_BENCHMARKS_FP32FMACHAIN_CUH
#define HEADROOM_MICROBENCH_BENCHMARKS_FP32FMACHAIN_CUH

#include <algorithm>
#include <bit>
#include <cmath>

namespace headroom::microbench {

/// a = fma(a, x, y) with x = 1 + 2^-k, y = 2^-k: one FFMA per step; values
/// stay in [1, 4) for chains of up to 2^(k-1) steps; bit-exact on the host.
struct Fp32Fma {
  using State = float;
  struct Params {
    float X, Y;
  };
  static constexpr double OpsPerStep = 2; // one FMA = 2 FLOP
  static constexpr double Tolerance = 0;  // bit-exact

  static Params makeParams(unsigned long long Steps) {
    int K = std::min(23, static_cast<int>(std::bit_width(Steps)) + 1);
    return {1.0f + std::ldexp(1.0f, -K), std::ldexp(1.0f, -K)};
  }
  __host__ __device__ static State init(unsigned Gid, int Chain) {
    return 1.0f + static_cast<float>(Gid & 1023) * 0x1p-12f +
           static_cast<float>(Chain) * 0x1p-5f;
  }
  __device__ static State step(State A, const Params &P) {
    return __fmaf_rn(A, P.X, P.Y);
  }
  static State hostStep(State A, const Params &P) {
    return std::fma(A, P.X, P.Y);
  }
  __host__ __device__ static double value(State A) { return A; }
};

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_BENCHMARKS_FP32FMACHAIN_CUH
