//===- PrecedingLaunches.h - The launch before, same buffers ----*- C++ -*-===//
///
/// \file
/// The runtime records, for each entry of a profile, which kernel was
/// launched just before its launches on the same stream with device
/// allocations both point into (`follows`, docs/formats.md). The fusion
/// what-if (model/whatifs/FuseKernels.h) needs the most frequent of them,
/// the share of the entry's launches it precedes, the bytes both point
/// into, and the bytes that kernel loaded and stored: a kernel that touched
/// a sliver of a large shared allocation kept only that sliver on chip.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_PRECEDINGLAUNCHES_H
#define HEADROOM_ANALYSIS_PRECEDINGLAUNCHES_H

#include "model/HopperModel.h"
#include "model/StaticFacts.h"
#include "schema/ProfileDocument.h"

#include <optional>

namespace headroom {

/// The launch that most of \p Entry's examined launches follow on the
/// same buffers in profile \p P, with one launch of its work and what
/// \p Facts (if given) know of its SASS; nullopt where the runtime
/// recorded none.
std::optional<PrecedingLaunch> precedingLaunch(const ProfileDocument &P,
                                               const ProfileKernel &Entry,
                                               const StaticFactsIndex *Facts);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_PRECEDINGLAUNCHES_H
