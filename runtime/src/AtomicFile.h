//===- AtomicFile.h - Replace a file all at once ----------------*- C++ -*-===//
///
/// \file
/// Writes a file so that readers see either the old contents or the complete
/// new ones, never a partial file: the data goes to a temporary file in the
/// same directory, is flushed to disk, and is renamed over the target.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_ATOMICFILE_H
#define HEADROOM_RUNTIME_ATOMICFILE_H

#include <functional>
#include <string>
#include <string_view>

namespace headroom::rt {

/// Test hook: runs after the temporary file is complete and before the
/// rename; receives the temporary file's path.
using BeforeRenameHook = std::function<void(const std::string &TempPath)>;

/// Writes \p Contents to \p Path atomically. On failure returns false, sets
/// \p Error to a one-line reason, removes the temporary file and leaves any
/// existing \p Path untouched. Never throws.
bool writeFileAtomically(const std::string &Path, std::string_view Contents,
                         std::string &Error,
                         const BeforeRenameHook &Hook = nullptr);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_ATOMICFILE_H
