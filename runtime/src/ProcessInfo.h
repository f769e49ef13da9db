//===- ProcessInfo.h - Which process wrote a profile ------------*- C++ -*-===//
#ifndef HEADROOM_RUNTIME_PROCESSINFO_H
#define HEADROOM_RUNTIME_PROCESSINFO_H

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace headroom::rt {

/// The process section of a profile.
struct ProcessInfo {
  long Pid = 0;
  std::string Host;
  /// The MPI/launcher rank, when a launcher set one.
  std::optional<long> Rank;
  /// The command line, arguments separated by spaces.
  std::string Command;
  std::uint64_t StartUnixNs = 0;
  std::uint64_t EndUnixNs = 0;
};

/// The rank from the usual launcher variables (OMPI_COMM_WORLD_RANK,
/// PMI_RANK, PMIX_RANK, SLURM_PROCID, RANK), read through \p Getenv.
std::optional<long>
rankFromEnvironment(const std::function<const char *(const char *)> &Getenv);

/// Joins a NUL-separated /proc/<pid>/cmdline image with spaces.
std::string commandFromCmdline(const std::string &Image);

/// This process: pid, host, rank, command; StartUnixNs = now.
ProcessInfo currentProcess();

/// Wall-clock time since the epoch in ns.
std::uint64_t unixTimeNs();

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_PROCESSINFO_H
