//===- DependencyFile.h - Make-style .d files of a compile ------*- C++ -*-===//
///
/// \file
/// nvcc's -MD/-MMD write a Make rule naming every file the compile read.
/// When the wrapper compiles an instrumented copy of a source, that rule
/// names the copy, a temporary file that is gone when the build tool reads
/// the rule (Ninja and Make would then rebuild the object every time). The
/// rule is rewritten to name the original files instead.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_DEPENDENCYFILE_H
#define HEADROOM_NVCC_DEPENDENCYFILE_H

#include "support/Error.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace headroom::nvcc {

/// A file the compile read under another name: Temporary stands for
/// Original.
struct PathSubstitution {
  std::string Temporary;
  std::string Original;
};

/// Rewrites the rules in \p Text: a target or dependency equal to a
/// Temporary becomes its Original; any other path under \p DroppedDirectory
/// (when not empty) is dropped; a dependency named twice in one rule is kept
/// once. Paths are unescaped and escaped as gcc writes them (`\ ` for a
/// space, `\#`, `$$`); rules are written one dependency per line.
std::string rewriteDependencies(std::string_view Text,
                                const std::vector<PathSubstitution> &Subs,
                                const std::string &DroppedDirectory);

/// Rewrites the dependency file \p Path in place if it mentions a
/// Temporary or \p DroppedDirectory; returns whether it did.
Expected<bool> rewriteDependencyFile(const std::string &Path,
                                     const std::vector<PathSubstitution> &Subs,
                                     const std::string &DroppedDirectory);

/// \p Path escaped for a Make rule as gcc does.
std::string escapeForMake(const std::string &Path);

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_DEPENDENCYFILE_H
