//===- ProfileFlusher.cpp - Periodic and signal-time profile writes -------===//

#include "ProfileFlusher.h"

#include "HookBoundary.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

namespace headroom::rt {

namespace {

// Read from signal handlers: initial-exec TLS never allocates.
__attribute__((tls_model("initial-exec"))) thread_local bool IsFlusherThread =
    false;

void closePipe(int (&P)[2]) {
  for (int &Fd : P)
    if (Fd >= 0) {
      ::close(Fd);
      Fd = -1;
    }
}

bool makePipe(int (&P)[2]) {
  if (::pipe(P) != 0)
    return false;
  for (int Fd : P) {
    ::fcntl(Fd, F_SETFD, FD_CLOEXEC);
    ::fcntl(Fd, F_SETFL, ::fcntl(Fd, F_GETFL) | O_NONBLOCK);
  }
  return true;
}

} // namespace

bool ProfileFlusher::onFlusherThread() { return IsFlusherThread; }

ProfileFlusher::ProfileFlusher(double IntervalS, WriteFn Write)
    : IntervalS(IntervalS), Write(std::move(Write)) {
  if (!makePipe(RequestPipe))
    return;
  if (!makePipe(DonePipe)) {
    closePipe(RequestPipe);
    return;
  }
  try {
    // The new thread inherits this mask: block the asynchronous termination
    // signals so that the kernel never picks this thread to deliver them.
    sigset_t Block, Old;
    sigemptyset(&Block);
    for (int S : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2})
      sigaddset(&Block, S);
    pthread_sigmask(SIG_BLOCK, &Block, &Old);
    Thread = std::thread([this] { loop(); });
    pthread_sigmask(SIG_SETMASK, &Old, nullptr);
    Running = true;
  } catch (...) {
    closePipe(RequestPipe);
    closePipe(DonePipe);
  }
}

ProfileFlusher::~ProfileFlusher() {
  if (Running) {
    Stop = true;
    char Byte = 0;
    while (::write(RequestPipe[1], &Byte, 1) < 0 && errno == EINTR) {
    }
    if (Thread.joinable())
      Thread.join();
  }
  closePipe(RequestPipe);
  closePipe(DonePipe);
}

void ProfileFlusher::loop() {
  IsFlusherThread = true;
  using Clock = std::chrono::steady_clock;
  auto Interval = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(IntervalS > 0 ? IntervalS : 0));
  Clock::time_point Next = Clock::now() + Interval;
  while (!Stop) {
    int Timeout = -1;
    if (IntervalS > 0) {
      auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
                      Next - Clock::now())
                      .count();
      Timeout =
          Left < 0 ? 0 : static_cast<int>(std::min<long long>(Left, 1 << 30));
    }
    pollfd P{RequestPipe[0], POLLIN, 0};
    int N = ::poll(&P, 1, Timeout);
    if (Stop)
      break;
    if (N < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    if (N == 0) {
      callNoThrow([this] { Write(Request{}); });
      Next = Clock::now() + Interval;
      continue;
    }
    unsigned char Msg[2];
    ssize_t Got = ::read(RequestPipe[0], Msg, sizeof(Msg));
    if (Got <= 0 || Stop)
      continue;
    if (Msg[0] != 0) {
      Request R;
      R.Signal = Msg[0];
      R.Terminal = Got > 1 && Msg[1] != 0;
      callNoThrow([&] { Write(R); });
      char Done = 1;
      while (::write(DonePipe[1], &Done, 1) < 0 && errno == EINTR) {
      }
    }
  }
}

bool ProfileFlusher::requestFromSignal(int Signal, bool Terminal,
                                       int TimeoutMs) {
  if (!Running || IsFlusherThread || Signal <= 0 || Signal > 255)
    return false;
  // Forget answers to earlier requests that timed out.
  char Junk[16];
  while (::read(DonePipe[0], Junk, sizeof(Junk)) > 0) {
  }
  unsigned char Msg[2] = {static_cast<unsigned char>(Signal),
                          static_cast<unsigned char>(Terminal ? 1 : 0)};
  ssize_t Put;
  do {
    Put = ::write(RequestPipe[1], Msg, sizeof(Msg));
  } while (Put < 0 && errno == EINTR);
  if (Put != static_cast<ssize_t>(sizeof(Msg)))
    return false;
  // poll() and read() are async-signal-safe; clock_gettime too.
  timespec Start{};
  ::clock_gettime(CLOCK_MONOTONIC, &Start);
  for (;;) {
    timespec Now{};
    ::clock_gettime(CLOCK_MONOTONIC, &Now);
    long long Elapsed = (Now.tv_sec - Start.tv_sec) * 1000LL +
                        (Now.tv_nsec - Start.tv_nsec) / 1000000LL;
    if (Elapsed >= TimeoutMs)
      return false;
    pollfd P{DonePipe[0], POLLIN, 0};
    int N = ::poll(&P, 1, static_cast<int>(TimeoutMs - Elapsed));
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    char Done;
    if (::read(DonePipe[0], &Done, 1) == 1)
      return true;
  }
}

} // namespace headroom::rt
