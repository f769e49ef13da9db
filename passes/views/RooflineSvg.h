//===- RooflineSvg.h - The roofline chart as SVG ----------------*- C++ -*-===//
///
/// \file
/// The roofline chart of thesis chapter 3, hierarchical where the device is
/// calibrated beyond table 4.3 (D'Ambrosio; Yang et al.): log-log, x the
/// operational intensity (operations per byte), y the throughput. The
/// device's measured ceilings: the DRAM roof (slope B_mem), the L2 and
/// shared-memory roofs (slopes l2_read and 4 bytes x shared_ldst32) where
/// calibrated, and the raw compute peaks (T_SP, T_DP, T_int, T_add) as
/// horizontal lines. Each of the most expensive kernels (up to eight, in its
/// own color) has its adjusted compute ceiling T'_op (dashed, from its ridge
/// point O_dev), its attainable point (O_krn, T_predicted: hollow circle on
/// its roof) and its measured point (O_krn, achieved: filled circle), joined
/// by a dotted line whose length is the headroom; its L2 and shared-memory
/// intensities at the achieved throughput are a triangle and a square.
/// The other kernels are grey dots at their achieved (else attainable)
/// points.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_ROOFLINESVG_H
#define HEADROOM_VIEWS_ROOFLINESVG_H

#include "analysis/Analysis.h"

#include <string>

namespace headroom {

/// How many kernels the charts draw in color, most GPU time first.
inline constexpr std::size_t HighlightedKernels = 8;

/// The roofline of \p A's device with \p A's modeled kernels, as an <svg>
/// element; empty when no kernel has a prediction.
std::string rooflineSvg(const Analysis &A);

} // namespace headroom

#endif // HEADROOM_VIEWS_ROOFLINESVG_H
