//===- ProfileSource.h - The profile the editor shows -----------*- C++ -*-===//
///
/// \file
/// Where `headroom lsp` takes its profile from and how it becomes findings:
/// the `--profile` files, else the search `headroom nvcc` uses for build
/// warnings (nvcc/ProfileSearch.h, docs/integration.md) run from the
/// workspace root and from each open file, with a CMake build tree under
/// build/ as the build whose programs wrote the profile; several profiles are
/// merged as `headroom merge` merges them. The device is `--device` (or
/// HEADROOM_DEVICE), else the shipped device file of the profiled GPU
/// (analysis/ProfileDevice.h). The analysis and its diagnostics are the
/// report's (checks/Report.h).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_PROFILESOURCE_H
#define HEADROOM_LSP_PROFILESOURCE_H

#include "lsp/Findings.h"
#include "support/Error.h"

#include "model/Prediction.h"

#include <string>
#include <vector>

namespace headroom::lsp {

struct ProfileOptions {
  /// --profile files (absolute); when given, no search.
  std::vector<std::string> Profiles;
  /// --device, else $HEADROOM_DEVICE; empty: the profiled GPU's file.
  std::string Device;
  /// What Device came from, for errors ("--device", "HEADROOM_DEVICE").
  std::string DeviceFrom = "--device";
  /// $HEADROOM_PROFILE (may hold `%p`).
  std::string EnvProfile;
  /// $HEADROOM_PROFILE_DIR: its headroom-profile.json comes next.
  std::string EnvProfileDirectory;
  /// --model, else $HEADROOM_MODEL: the model of the findings.
  ModelChoice Model = ModelChoice::Auto;
  /// --sass (absolute): the profiled program's SASS, as `headroom report
  /// --sass` reads it, for the model's facts and the stall samples' hot
  /// lines (their loop, what their warps wait on); empty: none.
  std::string Sass;
};

/// The profiles to show for the workspace \p Root with \p OpenFiles open:
/// the --profile files that exist, else what the search finds from the
/// root and from each open file, each once.
std::vector<std::string>
locateProfiles(const ProfileOptions &O, const std::string &Root,
               const std::vector<std::string> &OpenFiles);

/// The files whose appearance or change means a new profile: the --profile
/// files, else every place the search looks (`%p` patterns left in).
std::vector<std::string>
profileCandidates(const ProfileOptions &O, const std::string &Root,
                  const std::vector<std::string> &OpenFiles);

struct LoadedProfile {
  Findings Kernels;
  std::vector<std::string> Paths;
  /// The directory the profile's relative source paths were resolved
  /// against.
  std::string SourceRoot;
};

/// Reads, merges and analyzes \p Paths (not empty); the error names the
/// file, the field and what was expected.
Expected<LoadedProfile> loadProfiles(const std::vector<std::string> &Paths,
                                     const ProfileOptions &O,
                                     const std::string &Root);

} // namespace headroom::lsp

#endif // HEADROOM_LSP_PROFILESOURCE_H
