//===- QuadrantSplitSvg.h - The quadrant-split chart as SVG -----*- C++ -*-===//
///
/// \file
/// The quadrant-split chart of thesis section 3.3: application-centric, one
/// panel per kernel (the most expensive ones), every GPU at once (the
/// profiled device and the --target devices). x is memory bandwidth (GB/s),
/// y compute throughput (Gop/s); each GPU is the point (B_mem, T'_op), T'_op
/// being the kernel's adjusted compute ceiling on it; the kernel is the
/// half-line y = O_krn x through the origin. GPUs above the line (shaded
/// side) are memory-bound for the kernel: a dashed line drops from the point
/// straight down to the half-line; GPUs below are compute-bound: the dashed
/// line runs left to the half-line. Where it meets the line is the
/// attainable throughput. The axes are logarithmic so that GPUs a decade
/// apart share a panel; the half-line stays straight (at 45 degrees).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_QUADRANTSPLITSVG_H
#define HEADROOM_VIEWS_QUADRANTSPLITSVG_H

#include "analysis/Analysis.h"

#include <string>
#include <vector>

namespace headroom {

/// One <svg> panel per kernel with a prediction, most GPU time first, at
/// most \p MaxPanels; kernels without DRAM traffic (a vertical half-line)
/// get no panel.
std::vector<std::string> quadrantSplitSvgs(const Analysis &A,
                                           std::size_t MaxPanels = 6);

} // namespace headroom

#endif // HEADROOM_VIEWS_QUADRANTSPLITSVG_H
