//===- WarpsCurve.h - A rate against resident warps per SM ------*- C++ -*-===//
///
/// \file
/// The *_vs_warps measurements (fp32_fma_vs_warps, shared_ldst32_vs_warps,
/// dram_read_vs_warps, dram_copy_vs_warps) run one benchmark at 1 to 64
/// resident warps per SM: how much parallelism a unit needs to reach its
/// peak. Each is a curve of points (warps per SM, rate) whose value is the
/// fewest warps per SM that reach 90% of the best point. Pure C++.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_CORE_WARPSCURVE_H
#define HEADROOM_MICROBENCH_CORE_WARPSCURVE_H

#include "core/Results.h"

#include <array>
#include <functional>
#include <string>

namespace headroom::microbench {

/// The resident warps per SM at which a curve is measured.
inline constexpr std::array<int, 8> CurveWarpsPerSm = {1,  2,  4,  8,
                                                       16, 32, 48, 64};

/// The fraction of the best point that the value's warps reach.
inline constexpr double CurveKneeFraction = 0.9;

/// The measurement \p Name (unit "warps/SM"): RateAt(W) for each W of
/// CurveWarpsPerSm, in that order, as points (W, rate); as value the fewest
/// warps per SM whose rate reaches CurveKneeFraction of the best. What RateAt
/// throws passes through.
Measurement measureWarpsCurve(std::string Name,
                              const std::function<double(int Warps)> &RateAt,
                              std::string Method);

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_CORE_WARPSCURVE_H
