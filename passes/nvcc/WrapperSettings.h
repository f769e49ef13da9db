//===- WrapperSettings.h - Options of headroom nvcc -------------*- C++ -*-===//
///
/// \file
/// `headroom nvcc` takes every argument as nvcc's, except those that start
/// with `--headroom-`, and reads the rest of its settings from the
/// environment, so that build systems can set them without touching the
/// compile commands (docs/integration.md lists them). An argument beats the
/// environment.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_WRAPPERSETTINGS_H
#define HEADROOM_NVCC_WRAPPERSETTINGS_H

#include "support/Error.h"

#include "model/Prediction.h"
#include "nvcc/ProfileSearch.h"
#include <functional>

#include <optional>
#include <string>
#include <vector>

namespace headroom::nvcc {

struct WrapperSettings {
  /// HEADROOM_INSTRUMENT / --headroom-no-instrument: rewrite launches and
  /// link the runtime; when off the wrapper runs nvcc unchanged.
  bool Instrument = true;
  /// HEADROOM_DIAGNOSTICS / --headroom-no-diagnostics: print the kernel
  /// diagnostics of a profile after each compile.
  bool Diagnostics = true;
  /// HEADROOM_CHECKS / --headroom-no-checks, --headroom-checks=LIST: run
  /// the source checks of `headroom check` on each CUDA source compiled
  /// and print their findings as warnings.
  bool Checks = true;
  /// The checks to run, as `headroom check --checks` takes them
  /// (HEADROOM_CHECKS=LIST); empty for all.
  std::string CheckSelection;
  /// HEADROOM_STATIC_MIX / --headroom-no-static-mix: print the static mix
  /// of each object compiled (StaticMixNotes.h).
  bool StaticMix = true;
  /// HEADROOM_PCH / --headroom-no-pch: parse clang's CUDA wrapper headers,
  /// and the source's system headers, from precompiled headers kept under
  /// the cache directory (ast/HeaderPch.h) rather than every time.
  bool Pch = true;
  /// HEADROOM_VERBOSE / --headroom-verbose: print the commands run and
  /// clang's errors when a source cannot be instrumented.
  bool Verbose = false;
  /// HEADROOM_PROFILE / --headroom-profile: the first place to look for a
  /// profile.
  std::string Profile;
  /// HEADROOM_PROFILE_DIR / --headroom-profile-dir: the directory whose
  /// headroom-profile.json is the second place.
  std::string ProfileDirectory;
  /// --headroom-build-profile: where the build's programs write their
  /// profile by default (headroom_instrument()), the third place.
  std::string BuildProfile;
  /// --headroom-diagnostics-step=STAMP: compile nothing; print the
  /// diagnostics of the whole profile once per profile (DiagnosticsStep.h).
  std::string DiagnosticsStep;
  /// HEADROOM_DEVICE / --headroom-device: the device (name or file) to
  /// model on; empty to take the profile's GPU.
  std::string Device;
  /// HEADROOM_MAX_HEADROOM / --headroom-max-headroom: kernels whose
  /// headroom exceeds it are errors and the command fails after compiling.
  std::optional<double> MaxHeadroom;
  /// HEADROOM_MODEL / --headroom-model: the model of the diagnostics
  /// (auto, hopper, thesis or fitted; docs/model.md).
  ModelChoice Model = ModelChoice::Auto;
  /// Which of the two set MaxHeadroom, as its errors name it.
  std::string MaxHeadroomOrigin = "HEADROOM_MAX_HEADROOM";
  /// HEADROOM_HEADER_FILTER / --headroom-header-filter: instrument launches
  /// in included files whose absolute path this regular expression finds.
  std::string HeaderFilter;
  /// HEADROOM_LIBRARY_HEADERS (directories separated by ':') and
  /// --headroom-library-header=DIR (repeatable), both: calls of functions
  /// declared in headers under these directories are library calls,
  /// bracketed as scopes.
  std::vector<std::string> LibraryHeaders;
  /// HEADROOM_NVCC: the nvcc to run when the command does not name one.
  std::string Nvcc;
  /// --headroom-help.
  bool Help = false;
  /// Problems with the settings, reported as warnings and otherwise ignored:
  /// a setting must not break a build.
  std::vector<std::string> Problems;

  /// Where the profile search is told to look (ProfileSearch.h).
  ProfileLocations profileLocations() const {
    return {Profile, ProfileDirectory, BuildProfile};
  }
};

/// Reads the settings: removes the `--headroom-*` arguments from \p Args
/// and consults \p Getenv (std::getenv in the tool, a map in tests).
WrapperSettings
readSettings(std::vector<std::string> &Args,
             const std::function<const char *(const char *)> &Getenv);

/// The compiler command the wrapper runs: the leading arguments that are
/// not options, up to and including the first whose file name is `nvcc`
/// (the compiler CMake puts after a CMAKE_CUDA_COMPILER_LAUNCHER, possibly
/// behind another launcher such as ccache), which are removed from \p Args;
/// else \p Settings.Nvcc, else `nvcc` from PATH, else
/// $CUDA_HOME/bin/nvcc, else /usr/local/cuda/bin/nvcc.
std::vector<std::string>
takeCompilerCommand(std::vector<std::string> &Args,
                    const WrapperSettings &Settings,
                    const std::function<const char *(const char *)> &Getenv);

/// The wrapper's help text.
const char *wrapperHelp();

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_WRAPPERSETTINGS_H
