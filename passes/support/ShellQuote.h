//===- ShellQuote.h - Arguments as a shell would read them ------*- C++ -*-===//
///
/// \file
/// Headroom never runs a command through a shell, but it shows commands to
/// people (--headroom-verbose) and records them (a device file's provenance)
/// so that they can be pasted into one: an argument that holds a character a
/// POSIX shell treats specially is single-quoted, with each embedded single
/// quote written as '\''.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_SHELLQUOTE_H
#define HEADROOM_SUPPORT_SHELLQUOTE_H

#include <string>
#include <vector>

namespace headroom {

/// \p Arg as one word of a POSIX shell command: unchanged when it needs no
/// quotes, else in single quotes ("my gpu" -> "'my gpu'", "it's" ->
/// "'it'\''s'", "" -> "''").
std::string shellQuote(const std::string &Arg);

/// \p Args quoted and joined with single spaces.
std::string shellJoin(const std::vector<std::string> &Args);

} // namespace headroom

#endif // HEADROOM_SUPPORT_SHELLQUOTE_H
