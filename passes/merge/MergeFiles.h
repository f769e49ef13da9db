//===- MergeFiles.h - The files `headroom merge` combines -------*- C++ -*-===//
///
/// \file
/// What `headroom merge PROFILE|DIR...` does with its arguments: a file is a
/// profile to merge, a directory stands for every *.json file in it that is
/// a headroom.profile/1 document (one that is not valid JSON, a rank killed
/// while writing, is skipped with a warning); then every profile is read,
/// validated and merged.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MERGE_MERGEFILES_H
#define HEADROOM_MERGE_MERGEFILES_H

#include "merge/ProfileMerger.h"
#include "support/Error.h"

#include <functional>
#include <string>
#include <vector>

namespace headroom::merge {

/// The profile files \p Arguments name, directories expanded (sorted).
/// \p Warn receives one line per skipped file. Fails for a directory
/// without any profile.
Expected<std::vector<std::string>>
profileFiles(const std::vector<std::string> &Arguments,
             const std::function<void(const std::string &)> &Warn);

/// Reads and validates every file of \p Files and merges them; an error
/// names the file.
Expected<ProfileDocument> mergeFiles(const std::vector<std::string> &Files,
                                     const MergeOptions &Options);

/// What `headroom merge` produced.
struct MergedProfiles {
  ProfileDocument Merged;
  /// How many profile files went into it.
  std::size_t Files = 0;
};

/// `headroom merge` on its arguments: the profiles \p Arguments name
/// (profileFiles, warnings to \p Warn), merged (mergeFiles). Fails also when
/// no profile is given.
Expected<MergedProfiles>
mergeProfiles(const std::vector<std::string> &Arguments,
              const MergeOptions &Options,
              const std::function<void(const std::string &)> &Warn);

} // namespace headroom::merge

#endif // HEADROOM_MERGE_MERGEFILES_H
