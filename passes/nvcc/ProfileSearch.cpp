//===- ProfileSearch.cpp - The profile a build reports from ---------------===//

#include "nvcc/ProfileSearch.h"

#include "support/Paths.h"

#include <cctype>
#include <filesystem>

namespace headroom::nvcc {

namespace fs = std::filesystem;

namespace {

/// Whether \p Name is \p Pattern with each `%p` replaced by digits.
bool matchesPid(const std::string &Name, const std::string &Pattern) {
  size_t N = 0, P = 0;
  while (P < Pattern.size()) {
    if (Pattern.compare(P, 2, "%p") == 0) {
      size_t Start = N;
      while (N < Name.size() && std::isdigit((unsigned char)Name[N]))
        ++N;
      if (N == Start)
        return false;
      P += 2;
      continue;
    }
    if (N >= Name.size() || Name[N] != Pattern[P])
      return false;
    ++N;
    ++P;
  }
  return N == Name.size();
}

} // namespace

std::optional<std::string> newestMatch(const std::string &Pattern) {
  if (Pattern.find("%p") == std::string::npos) {
    if (isRegularFile(Pattern))
      return Pattern;
    return std::nullopt;
  }
  std::string Dir = parentPath(Pattern), Name = fileName(Pattern);
  if (Dir.find("%p") != std::string::npos)
    return std::nullopt;
  std::error_code EC;
  std::optional<std::string> Best;
  fs::file_time_type BestTime;
  for (const fs::directory_entry &E :
       fs::directory_iterator(Dir.empty() ? "." : Dir, EC)) {
    if (!matchesPid(E.path().filename().string(), Name) ||
        !E.is_regular_file(EC))
      continue;
    fs::file_time_type Time = E.last_write_time(EC);
    if (EC)
      continue;
    if (!Best || Time > BestTime) {
      Best = Dir.empty() ? E.path().filename().string() : E.path().string();
      BestTime = Time;
    }
  }
  return Best;
}

namespace {

/// One place of the search: an absolute path, and whether `%p` in it is a
/// pattern (in the locations told, as the runtime expands it there).
struct Candidate {
  std::string Path;
  bool Pattern = false;
};

std::vector<Candidate> candidates(const ProfileLocations &Told,
                                  const std::string &BuildDirectory,
                                  const std::string &Source) {
  std::vector<Candidate> Out;
  auto Add = [&](const std::string &Path, bool Pattern) {
    std::string Absolute = absolutePath(Path, BuildDirectory);
    for (const Candidate &C : Out)
      if (C.Path == Absolute)
        return;
    Out.push_back({Absolute, Pattern});
  };
  if (!Told.Profile.empty())
    Add(Told.Profile, true);
  if (!Told.Directory.empty())
    Add(absolutePath(DefaultProfileName,
                     absolutePath(Told.Directory, BuildDirectory)),
        true);
  if (!Told.BuildProfile.empty())
    Add(Told.BuildProfile, true);
  Add(DefaultProfileName, false);
  if (!Source.empty())
    Add(absolutePath(DefaultProfileName,
                     parentPath(absolutePath(Source, BuildDirectory))),
        false);
  return Out;
}

} // namespace

std::vector<std::string> profileCandidates(const ProfileLocations &Told,
                                           const std::string &BuildDirectory,
                                           const std::string &Source) {
  std::vector<std::string> Out;
  for (const Candidate &C : candidates(Told, BuildDirectory, Source))
    Out.push_back(C.Path);
  return Out;
}

std::optional<std::string> findProfile(const ProfileLocations &Told,
                                       const std::string &BuildDirectory,
                                       const std::string &Source) {
  for (const Candidate &C : candidates(Told, BuildDirectory, Source)) {
    if (C.Pattern) {
      if (std::optional<std::string> Found = newestMatch(C.Path))
        return Found;
    } else if (isRegularFile(C.Path)) {
      return C.Path;
    }
  }
  return std::nullopt;
}

std::optional<std::string> findProfile(const std::string &EnvProfile,
                                       const std::string &BuildDirectory,
                                       const std::string &Source) {
  return findProfile(ProfileLocations{EnvProfile, "", ""}, BuildDirectory,
                     Source);
}

} // namespace headroom::nvcc
