//===- BoundedRun.cpp - A helper program run with a time limit ------------===//

#include "lsp/BoundedRun.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <optional>

extern char **environ;

namespace headroom::lsp {

namespace {

using Clock = std::chrono::steady_clock;
constexpr int PollMs = 50;

/// This process's environment with \p Set replacing or adding variables.
std::vector<std::string>
environmentWith(const std::vector<std::pair<std::string, std::string>> &Set) {
  std::vector<std::string> Env;
  for (char **E = environ; E && *E; ++E) {
    std::string Var = *E;
    bool Replaced = false;
    for (const auto &[Name, Value] : Set)
      Replaced |= Var.rfind(Name + "=", 0) == 0;
    if (!Replaced)
      Env.push_back(std::move(Var));
  }
  for (const auto &[Name, Value] : Set)
    Env.push_back(Name + "=" + Value);
  return Env;
}

std::vector<char *> pointers(const std::vector<std::string> &Strings) {
  std::vector<char *> P;
  for (const std::string &S : Strings)
    P.push_back(const_cast<char *>(S.c_str()));
  P.push_back(nullptr);
  return P;
}

/// Reads what is there on \p Fd into \p Into (up to \p Max bytes kept);
/// false at end of file.
bool drain(int Fd, std::string &Into, std::size_t Max) {
  char Buffer[65536];
  ssize_t N = ::read(Fd, Buffer, sizeof Buffer);
  if (N < 0)
    return errno == EINTR || errno == EAGAIN;
  if (N == 0)
    return false;
  if (Into.size() < Max)
    Into.append(Buffer, std::min<std::size_t>(N, Max - Into.size()));
  return true;
}

/// Ends the child's process group and reaps the child (not reaped before:
/// the group's id cannot have been reused).
int killAndReap(pid_t Pid) {
  ::kill(-Pid, SIGKILL);
  int Status = 0;
  while (::waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  return Status;
}

/// "60 s", "0.25 s".
std::string seconds(std::chrono::milliseconds Ms) {
  std::string S = std::to_string(Ms.count() / 1000);
  if (long long Frac = Ms.count() % 1000) {
    std::string Digits = std::to_string(1000 + Frac).substr(1);
    while (Digits.back() == '0')
      Digits.pop_back();
    S += "." + Digits;
  }
  return S + " s";
}

} // namespace

BoundedOutcome runBounded(const BoundedRequest &R,
                          const std::function<bool()> &Cancelled) {
  BoundedOutcome O;
  O.Limit = R.Limit;
  Clock::time_point Start = Clock::now();
  if (R.Argv.empty()) {
    O.StartError = "no command";
    return O;
  }
  int OutPipe[2], ErrPipe[2];
  if (::pipe2(OutPipe, O_CLOEXEC) != 0) {
    O.StartError = std::string("cannot create a pipe: ") + std::strerror(errno);
    return O;
  }
  if (::pipe2(ErrPipe, O_CLOEXEC) != 0) {
    O.StartError = std::string("cannot create a pipe: ") + std::strerror(errno);
    ::close(OutPipe[0]);
    ::close(OutPipe[1]);
    return O;
  }
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&Actions, OutPipe[1], 1);
  posix_spawn_file_actions_adddup2(&Actions, ErrPipe[1], 2);
  posix_spawnattr_t Attributes;
  posix_spawnattr_init(&Attributes);
  posix_spawnattr_setflags(&Attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&Attributes, 0);
  std::vector<std::string> Env = environmentWith(R.Environment);
  std::vector<char *> Args = pointers(R.Argv), EnvP = pointers(Env);
  pid_t Pid;
  int Rc = ::posix_spawnp(&Pid, Args[0], &Actions, &Attributes, Args.data(),
                          EnvP.data());
  posix_spawn_file_actions_destroy(&Actions);
  posix_spawnattr_destroy(&Attributes);
  ::close(OutPipe[1]);
  ::close(ErrPipe[1]);
  if (Rc != 0) {
    ::close(OutPipe[0]);
    ::close(ErrPipe[0]);
    O.StartError = "cannot start '" + R.Argv[0] + "': " + std::strerror(Rc);
    return O;
  }
  // Only ever lower its priority below ours, never raise it.
  if (R.Niceness > ::getpriority(PRIO_PROCESS, 0))
    ::setpriority(PRIO_PROCESS, Pid, R.Niceness);
  pollfd Fds[2] = {{OutPipe[0], POLLIN, 0}, {ErrPipe[0], POLLIN, 0}};
  std::string *Sinks[2] = {&O.Stdout, &O.Stderr};
  int Open = 2;
  std::optional<BoundedOutcome::End> Stopped;
  while (Open > 0) {
    if (Clock::now() - Start >= R.Limit) {
      Stopped = BoundedOutcome::End::TimedOut;
      break;
    }
    if (Cancelled && Cancelled()) {
      Stopped = BoundedOutcome::End::Cancelled;
      break;
    }
    int N = ::poll(Fds, 2, PollMs);
    if (N < 0 && errno != EINTR)
      break;
    for (int I = 0; I < 2 && N > 0; ++I)
      if (Fds[I].fd >= 0 && (Fds[I].revents & (POLLIN | POLLHUP | POLLERR)) &&
          !drain(Fds[I].fd, *Sinks[I], R.MaxOutputBytes)) {
        ::close(Fds[I].fd);
        Fds[I].fd = -1;
        --Open;
      }
  }
  for (pollfd &F : Fds)
    if (F.fd >= 0)
      ::close(F.fd);
  int Status = 0;
  if (Stopped) {
    killAndReap(Pid);
    O.How = *Stopped;
  } else {
    // Both streams are closed: the child is ending (or left them to
    // another process of its group, which the limit still bounds).
    for (;;) {
      // Ended, not reaped yet: its process id (and group) stay ours until
      // whatever it left behind in the group is ended below.
      siginfo_t Info{};
      int W = ::waitid(P_PID, Pid, &Info, WEXITED | WNOHANG | WNOWAIT);
      if (W == 0 && Info.si_pid == Pid) {
        ::kill(-Pid, SIGKILL);
        while (::waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
        }
        break;
      }
      if (W < 0 && errno != EINTR) {
        Status = 0;
        break;
      }
      if (Clock::now() - Start >= R.Limit || (Cancelled && Cancelled())) {
        bool Late = Clock::now() - Start >= R.Limit;
        killAndReap(Pid);
        O.How = Late ? BoundedOutcome::End::TimedOut
                     : BoundedOutcome::End::Cancelled;
        O.Elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
            Clock::now() - Start);
        return O;
      }
      ::usleep(PollMs * 1000);
    }
    if (WIFSIGNALED(Status)) {
      O.How = BoundedOutcome::End::Signaled;
      O.Code = WTERMSIG(Status);
    } else {
      O.How = BoundedOutcome::End::Exited;
      O.Code = WIFEXITED(Status) ? WEXITSTATUS(Status) : 1;
    }
  }
  O.Elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      Clock::now() - Start);
  return O;
}

std::string describeFailure(const BoundedOutcome &O, const std::string &What) {
  switch (O.How) {
  case BoundedOutcome::End::NotStarted:
    return What + " could not be started: " + O.StartError;
  case BoundedOutcome::End::TimedOut:
    return What + " ran past its time limit of " + seconds(O.Limit) +
           " and was stopped";
  case BoundedOutcome::End::Cancelled:
    return What + " was stopped: a newer version of the file replaced it";
  case BoundedOutcome::End::Signaled:
    return What + " was killed by signal " + std::to_string(O.Code) + " (" +
           strsignal(O.Code) + ")";
  case BoundedOutcome::End::Exited:
    break;
  }
  std::string Line;
  // The first line that says something: clang's error, Headroom's error.
  std::size_t From = 0;
  while (From < O.Stderr.size()) {
    std::size_t To = O.Stderr.find('\n', From);
    if (To == std::string::npos)
      To = O.Stderr.size();
    std::string Candidate = O.Stderr.substr(From, To - From);
    if (Candidate.find("error") != std::string::npos || Line.empty())
      Line = Candidate;
    if (Candidate.find("error") != std::string::npos)
      break;
    From = To + 1;
  }
  return What + " exited with status " + std::to_string(O.Code) +
         (Line.empty() ? std::string() : ": " + Line);
}

} // namespace headroom::lsp
