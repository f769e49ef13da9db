//===- InputFile.h - Reading the files a user hands Headroom ----*- C++ -*-===//
///
/// \file
/// Every file Headroom reads because a user named it (a profile, a counters
/// or device file, a baseline, a source the profile's sites point at, an
/// nvcc options or dependency file) is read here: regular files only, so a
/// directory, a FIFO, a device such as /dev/zero or a symbolic-link loop
/// gives one clear error instead of an exception, an endless read or a
/// block; and at most a given number of bytes, so a huge file is refused
/// before it is read (docs/reliability.md lists the limits). Standard input
/// named as /dev/stdin is read as it comes, up to the same limit.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_INPUTFILE_H
#define HEADROOM_SUPPORT_INPUTFILE_H

#include "support/Error.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace headroom {

/// The largest JSON document Headroom reads (profiles of many thousand
/// kernels run to tens of MB).
constexpr std::uint64_t MaxJsonFileBytes = std::uint64_t(128) << 20;
/// The largest source, options or dependency file Headroom reads.
constexpr std::uint64_t MaxTextFileBytes = std::uint64_t(64) << 20;

/// Whether \p Path names standard input (/dev/stdin, /dev/fd/0,
/// /proc/self/fd/0), which readInputFile reads whatever it is (a pipe from
/// `headroom merge`, a file), but for a directory.
bool isStandardInput(const std::string &Path);

/// The contents of the regular file \p Path, of at most \p MaxBytes bytes.
/// Never blocks (FIFOs are refused before they are opened, and the file is
/// opened non-blocking in case one replaces it meanwhile). The error does
/// not name the file, the caller adds it with Error::context(): "is a
/// directory, not a regular file", "cannot open file: Too many levels of
/// symbolic links", "the file has 300000000 bytes, more than the limit of
/// 134217728".
Expected<std::string> readInputFile(const std::string &Path,
                                    std::uint64_t MaxBytes);

/// \p Text for a one-line message: control characters escaped (\n, \t,
/// \xNN), and at most \p MaxChars characters, the rest replaced by "...".
std::string printable(std::string_view Text, std::size_t MaxChars = 200);

} // namespace headroom

#endif // HEADROOM_SUPPORT_INPUTFILE_H
