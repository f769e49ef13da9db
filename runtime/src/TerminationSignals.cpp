//===- TerminationSignals.cpp - Write the profile when killed -------------===//

#include "TerminationSignals.h"

#include "ProfileFlusher.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <unistd.h>

namespace headroom::rt {

thread_local int SignalDeferralDepth
    __attribute__((tls_model("initial-exec"))) = 0;
volatile int PendingTerminationSignal = 0;

namespace {

constexpr int MaxSignal = 65;

/// Crash signals: handled only where the program left the default action
/// (a program with its own SIGSEGV handler may use it for normal work).
bool isCrashSignal(int Sig) {
  return Sig == SIGSEGV || Sig == SIGBUS || Sig == SIGFPE || Sig == SIGILL;
}

std::atomic<ProfileFlusher *> Flusher{nullptr};
std::atomic<long> OwnerPid{0};
std::atomic<int> TimeoutMs{10000};
std::atomic<int> Pending{0};
/// The dispositions we chain to, and those before our first install.
struct sigaction Previous[MaxSignal];
struct sigaction Original[MaxSignal];
bool Installed[MaxSignal];
/// Handlers of this thread in progress (a program handler that chains back
/// to ours lands here nested).
__attribute__((tls_model("initial-exec"))) thread_local int HandlerDepth = 0;

void handler(int Sig, siginfo_t *Info, void *Ctx);

bool isOurs(const struct sigaction &A) {
  return (A.sa_flags & SA_SIGINFO) && A.sa_sigaction == &handler;
}

/// Applies disposition \p A to a signal that arrived.
void chainTo(const struct sigaction &A, int Sig, siginfo_t *Info, void *Ctx) {
  if (A.sa_flags & SA_SIGINFO) {
    if (A.sa_sigaction && A.sa_sigaction != &handler) {
      siginfo_t Local;
      if (!Info) {
        std::memset(&Local, 0, sizeof(Local));
        Local.si_signo = Sig;
        Local.si_code = SI_USER;
        Info = &Local;
      }
      A.sa_sigaction(Sig, Info, Ctx);
    }
    return;
  }
  if (A.sa_handler == SIG_IGN)
    return;
  if (A.sa_handler == SIG_DFL) {
    // End the process as it would have ended: default action, same signal.
    // Inside the handler the signal is blocked, so it is delivered when the
    // handler returns; from normal context (a deferred signal) at once.
    struct sigaction Dfl;
    std::memset(&Dfl, 0, sizeof(Dfl));
    Dfl.sa_handler = SIG_DFL;
    sigemptyset(&Dfl.sa_mask);
    ::sigaction(Sig, &Dfl, nullptr);
    ::raise(Sig);
    return;
  }
  A.sa_handler(Sig);
}

/// Whether the disposition ends the process.
bool terminates(const struct sigaction &A, int Sig) {
  if (Sig == SIGABRT)
    return true; // abort() ends the process even after a handler returns.
  return !(A.sa_flags & SA_SIGINFO) && A.sa_handler == SIG_DFL;
}

void handleNow(int Sig, siginfo_t *Info, void *Ctx) {
  int SavedErrno = errno;
  if (Sig <= 0 || Sig >= MaxSignal) {
    errno = SavedErrno;
    return;
  }
  if (HandlerDepth > 0) {
    // A program handler chained back to us: apply what was there before.
    chainTo(Original[Sig], Sig, Info, Ctx);
    errno = SavedErrno;
    return;
  }
  ++HandlerDepth;
  const struct sigaction Prev = Previous[Sig];
  if (static_cast<long>(::getpid()) == OwnerPid.load())
    if (ProfileFlusher *F = Flusher.load())
      F->requestFromSignal(Sig, terminates(Prev, Sig), TimeoutMs.load());
  chainTo(Prev, Sig, Info, Ctx);
  --HandlerDepth;
  errno = SavedErrno;
}

void handler(int Sig, siginfo_t *Info, void *Ctx) {
  if (SignalDeferralDepth > 0 && !isCrashSignal(Sig) && Sig != SIGABRT) {
    // This thread may hold the runtime's mutex: finish the critical
    // section first (Deferral's destructor delivers).
    Pending.store(Sig);
    PendingTerminationSignal = Sig;
    return;
  }
  handleNow(Sig, Info, Ctx);
}

} // namespace

void deliverDeferredSignal() {
  int Sig = Pending.exchange(0);
  PendingTerminationSignal = 0;
  if (Sig != 0)
    handleNow(Sig, nullptr, nullptr);
}

std::string TerminationSignals::signalName(int Signal) {
  switch (Signal) {
  case SIGINT:
    return "SIGINT";
  case SIGTERM:
    return "SIGTERM";
  case SIGABRT:
    return "SIGABRT";
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  case SIGHUP:
    return "SIGHUP";
  case SIGQUIT:
    return "SIGQUIT";
  default:
    return "signal " + std::to_string(Signal);
  }
}

std::vector<int> TerminationSignals::handledSignals() {
  return {SIGINT, SIGTERM, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL};
}

void TerminationSignals::install(ProfileFlusher *F, long Owner, int Timeout) {
  Flusher = F;
  OwnerPid = Owner;
  TimeoutMs = Timeout;
  for (int Sig : handledSignals()) {
    struct sigaction Current;
    if (::sigaction(Sig, nullptr, &Current) != 0 || isOurs(Current))
      continue;
    bool Default =
        !(Current.sa_flags & SA_SIGINFO) && Current.sa_handler == SIG_DFL;
    bool Ignored =
        !(Current.sa_flags & SA_SIGINFO) && Current.sa_handler == SIG_IGN;
    if (Ignored || (isCrashSignal(Sig) && !Default))
      continue;
    struct sigaction Ours;
    std::memset(&Ours, 0, sizeof(Ours));
    Ours.sa_sigaction = &handler;
    Ours.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK;
    sigemptyset(&Ours.sa_mask);
    if (!Installed[Sig])
      Original[Sig] = Current;
    Previous[Sig] = Current;
    if (::sigaction(Sig, &Ours, nullptr) == 0)
      Installed[Sig] = true;
  }
}

void TerminationSignals::uninstall() {
  for (int Sig : handledSignals()) {
    if (!Installed[Sig])
      continue;
    struct sigaction Current;
    if (::sigaction(Sig, nullptr, &Current) == 0 && isOurs(Current))
      ::sigaction(Sig, &Previous[Sig], nullptr);
    Installed[Sig] = false;
  }
  Flusher = nullptr;
}

} // namespace headroom::rt
