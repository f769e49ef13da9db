//===- Process.h - Run a program from an argument vector --------*- C++ -*-===//
///
/// \file
/// Starts programs with posix_spawnp from an argument vector, never through a
/// shell, so that no argument is re-split or expanded, and waits for them.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_PROCESS_H
#define HEADROOM_NVCC_PROCESS_H

#include "support/Error.h"

#include <string>
#include <vector>

namespace headroom::nvcc {

/// Runs \p Argv (Argv[0] is searched in PATH when it has no '/') with the
/// environment of this process and waits for it. Its standard error goes to
/// \p StderrFile when that is not empty, else to ours. Returns its exit
/// code, 128 + N when signal N ended it, or an Error when it could not be
/// started.
Expected<int> runProcess(const std::vector<std::string> &Argv,
                         const std::string &StderrFile = "");

/// The executable \p Name found in the directories of $PATH, or "".
std::string findInPath(const std::string &Name);

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_PROCESS_H
