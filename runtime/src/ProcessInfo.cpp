//===- ProcessInfo.cpp - Which process wrote a profile --------------------===//

#include "ProcessInfo.h"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <unistd.h>

namespace headroom::rt {

std::optional<long>
rankFromEnvironment(const std::function<const char *(const char *)> &Getenv) {
  for (const char *Name : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK",
                           "SLURM_PROCID", "RANK"}) {
    const char *V = Getenv(Name);
    if (!V || !*V)
      continue;
    char *End = nullptr;
    long Rank = std::strtol(V, &End, 10);
    if (End && *End == '\0' && Rank >= 0)
      return Rank;
  }
  return std::nullopt;
}

std::string commandFromCmdline(const std::string &Image) {
  std::string Out = Image;
  while (!Out.empty() && Out.back() == '\0')
    Out.pop_back();
  for (char &C : Out)
    if (C == '\0')
      C = ' ';
  return Out;
}

std::uint64_t unixTimeNs() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::system_clock::now().time_since_epoch())
          .count());
}

ProcessInfo currentProcess() {
  ProcessInfo P;
  P.Pid = static_cast<long>(::getpid());
  char Host[256] = {};
  if (::gethostname(Host, sizeof(Host) - 1) == 0)
    P.Host = Host;
  P.Rank = rankFromEnvironment([](const char *N) { return std::getenv(N); });
  std::ifstream In("/proc/self/cmdline", std::ios::binary);
  if (In) {
    std::string Image((std::istreambuf_iterator<char>(In)),
                      std::istreambuf_iterator<char>());
    P.Command = commandFromCmdline(Image);
  }
  P.StartUnixNs = unixTimeNs();
  return P;
}

} // namespace headroom::rt
