//===- MergeMain.cpp - headroom merge -------------------------------------===//
///
/// \file
/// `headroom merge [-o FILE] [--keep-devices] PROFILE|DIR...`: one profile
/// from the profiles of many processes or ranks (merge/MergeFiles.h says
/// which files are merged, merge/ProfileMerger.h how each field combines).
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"

#include "merge/MergeFiles.h"
#include "schema/ProfileWriter.h"

#include <fstream>
#include <iostream>

namespace headroom {

int mergeMain(const Args &A) {
  CommandLine Cmd("headroom merge", "[-o FILE] [--keep-devices] PROFILE|DIR...",
                  "Combines the profiles that instrumented processes or MPI "
                  "ranks wrote (for\nexample HEADROOM_PROFILE=prof-%r.json) "
                  "into one headroom.profile/1 document:\nsites united by "
                  "location, launches and times summed, medians from the\n"
                  "entries' duration samples, counters averaged over their "
                  "sampled launches.\nSee docs/cli.md.");
  Cmd.option("output", "FILE",
             "write the merged profile here (default: stdout)")
      .flag("keep-devices", "keep each GPU (UUID) apart instead of merging "
                            "GPUs of the same model")
      .argument("PROFILE|DIR...",
                "a profile, or a directory whose *.json profiles to merge")
      .alias('o', "output");
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(Cmd, A, Parsed))
    return *Done;
  Expected<merge::MergedProfiles> Result = merge::mergeProfiles(
      Parsed->Positionals, merge::MergeOptions{Parsed->has("keep-devices")},
      [](const std::string &Warning) {
        std::cerr << "headroom merge: warning: " << Warning << "\n";
      });
  if (!Result)
    return failWith(Result.error());
  std::string Text = profileText(Result->Merged, ProfileKeyOrder::Merged);
  std::optional<std::string> Out = Parsed->get("output");
  if (!Out) {
    std::cout << Text;
    return 0;
  }
  std::ofstream OS(*Out, std::ios::binary);
  if (!OS || !(OS << Text) || !OS.flush()) {
    // Exit status 1: output that cannot be written is no input error.
    failWith(Error(*Out + ": cannot write the merged profile"));
    return 1;
  }
  std::cerr << "headroom merge: " << Result->Files << " profiles into " << *Out
            << "\n";
  return 0;
}

} // namespace headroom
