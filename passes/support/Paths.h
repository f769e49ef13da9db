//===- Paths.h - Paths, files and executables -------------------*- C++ -*-===//
///
/// \file
/// The file-system operations Headroom needs, over std::filesystem, with
/// errors as values: the nvcc wrapper must never stop a build because of an
/// exception, and the tool finds its own files (the device database, the
/// micro-benchmarks) next to its executable.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_PATHS_H
#define HEADROOM_SUPPORT_PATHS_H

#include "support/Error.h"

#include <string>

namespace headroom {

/// The current working directory, or "." when it cannot be read.
std::string currentDirectory();

/// \p Path made absolute against \p Base (the current directory when Base
/// is empty) and lexically normalized (no `.` or `..` components, no
/// trailing slash). Symbolic links are not resolved.
std::string absolutePath(const std::string &Path, const std::string &Base = "");

/// \p Path lexically normalized, as Headroom records and prints source
/// paths: no `.` components, a `..` removed with the name before it, no
/// trailing slash ("kernel/./k.cu" -> "kernel/k.cu", "a/../b.cu" -> "b.cu");
/// a leading `..` of a relative path stays ("../src/k.cu"), as does a
/// relative path's being relative. "" stays "". Symbolic links are not
/// resolved, so `..` after a link may name another directory than the
/// compiler's: the compiler spells such a path itself only with `#line`.
std::string normalizedPath(const std::string &Path);

/// \p Path relative to \p Root when \p Path is absolute and lies under
/// the absolute form of Root ("/p/src/k.cu" under "/p" -> "src/k.cu"), else
/// \p Path normalized (a relative \p Path unchanged). Lexical, like
/// absolutePath.
std::string pathUnder(const std::string &Path, const std::string &Root);

/// Whether \p A and \p B name one file: equal as absolute paths against
/// \p Base, or the same existing file once symbolic links are resolved.
bool samePath(const std::string &A, const std::string &B,
              const std::string &Base = "");

/// The last component of \p Path ("dir/a.cu" -> "a.cu").
std::string fileName(const std::string &Path);
/// \p Path without its last component ("dir/a.cu" -> "dir", "a.cu" -> "").
std::string parentPath(const std::string &Path);
/// The extension of \p Path's file name, lower-cased, without the dot.
std::string extension(const std::string &Path);

bool isRegularFile(const std::string &Path);
bool isDirectory(const std::string &Path);

/// The contents of the regular file \p Path (support/InputFile.h: at most
/// MaxTextFileBytes); the error names the file.
Expected<std::string> readFile(const std::string &Path);
/// Writes \p Text to \p Path, creating its parent directories.
Status writeFile(const std::string &Path, const std::string &Text);

/// Whether \p Path is a regular file this process may execute.
bool isExecutable(const std::string &Path);

/// The directory of the running executable (from /proc/self/exe), or ""
/// where that cannot be found.
std::string currentExecutableDirectory();

/// A new private directory under $TMPDIR (else /tmp) named
/// `<Prefix>XXXXXX`.
Expected<std::string> makeTemporaryDirectory(const std::string &Prefix);
/// Removes \p Path and everything below it; errors are ignored.
void removeTree(const std::string &Path);

} // namespace headroom

#endif // HEADROOM_SUPPORT_PATHS_H
