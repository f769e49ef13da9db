//===- DiagnosticsStep.h - A build step for a new profile -------*- C++ -*-===//
///
/// \file
/// `headroom nvcc --headroom-diagnostics-step=STAMP`, the step that
/// headroom_instrument() adds to a CMake build (docs/integration.md): the
/// compiles print the diagnostics of their sources only when they run, so a
/// profile written after the last compile would print nothing until a source
/// changed. The step runs when the profile's directory changes, after the
/// build's programs are linked; it prints the diagnostics of every kernel of
/// the profile the wrapper's search finds (ProfileSearch.h, from the working
/// directory, without a source), as `headroom report` would, once per
/// profile: STAMP records the profile printed (its path, size and
/// modification time), and a profile it records prints nothing.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_DIAGNOSTICSSTEP_H
#define HEADROOM_NVCC_DIAGNOSTICSSTEP_H

#include "nvcc/NvccWrapper.h"
#include "nvcc/WrapperSettings.h"

namespace headroom::nvcc {

/// Runs the step of Settings.DiagnosticsStep. Returns the exit status: 1
/// when a kernel exceeds Settings.MaxHeadroom (the stamp is then left as it
/// was, so that the next build fails again), else 0: a missing or unusable
/// profile is a note, never a failed build.
int runDiagnosticsStep(const WrapperSettings &Settings,
                       const WrapperContext &Ctx);

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_DIAGNOSTICSSTEP_H
