//===- ProfileBuilder.h - A profile of Nsight's launches --------*- C++ -*-===//
///
/// \file
/// Turns the launches of Nsight Compute's raw page, and the kernels' source
/// pages, into the `headroom.profile/1` document the runtime would have
/// written: one entry per kernel, device and launch configuration (grid,
/// block, shared memory, registers), each launch's duration and the mean of
/// its counters, the device and the process. Nsight profiles every launch
/// it was told to and records no launch location: each kernel gets one site
/// that names its definition (from its source page) and no launch.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_IMPORT_PROFILEBUILDER_H
#define HEADROOM_IMPORT_PROFILEBUILDER_H

#include "import/NcuRawPage.h"
#include "import/NcuSourcePage.h"
#include "schema/ProfileDocument.h"
#include "support/Error.h"

#include <string>
#include <vector>

namespace headroom::ncu {

/// A source page and the file it was read from, for messages.
struct SourcePageFile {
  std::string Path;
  KernelSource Source;
};

struct BuildOptions {
  /// Where the sources are on this machine: a recorded file that is not
  /// there is looked for under it by its trailing components
  /// (analysis/SourcePaths.h locateUnder). Empty: files as recorded.
  std::string SourceRoot;
  /// The raw page's file, named in the profile's notes.
  std::string RawPath;
};

struct ImportedProfile {
  ProfileDocument Profile;
  /// What the profile lacks (a kernel without a source page, a file not
  /// found under the source root), one sentence each.
  std::vector<std::string> Warnings;
  std::size_t Launches = 0;
};

/// The profile of \p Raw's launches, its kernels located by \p Pages. Fails
/// when a page is of a kernel the raw page has no launch of, or when two
/// pages are of one kernel (the error names the page's file and line).
Expected<ImportedProfile> buildProfile(const NcuRawPage &Raw,
                                       const std::vector<SourcePageFile> &Pages,
                                       const BuildOptions &Options);

} // namespace headroom::ncu

#endif // HEADROOM_IMPORT_PROFILEBUILDER_H
