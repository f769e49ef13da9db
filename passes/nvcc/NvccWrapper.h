//===- NvccWrapper.h - headroom nvcc, the drop-in compiler ------*- C++ -*-===//
///
/// \file
/// Runs one nvcc command the way `headroom nvcc` does (docs/integration.md):
///
/// - compile and link commands (-c, -dc, -dw, -lib, or none): every CUDA
///   source is instrumented into a private temporary directory (keeping its
///   file name, so nvcc's default output and dependency-file names do not
///   change) and compiled from there with the user's flags, plus `-I` for
///   headroom/runtime.h and `-Xcompiler=-iquote,<source dir>` so that the
///   source's quoted includes resolve as before; `-MD`/`-MMD` dependency
///   files are rewritten to name the original files; link commands get
///   libheadroom_rt (`-L`, `-l`, and its directory as run path);
/// - every other command (-E, -M, -MM, -ptx, -cubin, -fatbin, -dlink,
///   -cuda, --version, -dryrun, ...) runs unchanged.
///
/// The build never breaks because of Headroom: a source that cannot be
/// instrumented is compiled unchanged, with one note saying why; when the
/// instrumented sources do not compile but the originals do, the originals
/// are used, with one note. Processes are started from argument vectors,
/// never through a shell.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_NVCCWRAPPER_H
#define HEADROOM_NVCC_NVCCWRAPPER_H

#include "nvcc/SourceInstrumenter.h"

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace headroom::nvcc {

/// What the wrapper depends on, so that tests can replace it.
struct WrapperContext {
  /// The directory the command runs in.
  std::string WorkingDirectory;
  /// The directory of the headroom executable (where the runtime is found).
  std::string ExecutableDirectory;
  /// The source tree's runtime/include, for a headroom in its build tree.
  std::string SourceRuntimeInclude;
  /// Null in a headroom built without Clang. Not owned.
  SourceInstrumenter *Instrumenter = nullptr;
  std::function<const char *(const char *)> Getenv;
  /// Where the wrapper's help goes.
  std::ostream *Out = nullptr;
  /// Where the wrapper's own notes, warnings and kernel diagnostics go.
  std::ostream *Err = nullptr;
  /// Whether the diagnostics may be colored.
  bool Color = false;
};

/// Runs the wrapper on \p Args (everything after `headroom nvcc`); returns
/// the exit status: nvcc's, or 1 after a successful compile when a kernel
/// exceeds the headroom threshold.
int runNvccWrapper(std::vector<std::string> Args, const WrapperContext &Ctx);

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_NVCCWRAPPER_H
