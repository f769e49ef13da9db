//===- KernelWarnings.h - The words of a kernel's warning -------*- C++ -*-===//
///
/// \file
/// What the checks that give a kernel its warning share: the warning of a
/// kernel the thesis model could predict (its bound, margin, attainable
/// throughput, floor, measured time and headroom) and of one the Hopper
/// model bounds (its busiest unit, the roof and the cap), which the memory-
/// and compute-bound checks word alike, and the warning of a kernel whose
/// bound is unknown, which the no-counters and invalid-counters checks word
/// alike.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_KERNEL_KERNELWARNINGS_H
#define HEADROOM_CHECKS_KERNEL_KERNELWARNINGS_H

#include "analysis/Analysis.h"
#include "analysis/Diagnostic.h"

#include <string_view>

namespace headroom {

/// The warning of \p K, which the model predicted on \p A's device.
Diagnostic boundWarning(const KernelReport &K, const Analysis &A,
                        std::string_view Check);

/// The warning of \p K as the Hopper model bounds it (K.Bounds): compute-
/// or memory-bound, the headroom to the roof of its bound and, where its
/// bottleneck caps it lower, the headroom to that cap and its cause.
Diagnostic unitBoundWarning(const KernelReport &K, const Analysis &A,
                            std::string_view Check);

/// The warning of \p K, whose bound is unknown (\p Why).
Diagnostic unknownBoundWarning(const KernelReport &K, std::string_view Check,
                               const std::string &Why);

} // namespace headroom

#endif // HEADROOM_CHECKS_KERNEL_KERNELWARNINGS_H
