//===- HeaderPch.h - The shared headers, precompiled ------------*- C++ -*-===//
///
/// \file
/// Most of a host parse is headers that every CUDA translation unit of a
/// build shares: clang's CUDA wrapper (`__clang_cuda_runtime_wrapper.h`,
/// which the driver force-includes and which includes the C++ library's and
/// the toolkit's runtime headers) and nvcc's host overloads
/// (ParseFileSystem.h). Both are force-included before anything of the
/// user's, so a precompiled header (PCH) of the two, built once per set of
/// flags and kept on disk, stands in for them in every later parse with the
/// same flags: clang loads its declarations lazily in place of parsing the
/// headers (docs/perf/instrument.md, "Cold compiles", has the numbers).
///
/// The system headers a source's own files include (SystemHeaderSet.h:
/// `<iostream>`, `<cooperative_groups.h>`) are most of what is left, so a
/// PCH may hold them too, after the wrapper: one per flag set and list of
/// headers, built the second time a parse has that list (the first leaves
/// a mark under `seen/`), as it costs more to build than a parse without
/// it. Its build also writes the names its headers use and the macros they
/// define beside it (`.names`); a source that defines or undefines, before
/// one of the headers, a macro of those names (in code whose conditions
/// may hold) reads the wrapper's PCH instead, as does a source whose set
/// SystemHeaderSet.h leaves out.
///
/// A PCH must never change a parse, nor break one:
///
/// - **Same flags.** It is looked up by a key of the whole cc1 invocation
///   without its input file (every flag that can change what a header
///   means: `-std`, `-D`, `-isystem`, the target, the resource directory,
///   the CUDA path), the working directory (relative directories), clang's
///   version and what stands for the headroom that builds it
///   (HeaderPchOptions::Identity; it also decides the in-memory headers of
///   ParseFileSystem.h), and the list of system headers it holds. clang
///   checks the options again when it loads the PCH.
/// - **Not the project's include directories.** A PCH holds system headers
///   only, so it is built and keyed without the `-I` and `-iquote`
///   directories, and the sources of a build that gives each target its
///   own share it; a source whose directories hold a file by the name of
///   one of its headers (`inc/vector`), which the parse would read in its
///   place, parses without it.
/// - **Same headers.** A manifest next to the PCH lists every file its
///   build read, with its size and modification time, and the PCH's own
///   size and hash: a header that changed, or a PCH that is not the one
///   written (truncated, overwritten), makes it rebuilt. clang checks the
///   headers' sizes and times again on load, system headers included.
/// - **Same declarations.** The PCH is built with the parse's own choice of
///   function bodies to skip (SkippedBodies.h), so that the declarations it
///   holds are those the parse would have made.
/// - **A PCH that does not load** (clang refuses it: an error before the
///   parse begins) is dropped: the parse runs again through the wrapper's
///   PCH, or without one, and the diagnostics of the failed attempt are
///   discarded.
/// - **Headers that do not compile with these flags** make no PCH; the
///   manifest records the failure so that later parses go without one at
///   once (or through the wrapper's, for a list of system headers), until
///   a header changes.
/// - **Parallel compiles** (`make -j`) write under temporary names and
///   rename: a reader sees a whole manifest naming a whole PCH, or none.
///   Two compiles that build the same PCH at once both build it; the last
///   one's stays.
///
/// The directory keeps the PCHs of the 32 flag sets and lists of headers
/// used last (each is 8 to 30 MB); the older ones are removed when a new one
/// is stored.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_HEADERPCH_H
#define HEADROOM_AST_HEADERPCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
class DiagnosticConsumer;
class FileManager;
class FrontendAction;
class PCHContainerOperations;
} // namespace clang

namespace headroom::ast {

/// Where the precompiled headers are kept.
struct HeaderPchOptions {
  /// The directory; empty to parse without a PCH.
  std::string Directory;
  /// What stands for the headroom that builds and reads them (its
  /// executable's path, size and time): another headroom may skip other
  /// bodies or add other in-memory headers.
  std::string Identity;
  /// Whether a PCH also holds the system headers the source's own files
  /// include (SystemHeaderSet.h), one PCH per set.
  bool SystemHeaders = true;
};

/// Makes the action of one attempt at a parse. The action calls
/// \p Parsing as it begins to parse (from its ExecuteAction), which is once
/// the PCH, if any, has loaded.
using ParseActionMaker = std::function<std::unique_ptr<clang::FrontendAction>(
    std::function<void()> Parsing)>;

/// What a parse did with the PCH.
struct HeaderPchReport {
  /// What became of the PCH ("built ... in 0.61 s", "read from ...", "not
  /// used: ..."), for a verbose note; empty when none was asked for.
  std::string Note;
  /// The files the PCH was built from, as the parse names its inputs (the
  /// real path where there is one): when the parse reads the PCH, its
  /// source manager need not list them, yet the parse depends on them.
  std::vector<std::string> Inputs;
};

/// Runs the parse \p Make makes on \p Invocation, through the PCH of its
/// force-included headers when \p Options names a directory and the
/// invocation force-includes clang's CUDA wrapper; the PCH is built first
/// when there is none for these flags and headers. \p Files and its file
/// system serve every step. Returns what the last attempt's
/// CompilerInstance::ExecuteAction returned.
bool runParse(std::shared_ptr<clang::CompilerInvocation> Invocation,
              clang::FileManager &Files,
              std::shared_ptr<clang::PCHContainerOperations> Operations,
              clang::DiagnosticConsumer &Diagnostics,
              const HeaderPchOptions &Options, const ParseActionMaker &Make,
              HeaderPchReport &Report);

/// How many of the leading force-included headers \p Includes (the cc1
/// `-include`s, in order) a PCH stands for: clang's CUDA wrapper and the
/// host overloads' header; 0 when the first is not the wrapper.
size_t precompiledIncludeCount(llvm::ArrayRef<std::string> Includes);

/// The key of the PCH of \p Invocation's headers, and of the system
/// headers \p SystemHeaders, as 16 hex digits (see the file comment).
std::string headerPchKey(const clang::CompilerInvocation &Invocation,
                         llvm::StringRef WorkingDirectory,
                         llvm::StringRef Identity,
                         llvm::ArrayRef<std::string> SystemHeaders = {});

} // namespace headroom::ast

#endif // HEADROOM_AST_HEADERPCH_H
