//===- ParseFileSystem.h - What the host parse reads ------------*- C++ -*-===//
///
/// \file
/// The file system the instrumenter's host parse reads through. It differs
/// from the files on disk in two ways, both so that clang reads a source as
/// nvcc does:
///
/// - **Spaced launch chevrons.** Every file is read with the spaced chevrons
///   of its launches written `<<<`/`>>>` in place (LaunchChevrons.h), which
///   keeps every offset, line and column: the parse, the sites' positions and
///   the rewrite all see the same bytes. clang's AST files (a precompiled
///   header, HeaderPch.h, which starts with `CPCH`) are read as they are.
/// - **The toolkit's headers first for clang's CUDA wrapper.** clang includes
///   `__clang_cuda_runtime_wrapper.h` into every CUDA parse, and it includes
///   toolkit headers by quoted name (`"cuda.h"`, `"driver_types.h"`, ...),
///   which the include path resolves: a project directory passed with `-I`
///   that holds its own `cuda.h` shadows the toolkit's, and the wrapper
///   stops with `cuda.h did not define CUDA_VERSION`. nvcc never includes
///   those names on its own, so the project's file does not matter to it. A
///   quoted include is looked for first next to the file that includes it:
///   for each toolkit header the wrapper names, a one-line header next to the
///   wrapper (in clang's resource directory, in memory only) includes the
///   toolkit's file by its absolute path. The user's own includes are not
///   affected: the resource directory comes after the user's `-I`
///   directories and after the toolkit's in the search path, so they
///   resolve as before (and as with nvcc, user directories first).
/// - **nvcc's host overloads of min and max.** nvcc's math headers declare
///   `min`/`max` for every mix of signed and unsigned int, long and long
///   long, and float and double (and `umin`, `llmin`, `ullmin` and their
///   `max`), `__host__ __device__`; clang's CUDA wrapper takes them as
///   `__device__` only, so host code such as `min(n, blocks - j)` (int and
///   unsigned) compiles with nvcc and not in the parse. The parse
///   force-includes, after clang's wrapper and before the user's own
///   `-include`s, a header (in memory, next to the wrapper) that declares
///   them for the host with nvcc's signatures. Device code keeps the
///   wrapper's overloads (clang prefers the caller's side); the parse never
///   generates code, and nvcc compiles the instrumented output with its
///   own.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_PARSEFILESYSTEM_H
#define HEADROOM_AST_PARSEFILESYSTEM_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <string>
#include <vector>

namespace headroom::ast {

/// The host parse's view of \p Base.
struct ParseFileSystem {
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FileSystem;
  /// The headers that exist only in memory (the wrapper's forwarding
  /// headers, the host overloads), by absolute path: not inputs of the
  /// parse.
  std::vector<std::string> VirtualFiles;
  /// The command line to parse with: the one given, with the host overloads'
  /// header force-included first when there is one.
  std::vector<std::string> CommandLine;
};

/// The name of the header of nvcc's host overloads, next to clang's wrapper.
inline constexpr const char *HostOverloadsHeader =
    "__headroom_nvcc_host_overloads.h";

/// The text of that header (see the file comment).
llvm::StringRef hostOverloadsText();

/// \p Base as the clang command line \p CommandLine should read it (see the
/// file comment): its `--cuda-path=` and `-resource-dir=` flags locate the
/// toolkit and the wrapper; with `-nocudainc`, or without either flag, or
/// when either directory lacks the wrapper or the toolkit's headers, no
/// forwarding header and no host overloads are added (and the command line
/// is returned as given).
ParseFileSystem
makeParseFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                    llvm::ArrayRef<std::string> CommandLine);

/// \p Base (the physical file system when null) in \p WorkingDirectory
/// (unless empty), once \p File is found there; the error names the
/// directory or the file that failed.
llvm::Expected<llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>>
sourceFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                 const std::string &WorkingDirectory, const std::string &File);

/// What a clang parse of \p CommandLine (the file to parse last) run in
/// \p WorkingDirectory reads: sourceFileSystem's view of \p Base as
/// makeParseFileSystem shows it. Every clang parse of a user's source (the
/// instrumenter's, the source checks') opens its files through this, so
/// that they all read a source as nvcc does; the error names the directory
/// or the file that failed.
llvm::Expected<ParseFileSystem>
openParseFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                    const std::string &WorkingDirectory,
                    llvm::ArrayRef<std::string> CommandLine);

/// The names \p Wrapper (the text of clang's CUDA runtime wrapper) includes
/// in quotes, in order, each once.
std::vector<std::string> quotedIncludes(llvm::StringRef Wrapper);

} // namespace headroom::ast

#endif // HEADROOM_AST_PARSEFILESYSTEM_H
