//===- LaunchScan.h - Does a source launch kernels? -------------*- C++ -*-===//
///
/// \file
/// Whether a CUDA source may hold a kernel launch, decided from text alone
/// (milliseconds) before the wrapper pays for Clang's host parse (one to
/// three seconds): a source that holds none is compiled by nvcc at once,
/// and its source checks parse it while nvcc runs (NvccWrapper.cpp).
///
/// The scan never misses what the Clang pass would find (a `<<<...>>>`
/// launch or a call of the launch API, as ast/LaunchSiteFinder.h matches
/// them, in the main file or, through a macro or the header filter, in a
/// header; or a call into a GPU library, as ast/LibraryCalls.h recognizes
/// them): it errs on the side of "may launch". It reads
///
/// - the source and, recursively, every header it includes that is found
///   in the source's directory, the command's include directories (`-I`,
///   `-isystem`, `-iquote`, `-idirafter`, also inside `-Xcompiler`) or the
///   working directory, every candidate of a name rather than the first,
///   and whatever `#if` says; files of the CUDA toolkit are not read, nor
///   headers found only in the host compiler's default directories (the C
///   and C++ libraries): neither defines a launch or a launch macro;
/// - the forced includes (`-include`, `-imacros`);
/// - the command's own arguments (`-D'LAUNCH(k)=k<<<1, 1>>>()'`).
///
/// A text may launch when it holds launch text (support/CudaText.h:
/// chevrons, the launch API's name or a library's name, in code; an
/// `#include <thrust/sort.h>` is one). So does an include of a header under a
/// `--headroom-library-header` directory (searched in those directories
/// and their parents too). A computed `#include MACRO`, which the scan
/// cannot follow, or more headers than it reads counts as "may launch".
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_LAUNCHSCAN_H
#define HEADROOM_NVCC_LAUNCHSCAN_H

#include "nvccargs/NvccCommand.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom::nvcc {

/// What one scan reads.
struct LaunchScanInputs {
  /// The source, absolute or relative to WorkingDirectory.
  std::string Source;
  std::string WorkingDirectory;
  /// Where `#include "..."` looks after the includer's directory (-iquote).
  std::vector<std::string> QuoteDirectories;
  /// Where both kinds of include look (-I, -isystem, -idirafter).
  std::vector<std::string> IncludeDirectories;
  /// Headers included before the source (-include, -imacros).
  std::vector<std::string> ForcedIncludes;
  /// Files under these directories are not read (the CUDA toolkit).
  std::vector<std::string> SkippedDirectories;
  /// Text that defines macros for the source: the command's arguments.
  std::vector<std::string> CommandText;
  /// The --headroom-library-header directories (absolute, or relative to
  /// WorkingDirectory): including a header under one may launch.
  std::vector<std::string> LibraryDirectories;
};

/// What a scan decided.
struct LaunchScanResult {
  bool MayLaunch = false;
  /// Why, when it may: "app.cu:12", "the argument '-DK=...'", "a computed
  /// #include at app.cu:3".
  std::string Evidence;
  /// How many files it read.
  unsigned FilesRead = 0;
};

/// Scans \p Inputs (see the file comment).
LaunchScanResult scanForLaunches(const LaunchScanInputs &Inputs);

/// The inputs that scan \p Source of \p Cmd (run in \p WorkingDirectory):
/// its include directories and forced includes, nvcc's and the host
/// compiler's, and its arguments; nothing under \p Skipped is read; a
/// header under \p Libraries may launch.
LaunchScanInputs scanInputsFor(const nvccargs::NvccCommand &Cmd,
                               const std::string &Source,
                               const std::string &WorkingDirectory,
                               std::vector<std::string> Skipped,
                               std::vector<std::string> Libraries = {});

/// The header directories of the CUDA toolkits the scan skips: that of the
/// nvcc executable \p Nvcc (the parent of its bin/), and those that
/// $CUDA_HOME, $CUDA_PATH and /usr/local/cuda name; a directory counts when
/// it holds the toolkit's cuda_runtime_api.h. Symbolic links resolved.
std::vector<std::string>
toolkitDirectories(const std::string &Nvcc,
                   const std::function<const char *(const char *)> &Getenv);

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_LAUNCHSCAN_H
