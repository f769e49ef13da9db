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

std::vector<std::string> profileCandidates(const std::string &EnvProfile,
                                           const std::string &BuildDirectory,
                                           const std::string &Source) {
  std::vector<std::string> Out;
  if (!EnvProfile.empty())
    Out.push_back(absolutePath(EnvProfile, BuildDirectory));
  Out.push_back(absolutePath(DefaultProfileName, BuildDirectory));
  std::string SourceDir = parentPath(absolutePath(Source, BuildDirectory));
  std::string InSource = absolutePath(DefaultProfileName, SourceDir);
  if (InSource != Out.back())
    Out.push_back(InSource);
  return Out;
}

std::optional<std::string> findProfile(const std::string &EnvProfile,
                                       const std::string &BuildDirectory,
                                       const std::string &Source) {
  std::vector<std::string> Candidates =
      profileCandidates(EnvProfile, BuildDirectory, Source);
  for (size_t I = 0; I < Candidates.size(); ++I) {
    // Only HEADROOM_PROFILE's `%p` is a pattern.
    if (I == 0 && !EnvProfile.empty()) {
      if (std::optional<std::string> Found = newestMatch(Candidates[I]))
        return Found;
    } else if (isRegularFile(Candidates[I])) {
      return Candidates[I];
    }
  }
  return std::nullopt;
}

} // namespace headroom::nvcc
