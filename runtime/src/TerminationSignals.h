//===- TerminationSignals.h - Write the profile when killed -----*- C++ -*-===//
///
/// \file
/// Handlers for the signals that end a program (SIGINT, SIGTERM, SIGABRT
/// and, where the program has no handler of its own, SIGSEGV, SIGBUS,
/// SIGFPE, SIGILL) that have the ProfileFlusher write the profile, then
/// chain to the disposition the program had: its own handler is called as
/// it would have been; the default action is restored and the signal raised
/// again, so the process ends exactly as it would have (same signal, same
/// exit status, same core dump). A signal the program ignores is left
/// alone.
///
/// The handler never allocates or locks. It asks the flusher thread for the
/// write and waits for it, at most a bounded time (a write can block if the
/// interrupted code held a lock the writer needs). To make that rare, a
/// thread inside the runtime's own critical sections (it may hold the
/// runtime's mutex) defers the signal until it leaves them (Deferral).
///
/// Process-wide state; install() may be called again (at the first kernel
/// launch) to chain to handlers the program installed in the meantime.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_TERMINATIONSIGNALS_H
#define HEADROOM_RUNTIME_TERMINATIONSIGNALS_H

#include <string>
#include <vector>

namespace headroom::rt {

class ProfileFlusher;

/// Depth of runtime critical sections on this thread (initial-exec TLS, so
/// that the signal handler can read it without allocating).
extern thread_local int SignalDeferralDepth
    __attribute__((tls_model("initial-exec")));
/// A signal that arrived inside a critical section, 0 when none.
extern volatile int PendingTerminationSignal;
/// Handles the pending signal now (normal context).
void deliverDeferredSignal();

class TerminationSignals {
public:
  /// Installs the handlers: \p Flusher writes (may be null: only chain),
  /// only in process \p OwnerPid (a forked child just chains), waiting at
  /// most \p TimeoutMs for each write.
  static void install(ProfileFlusher *Flusher, long OwnerPid, int TimeoutMs);
  /// Restores the dispositions saved by install() (tests).
  static void uninstall();
  /// The signals install() considers.
  static std::vector<int> handledSignals();
  /// "SIGTERM" for SIGTERM, ...; "signal N" for others.
  static std::string signalName(int Signal);

  /// While alive, termination signals delivered to this thread wait until
  /// the outermost Deferral ends.
  class Deferral {
  public:
    Deferral() { ++SignalDeferralDepth; }
    ~Deferral() {
      if (--SignalDeferralDepth == 0 && PendingTerminationSignal != 0)
        deliverDeferredSignal();
    }
    Deferral(const Deferral &) = delete;
    Deferral &operator=(const Deferral &) = delete;
  };
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_TERMINATIONSIGNALS_H
