//===- MergeFiles.cpp - The files `headroom merge` combines ---------------===//

#include "merge/MergeFiles.h"

#include "schema/ProfileReader.h"
#include "schema/ProfileWriter.h"
#include "schema/SchemaTags.h"
#include "support/JsonInput.h"

#include <algorithm>
#include <filesystem>

namespace headroom::merge {

namespace {

/// The profiles in \p Dir, sorted. Other JSON documents are skipped
/// quietly; a *.json that is not a regular file (a directory, a FIFO, a
/// link to a device or a loop) or cannot be read or is not valid JSON with
/// a warning.
std::vector<std::string>
profilesIn(const std::string &Dir,
           const std::function<void(const std::string &)> &Warn) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (std::filesystem::directory_iterator It(Dir, EC), End; !EC && It != End;
       It.increment(EC))
    if (It->path().extension() == ".json")
      Files.push_back(It->path().string());
  if (EC)
    Warn(Dir + ": cannot list the directory: " + EC.message());
  std::sort(Files.begin(), Files.end());
  std::vector<std::string> Profiles;
  for (const std::string &F : Files) {
    Expected<nlohmann::json> Doc = readJsonFile(F);
    if (!Doc)
      Warn("skipping " + F + ": " + Doc.error().message());
    else if (isProfileDocument(*Doc))
      Profiles.push_back(F);
  }
  return Profiles;
}

} // namespace

Expected<std::vector<std::string>>
profileFiles(const std::vector<std::string> &Arguments,
             const std::function<void(const std::string &)> &Warn) {
  std::vector<std::string> Files;
  for (const std::string &P : Arguments) {
    std::error_code EC;
    if (!std::filesystem::is_directory(P, EC)) {
      Files.push_back(P);
      continue;
    }
    std::vector<std::string> In = profilesIn(P, Warn);
    if (In.empty())
      return Error(P + ": no " + std::string(ProfileSchema) + " file in it");
    Files.insert(Files.end(), In.begin(), In.end());
  }
  return Files;
}

Expected<ProfileDocument> mergeFiles(const std::vector<std::string> &Files,
                                     const MergeOptions &Options) {
  ProfileMerger Merger(Options);
  for (const std::string &F : Files) {
    Expected<ProfileDocument> Doc = readProfileFile(F);
    if (!Doc)
      return Doc.error();
    if (Status S = Merger.add(std::move(*Doc), F); !S)
      return S.error();
  }
  ProfileDocument Merged = Merger.result();
  // What merge writes passes the reader report and lint use: the inputs
  // did, so only a sum above what a profile holds can fail here.
  Expected<nlohmann::json> Json =
      parseJson(profileText(Merged, ProfileKeyOrder::Merged));
  Expected<ProfileDocument> Checked =
      Json ? parseProfile(*Json) : Expected<ProfileDocument>(Json.error());
  if (!Checked)
    return Error(
        "the merged profile would be invalid: " + Checked.error().message() +
        " (the inputs sum to more than a profile holds)");
  return Merged;
}

Expected<MergedProfiles>
mergeProfiles(const std::vector<std::string> &Arguments,
              const MergeOptions &Options,
              const std::function<void(const std::string &)> &Warn) {
  Expected<std::vector<std::string>> Files = profileFiles(Arguments, Warn);
  if (!Files)
    return Files.error();
  if (Files->empty())
    return Error("no profile given (run 'headroom merge "
                 "--help')");
  Expected<ProfileDocument> Merged = mergeFiles(*Files, Options);
  if (!Merged)
    return Merged.error();
  return MergedProfiles{std::move(*Merged), Files->size()};
}

} // namespace headroom::merge
