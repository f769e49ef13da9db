//===- RuntimeLocation.h - Where libheadroom_rt is --------------*- C++ -*-===//
///
/// \file
/// Finds the runtime that instrumented code needs, next to the headroom
/// executable: its header directory (holding headroom/runtime.h) and the
/// directory of libheadroom_rt.so. Two layouts are known:
///
/// - installed: `<prefix>/bin/headroom`, `<prefix>/include/headroom/
///   runtime.h`, `<prefix>/lib/libheadroom_rt.so` (or lib64);
/// - the build tree: `<build>/tool/headroom`, `<build>/runtime/
///   libheadroom_rt.so`, and the header in the source tree it was
///   configured from.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_RUNTIMELOCATION_H
#define HEADROOM_NVCC_RUNTIMELOCATION_H

#include "support/Error.h"

#include <string>

namespace headroom::nvcc {

struct RuntimeLocation {
  /// The directory to add with -I: it holds headroom/runtime.h.
  std::string IncludeDirectory;
  /// The directory of libheadroom_rt.so (-L and the run path).
  std::string LibraryDirectory;
};

/// The runtime for a headroom executable in \p ExecutableDirectory;
/// \p SourceIncludeDirectory is the source tree's runtime/include, for the
/// build-tree layout. Fails with the places it looked.
Expected<RuntimeLocation>
findRuntime(const std::string &ExecutableDirectory,
            const std::string &SourceIncludeDirectory);

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_RUNTIMELOCATION_H
