//===- ProfileSearch.h - The profile a build reports from -------*- C++ -*-===//
///
/// \file
/// The documented search for the profile whose kernel diagnostics the nvcc
/// wrapper prints while compiling (docs/integration.md): the first that
/// exists of
///
///  1. $HEADROOM_PROFILE (the runtime writes there too); a `%p` in it (the
///     runtime's process id) matches any run of digits, and the newest
///     matching file is taken;
///  2. `headroom-profile.json` in $HEADROOM_PROFILE_DIR;
///  3. the profile the build's programs write by default, which
///     headroom_instrument() compiles into them and tells the wrapper;
///  4. `headroom-profile.json` in the build directory (where the compiler
///     runs, for Make and for CMake's generators the build tree);
///  5. `headroom-profile.json` in the directory of the source file.
///
/// The first three are the runtime's own order (docs/runtime.md), so that
/// the build reads the profile where the program wrote it.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_PROFILESEARCH_H
#define HEADROOM_NVCC_PROFILESEARCH_H

#include <optional>
#include <string>
#include <vector>

namespace headroom::nvcc {

/// The runtime's default profile name.
inline constexpr const char *DefaultProfileName = "headroom-profile.json";

/// Where the search is told to look before the build and source
/// directories (WrapperSettings, or an editor's settings).
struct ProfileLocations {
  /// HEADROOM_PROFILE: a file, `%p` standing for any process id.
  std::string Profile;
  /// HEADROOM_PROFILE_DIR: its headroom-profile.json.
  std::string Directory;
  /// The build's programs' default profile (--headroom-build-profile),
  /// `%p` as in Profile.
  std::string BuildProfile;
};

/// The profile for \p Source compiled in \p BuildDirectory (relative
/// locations are taken from there); without a source (empty), the search
/// stops at the build directory. Nothing when none exists.
std::optional<std::string> findProfile(const ProfileLocations &Told,
                                       const std::string &BuildDirectory,
                                       const std::string &Source);
/// The same, told only $HEADROOM_PROFILE (\p EnvProfile, empty when unset).
std::optional<std::string> findProfile(const std::string &EnvProfile,
                                       const std::string &BuildDirectory,
                                       const std::string &Source);

/// The places findProfile looks for \p Source, in its order, as absolute
/// paths (`%p` left in), for HEADROOM_VERBOSE.
std::vector<std::string> profileCandidates(const ProfileLocations &Told,
                                           const std::string &BuildDirectory,
                                           const std::string &Source);

/// The newest existing file that \p Pattern names, `%p` standing for one
/// or more digits (only in the file name); \p Pattern itself without `%p`.
std::optional<std::string> newestMatch(const std::string &Pattern);

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_PROFILESEARCH_H
