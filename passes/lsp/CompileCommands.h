//===- CompileCommands.h - A source's compile command -----------*- C++ -*-===//
///
/// \file
/// What `headroom lsp` needs of the compilation database to run the
/// compile-time tools on a source: where the database is (found as clangd
/// finds it: compile_commands.json in the file's directory or one above it,
/// or in a `build/` directory there, then the workspace root's), and the
/// file's entry: its directory, its arguments (`arguments`, or `command`
/// split as a shell would), the object it writes (`output`, else the value
/// of `-o`) and the nvcc that compiles it (for the cuobjdump beside it).
/// No Clang here: the layering keeps the language server off it.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_COMPILECOMMANDS_H
#define HEADROOM_LSP_COMPILECOMMANDS_H

#include "support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom::lsp {

/// One entry of a compilation database.
struct CompileEntry {
  /// The database it comes from (absolute path of compile_commands.json).
  std::string Database;
  /// The entry's directory (absolute).
  std::string Directory;
  std::vector<std::string> Arguments;
  /// The object the command writes, absolute; empty when it names none.
  std::string Output;
};

/// The compile_commands.json for \p File (absolute): the first found in
/// the file's directory and each one above it, directly or under `build/`,
/// else the workspace root's (\p Root, directly or under `build/`); empty
/// when there is none.
std::string findCompileDatabase(const std::string &File,
                                const std::string &Root);

/// \p File's entry in the database \p Database (a file that is not in it
/// has none); the error names the database and what is malformed.
Expected<std::optional<CompileEntry>>
compileEntryFor(const std::string &Database, const std::string &File);

/// \p Command split into arguments as a POSIX shell would (white space
/// separates, quotes group, a backslash escapes outside single quotes).
std::vector<std::string> splitCommand(const std::string &Command);

/// The cuobjdump to read \p E's object with: the one beside the nvcc that
/// compiles it (an `nvcc` among the command's first words, as run through
/// ccache or `headroom nvcc`, resolved in PATH when it has no '/'), else
/// the one in PATH; empty when neither exists.
std::string findCuobjdump(const CompileEntry &E);

} // namespace headroom::lsp

#endif // HEADROOM_LSP_COMPILECOMMANDS_H
