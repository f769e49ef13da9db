//===- ProfileSource.cpp - The profile the editor shows -------------------===//

#include "lsp/ProfileSource.h"

#include "analysis/ProfileDevice.h"
#include "analysis/SourcePaths.h"
#include "checks/Report.h"
#include "merge/MergeFiles.h"
#include "nvcc/ProfileSearch.h"
#include "sass/SassFacts.h"
#include "schema/ProfileReader.h"
#include "support/Paths.h"

#include <algorithm>

namespace headroom::lsp {

namespace {

void addOnce(std::vector<std::string> &List, const std::string &Item) {
  if (std::find(List.begin(), List.end(), Item) == List.end())
    List.push_back(Item);
}

/// The directories relative source paths may be relative to, in order: the
/// workspace root, then each profile's directory and its parents (a
/// profile recorded from the build tree names sources from there).
std::vector<std::string> sourceBases(const std::vector<std::string> &Paths,
                                     const std::string &Root) {
  std::vector<std::string> Bases;
  if (!Root.empty())
    Bases.push_back(Root);
  for (const std::string &P : Paths)
    for (std::string Dir = parentPath(absolutePath(P)); !Dir.empty();) {
      addOnce(Bases, Dir);
      std::string Up = parentPath(Dir);
      if (Up == Dir)
        break;
      Dir = Up;
    }
  return Bases;
}

/// The first of \p Bases under which the profile's files exist (a file
/// recorded with its directory exists under every base, or none).
std::string chooseSourceRoot(const ProfileDocument &P,
                             const std::vector<std::string> &Bases) {
  auto FoundFrom = [](const std::string &File, const std::string &Directory,
                      const std::string &Base) {
    return isRegularFile(
        absolutePath(resolvedSourcePath(File, Directory), Base));
  };
  for (const std::string &Base : Bases) {
    for (const ProfileSite &S : P.Sites)
      if (FoundFrom(S.Launch.File, S.Directory, Base) ||
          (S.hasDefinition() &&
           FoundFrom(S.Definition.File, S.Directory, Base)))
        return Base;
    for (const ProfileScope &S : P.Scopes)
      if (FoundFrom(S.Where.File, S.Directory, Base))
        return Base;
  }
  return Bases.empty() ? currentDirectory() : Bases.front();
}

/// Where the search is told to look for the workspace \p Root:
/// $HEADROOM_PROFILE, $HEADROOM_PROFILE_DIR and, as the build's profile, the
/// CMake build tree's under build/ (where compile_commands.json is looked for
/// too), which headroom_instrument()'s programs write (docs/integration.md).
nvcc::ProfileLocations told(const ProfileOptions &O, const std::string &Root) {
  nvcc::ProfileLocations Told{O.EnvProfile, O.EnvProfileDirectory, ""};
  if (isRegularFile(absolutePath("build/CMakeCache.txt", Root)))
    Told.BuildProfile =
        absolutePath(std::string("build/") + nvcc::DefaultProfileName, Root);
  return Told;
}

} // namespace

std::vector<std::string>
locateProfiles(const ProfileOptions &O, const std::string &Root,
               const std::vector<std::string> &OpenFiles) {
  std::vector<std::string> Found;
  if (!O.Profiles.empty()) {
    for (const std::string &P : O.Profiles)
      if (isRegularFile(P))
        addOnce(Found, P);
    return Found;
  }
  // From the root as if compiling there, then from each open file as if
  // compiling it there.
  nvcc::ProfileLocations Told = told(O, Root);
  if (std::optional<std::string> P =
          nvcc::findProfile(Told, Root, absolutePath("x.cu", Root)))
    addOnce(Found, absolutePath(*P, Root));
  for (const std::string &F : OpenFiles)
    if (std::optional<std::string> P = nvcc::findProfile(Told, Root, F))
      addOnce(Found, absolutePath(*P, Root));
  return Found;
}

std::vector<std::string>
profileCandidates(const ProfileOptions &O, const std::string &Root,
                  const std::vector<std::string> &OpenFiles) {
  if (!O.Profiles.empty())
    return O.Profiles;
  std::vector<std::string> Candidates;
  for (const std::string &C : nvcc::profileCandidates(told(O, Root), Root, ""))
    addOnce(Candidates, C);
  for (const std::string &F : OpenFiles)
    addOnce(Candidates, absolutePath(nvcc::DefaultProfileName, parentPath(F)));
  return Candidates;
}

Expected<LoadedProfile> loadProfiles(const std::vector<std::string> &Paths,
                                     const ProfileOptions &O,
                                     const std::string &Root) {
  Expected<ProfileDocument> P =
      Paths.size() == 1 ? readProfileFile(Paths.front())
                        : merge::mergeFiles(Paths, merge::MergeOptions{});
  if (!P)
    return P.error();
  Expected<DeviceEntry> Device =
      deviceForProfile(*P, {O.Device, O.DeviceFrom}, Paths.front(),
                       DeviceRegistry::fromEnvironment());
  if (!Device)
    return Device.error();
  std::vector<std::string> Bases = sourceBases(Paths, Root);
  AnalysisOptions Options;
  Options.SourceRoot = chooseSourceRoot(*P, Bases);
  Options.Model.Choice = O.Model;
  if (!O.Sass.empty()) {
    Expected<sass::ProgramSass> Program = sass::readProgramSass(O.Sass);
    if (!Program)
      return Program.error();
    Options.Model.Facts = Program->Facts;
    Options.Code = Program->Code;
  }
  LoadedProfile L;
  L.Paths = Paths;
  L.SourceRoot = Options.SourceRoot;
  std::shared_ptr<const Analysis> A = report(std::move(*P), *Device, Options);
  std::string SourceRoot = L.SourceRoot;
  L.Kernels = findingsOf(A, [SourceRoot](const std::string &File) {
    return absolutePath(File, SourceRoot);
  });
  return L;
}

} // namespace headroom::lsp
