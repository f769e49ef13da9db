//===- SourcePaths.h - Source paths as reports print them -------*- C++ -*-===//
///
/// \file
/// A profile names files as the compiler saw them: relative to the
/// directory the compile ran in (which profiles record since the site
/// tables carry it, ProfileSite::Directory), or absolute. Reports, lint,
/// `headroom nvcc` and the editor print them, and match them against the
/// files they compile or open, from wherever they run. This is the one place
/// that turns a recorded path into one of those: resolved against its
/// directory, then relative to the source root when it lies under it.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_SOURCEPATHS_H
#define HEADROOM_ANALYSIS_SOURCEPATHS_H

#include "schema/ProfileDocument.h"

#include <string>

namespace headroom {

/// Where \p File of a site recorded with \p Directory is: absolute when
/// the directory was recorded or the file is absolute, else \p File
/// normalized (relative to a directory the profile does not know).
std::string resolvedSourcePath(const std::string &File,
                               const std::string &Directory);

/// The file under \p Root that the absolute \p File names when \p File
/// itself is not there (recorded on another machine, or in a tree since
/// moved): Root joined with the longest run of File's trailing components
/// that names a regular file under Root ("/tmp/x/src/k.cu" under "proj"
/// is "proj/src/k.cu" where that exists, else "proj/k.cu"), or "".
std::string locateUnder(const std::string &File, const std::string &Root);

/// \p File of a site recorded with \p Directory as reports print it: the
/// resolved path relative to \p Root (default: the current directory) when
/// it lies under Root, else the resolved path. A resolved path outside Root
/// that names a file under Root by its trailing components (locateUnder) is
/// that file when the recorded one does not exist here or holds the same
/// text (a profile recorded in another checkout of the tree).
std::string displayedSourcePath(const std::string &File,
                                const std::string &Directory,
                                const std::string &Root);

/// Rewrites the files of \p P's sites, scopes and stall samples' lines as
/// displayedSourcePath
/// under \p Root; a site that had a directory gets Root's absolute path as
/// its directory, so its relative files still resolve. Sites without a
/// directory keep relative files as they are: the report takes them to be
/// relative to Root, as before directories were recorded.
void localizeSourcePaths(ProfileDocument &P, const std::string &Root);

/// The trailing components of \p File that name it wherever its tree is
/// checked out: \p File without leading `..` components when it is relative
/// ("../src/k.cu" -> "src/k.cu"), empty when it is absolute.
std::string portableTail(const std::string &File);

/// Whether \p File of a site recorded with \p Directory names \p Source
/// (as a command names it, relative to \p Dir): the same file once resolved,
/// or, when the recorded file cannot be found where it was recorded (a tree
/// checked out elsewhere, a profile recorded on another machine, or an old
/// profile without directories), a source whose path ends in its
/// portableTail ("src/a.cu" names /work/proj/src/a.cu).
bool sourceNames(const std::string &File, const std::string &Directory,
                 const std::string &Source, const std::string &Dir);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_SOURCEPATHS_H
