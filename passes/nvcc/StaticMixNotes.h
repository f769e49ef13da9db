//===- StaticMixNotes.h - The static mix of a build -------------*- C++ -*-===//
///
/// \file
/// After a successful compile of CUDA sources into objects (`-c`, `-dc`),
/// `headroom nvcc` prints the `[headroom-static-mix]` notes of
/// `headroom static-mix` (sass/StaticBound.h, docs/static-mix.md) for each
/// kernel of the object it just built, at the kernel's definition: no
/// second compile, only the toolkit's cuobjdump next to the nvcc that ran.
/// Without that cuobjdump nothing is printed (a verbose note says so).
///
/// A kernel whose measured counters are in the profile the build
/// diagnostics use (ProfileSearch.h) gets no static note: the measured mix
/// of the report replaces it. The device is HEADROOM_DEVICE, else the
/// profile's GPU, else the first calibrated device of the SASS's
/// architecture (sm_90: H100-SXM).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_STATICMIXNOTES_H
#define HEADROOM_NVCC_STATICMIXNOTES_H

#include "nvcc/SourceInstrumenter.h"
#include "nvcc/WrapperSettings.h"
#include "sass/StaticBound.h"

#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace headroom::nvcc {

/// The cuobjdump in the directory of the compiler command's nvcc (the
/// last word of \p Compiler, looked up in PATH when it names no
/// directory), or "" when there is none.
std::string cuobjdumpBeside(const std::vector<std::string> &Compiler);

/// One CUDA source of a compile and the object it became.
struct CompiledSource {
  /// The source as the command names it.
  std::string Source;
  /// The object nvcc wrote, absolute.
  std::string Object;
  /// The kernels the parse found in the source; empty without one.
  std::vector<KernelDeclaration> Kernels;
};

/// Where the notes of \p Kernels go: each kernel's declaration from the
/// parse (by mangled name, else by qualified or plain name when only one
/// declaration has it), else what sass::staticKernels found by reading
/// the source, else nowhere.
void placeKernels(std::vector<sass::StaticKernel> &Kernels,
                  const std::vector<KernelDeclaration> &Declarations);

/// The functions of \p Functions for one architecture: \p Arch when some
/// are for it, else the newest the listing has.
std::vector<sass::Function>
oneArchitecture(std::vector<sass::Function> Functions, const std::string &Arch);

/// The mangled names of the kernels of \p Profile (a profile file) with
/// counters; empty when it cannot be read.
std::set<std::string> kernelsWithCounters(const std::string &Profile);

/// Prints the static mix notes of \p Compiled's kernels (those the profile
/// has no counters of) to \p Err, with \p Cuobjdump; a verbose note when
/// there is nothing to print and why.
void printStaticMix(const CompiledSource &Compiled,
                    const std::string &Cuobjdump,
                    const std::string &WorkingDirectory,
                    const WrapperSettings &Settings, std::ostream &Err,
                    bool Color);

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_STATICMIXNOTES_H
