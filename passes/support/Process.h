//===- Process.h - Run a program from an argument vector --------*- C++ -*-===//
///
/// \file
/// Starts programs with posix_spawnp from an argument vector, never through a
/// shell, so that no argument is re-split or expanded, and waits for them.
/// The one way Headroom runs another program (the nvcc wrapper runs nvcc,
/// `headroom calibrate` runs the micro-benchmarks).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_PROCESS_H
#define HEADROOM_SUPPORT_PROCESS_H

#include "support/Error.h"

#include <string>
#include <vector>

namespace headroom {

/// How a process ended.
struct ProcessExit {
  /// Its exit code, or 128 + Signal when a signal ended it (a shell's $?).
  int Code = 0;
  /// The signal that ended it; 0 when it exited.
  int Signal = 0;
};

/// Runs \p Argv (Argv[0] is searched in PATH when it has no '/') with the
/// environment of this process and waits for it. Its standard error goes to
/// \p StderrFile when that is not empty, else to ours, and its standard
/// output to \p StdoutFile when that is not empty (`headroom static-mix`
/// reads cuobjdump's listing from there). It runs in \p WorkingDirectory
/// when that is not empty (`cuobjdump -xelf` writes its files there), else in
/// ours. Fails when it could not be started or waited for.
Expected<ProcessExit> runProcess(const std::vector<std::string> &Argv,
                                 const std::string &StderrFile = "",
                                 const std::string &StdoutFile = "",
                                 const std::string &WorkingDirectory = "");

/// The executable \p Name found in the directories of $PATH, or "".
std::string findInPath(const std::string &Name);

} // namespace headroom

#endif // HEADROOM_SUPPORT_PROCESS_H
