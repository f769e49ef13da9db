//===- MergeMain.cpp - headroom merge -------------------------------------===//
///
/// \file
/// `headroom merge [-o FILE] [--keep-devices] PROFILE|DIR...`: one profile
/// from the profiles of many processes or ranks (passes/profile/
/// ProfileMerger.h says how each field combines). A directory stands for
/// every *.json file in it that is a headroom.profile/1 document; one that is
/// not valid JSON is skipped with a warning.
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"
#include "support/CommandLine.h"

#include "profile/ProfileDocument.h"
#include "profile/ProfileMerger.h"
#include "support/JsonInput.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace headroom {

namespace {

/// The profile files a directory holds (sorted). Other JSON documents are
/// skipped quietly; a file that cannot be read or is not valid JSON is
/// skipped with a warning.
std::vector<std::string> profilesIn(const std::string &Dir) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (const auto &E : std::filesystem::directory_iterator(Dir, EC))
    if (E.is_regular_file() && E.path().extension() == ".json")
      Files.push_back(E.path().string());
  std::sort(Files.begin(), Files.end());
  std::vector<std::string> Profiles;
  for (const std::string &F : Files) {
    Expected<nlohmann::json> Doc = readJsonFile(F);
    if (!Doc)
      std::cerr << "headroom merge: warning: skipping " << F << ": "
                << Doc.error().message() << "\n";
    else if (profile::checkProfileEnvelope(*Doc))
      Profiles.push_back(F);
  }
  return Profiles;
}

} // namespace

int mergeMain(const Args &A) {
  CommandLine Cmd("headroom merge", "[-o FILE] [--keep-devices] PROFILE|DIR...",
                  "Combines the profiles that instrumented processes or MPI "
                  "ranks wrote (for\nexample HEADROOM_PROFILE=prof-%r.json) "
                  "into one headroom.profile/1 document:\nsites united by "
                  "location, launches and times summed, medians from the\n"
                  "entries' duration samples, counters averaged over their "
                  "sampled launches.\nSee docs/cli.md.");
  Cmd.option("output", "FILE",
             "write the merged profile here (default: "
             "stdout)")
      .flag("keep-devices", "keep each GPU (UUID) apart instead of merging "
                            "GPUs of the same model")
      .positionals("profiles, or directories whose *.json profiles to merge")
      .alias('o', "output");
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(Cmd, A, Parsed))
    return *Done;
  std::vector<std::string> Files;
  for (const std::string &P : Parsed->Positionals) {
    if (std::filesystem::is_directory(P)) {
      std::vector<std::string> In = profilesIn(P);
      if (In.empty())
        return failWith(Error(P + ": no headroom.profile/1 file in it"));
      Files.insert(Files.end(), In.begin(), In.end());
    } else {
      Files.push_back(P);
    }
  }
  if (Files.empty())
    return failWith(Error("headroom merge: no profile given (run 'headroom "
                          "merge --help')"));

  profile::MergeOptions Opts;
  Opts.KeepDevices = Parsed->has("keep-devices");
  profile::ProfileMerger Merger(Opts);
  for (const std::string &F : Files) {
    Expected<nlohmann::json> Doc = profile::readProfileDocument(F);
    if (!Doc)
      return failWith(Doc.error());
    if (Status S = Merger.add(*Doc, F); !S)
      return failWith(S.error());
  }
  std::string Text = Merger.result().dump(1) + "\n";
  if (std::optional<std::string> Out = Parsed->get("output")) {
    std::ofstream OS(*Out, std::ios::binary);
    if (!OS || !(OS << Text) || !OS.flush())
      return failWith(Error(*Out + ": cannot write the merged profile"));
    std::cerr << "headroom merge: " << Files.size() << " profiles into " << *Out
              << "\n";
  } else {
    std::cout << Text;
  }
  return 0;
}

} // namespace headroom
