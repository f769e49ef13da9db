//===- BuildDiagnostics.h - A profile's findings during a build -*- C++ -*-===//
///
/// \file
/// What `headroom nvcc` prints after compiling a source when a profile
/// exists: the report's diagnostics (docs/diagnostics.md) of the kernels
/// defined or launched in that source, so that ordinary build logs and IDE
/// problem matchers show them, and, with a headroom threshold, an error for
/// each of those kernels whose headroom exceeds it.
///
/// The model runs on HEADROOM_DEVICE when set, else on the device file that
/// describes the profile's GPU (its name, aliases or product name match the
/// name the driver recorded); without either, one note says so and nothing
/// else is printed.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_BUILDDIAGNOSTICS_H
#define HEADROOM_NVCC_BUILDDIAGNOSTICS_H

#include "analysis/KernelCode.h"
#include "nvcc/WrapperSettings.h"
#include "schema/ProfileDocument.h"

#include <functional>
#include <memory>

#include <ostream>
#include <string>

namespace headroom::nvcc {

/// Prints the diagnostics of \p Source (as the compile command names it,
/// relative to \p WorkingDirectory) from the profile the documented search
/// finds, if any. Returns how many kernels of the source exceed
/// Settings.MaxHeadroom. When a profile exists but nothing is printed for
/// the source, one note says why and what to do (for a source the profile
/// does not know: when it is \p Instrumented, i.e. launches kernels, or the
/// profile records a file of its name); HEADROOM_VERBOSE names the profile
/// used, or the places looked at. A note about the whole profile (it holds
/// no kernel timings) is said once per profile where \p StampDirectory
/// keeps what was said (nvcc/SaidOnce.h), else every time. Where the
/// profile has warp-stall samples, \p CodeOf, when given, reads the SASS of
/// what was just built, for the loops and waits of their hot lines
/// (analysis/HotLineCode.h); it may give none.
using KernelCodeReader =
    std::function<std::shared_ptr<const KernelCodeIndex>()>;
unsigned printBuildDiagnostics(const std::string &Source,
                               const std::string &WorkingDirectory,
                               const WrapperSettings &Settings,
                               std::ostream &Err, bool Color,
                               bool Instrumented = false,
                               const std::string &StampDirectory = "",
                               const KernelCodeReader &CodeOf = {});

/// Why \p P, read from \p ProfilePath, has launch sites but no kernel: the
/// runtime's own warning (what failed, and how to enable timing) where it
/// left one. Said once per profile, by the first compile or step to find it.
std::string noKernelTiming(const ProfileDocument &P,
                           const std::string &ProfilePath);

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_BUILDDIAGNOSTICS_H
