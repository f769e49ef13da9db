//===- Process.cpp - Run a program from an argument vector ----------------===//

#include "support/Process.h"

#include "support/Paths.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace headroom {

Expected<ProcessExit> runProcess(const std::vector<std::string> &Argv,
                                 const std::string &StderrFile,
                                 const std::string &StdoutFile,
                                 const std::string &WorkingDirectory) {
  if (Argv.empty())
    return Error("no program to run");
  std::vector<char *> CArgs;
  for (const std::string &A : Argv)
    CArgs.push_back(const_cast<char *>(A.c_str()));
  CArgs.push_back(nullptr);

  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  if (!StderrFile.empty())
    posix_spawn_file_actions_addopen(&Actions, STDERR_FILENO,
                                     StderrFile.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (!StdoutFile.empty())
    posix_spawn_file_actions_addopen(&Actions, STDOUT_FILENO,
                                     StdoutFile.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0600);
  // After the files: their paths are relative to our directory.
  if (!WorkingDirectory.empty())
    posix_spawn_file_actions_addchdir_np(&Actions, WorkingDirectory.c_str());
  pid_t Pid = 0;
  int Err =
      posix_spawnp(&Pid, CArgs[0], &Actions, nullptr, CArgs.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  if (Err != 0)
    return Error("cannot run '" + Argv[0] + "': " + std::strerror(Err));

  int WaitStatus = 0;
  while (waitpid(Pid, &WaitStatus, 0) < 0)
    if (errno != EINTR)
      return Error("cannot wait for '" + Argv[0] +
                   "': " + std::strerror(errno));
  if (WIFEXITED(WaitStatus))
    return ProcessExit{WEXITSTATUS(WaitStatus), 0};
  if (WIFSIGNALED(WaitStatus))
    return ProcessExit{128 + WTERMSIG(WaitStatus), WTERMSIG(WaitStatus)};
  return ProcessExit{1, 0};
}

std::string findInPath(const std::string &Name) {
  const char *Path = std::getenv("PATH");
  if (!Path || Name.find('/') != std::string::npos)
    return "";
  std::string Dirs = Path;
  size_t Start = 0;
  while (Start <= Dirs.size()) {
    size_t Colon = Dirs.find(':', Start);
    std::string Dir = Dirs.substr(Start, Colon - Start);
    std::string Candidate = (Dir.empty() ? "." : Dir) + "/" + Name;
    if (access(Candidate.c_str(), X_OK) == 0 && isRegularFile(Candidate))
      return Candidate;
    if (Colon == std::string::npos)
      break;
    Start = Colon + 1;
  }
  return "";
}

} // namespace headroom
