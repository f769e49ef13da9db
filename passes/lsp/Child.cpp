//===- Child.cpp - The language server behind the proxy -------------------===//

#include "lsp/Child.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace headroom::lsp {

Expected<Child> Child::start(const std::vector<std::string> &Argv) {
  if (Argv.empty())
    return Error("no language server to start");
  int ToChild[2], FromChild[2];
  if (::pipe2(ToChild, O_CLOEXEC) != 0)
    return Error(std::string("cannot create a pipe: ") + std::strerror(errno));
  if (::pipe2(FromChild, O_CLOEXEC) != 0) {
    ::close(ToChild[0]);
    ::close(ToChild[1]);
    return Error(std::string("cannot create a pipe: ") + std::strerror(errno));
  }
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_adddup2(&Actions, ToChild[0], 0);
  posix_spawn_file_actions_adddup2(&Actions, FromChild[1], 1);
  std::vector<char *> Args;
  for (const std::string &A : Argv)
    Args.push_back(const_cast<char *>(A.c_str()));
  Args.push_back(nullptr);
  pid_t Pid;
  int Rc =
      ::posix_spawnp(&Pid, Args[0], &Actions, nullptr, Args.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  ::close(ToChild[0]);
  ::close(FromChild[1]);
  if (Rc != 0) {
    ::close(ToChild[1]);
    ::close(FromChild[0]);
    return Error("cannot start '" + Argv[0] + "': " + std::strerror(Rc));
  }
  Child C;
  C.Pid = Pid;
  C.In = ToChild[1];
  C.Out = FromChild[0];
  return C;
}

void Child::closeInput() {
  if (In >= 0)
    ::close(In);
  In = -1;
}

int Child::wait() {
  if (Pid < 0)
    return 1;
  int Status = 0;
  while (::waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  Pid = -1;
  if (WIFSIGNALED(Status))
    return 128 + WTERMSIG(Status);
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : 1;
}

} // namespace headroom::lsp
