//===- ProfileFlusher.h - Periodic and signal-time writes -------*- C++ -*-===//
///
/// \file
/// A thread of the runtime's own that writes the profile while the program
/// runs: every HEADROOM_FLUSH_S seconds (so that a crash loses at most the
/// last interval), and when a signal handler asks it to (the handler itself
/// may not allocate, lock or call CUPTI, so it hands the work over through a
/// pipe and waits, bounded, for the answer).
///
/// The thread blocks the asynchronous termination signals, so that a signal
/// sent to the process is never delivered to it; it sleeps in poll() between
/// writes. Owned by the composition root (RuntimeAbi) for the life of the
/// process; the destructor stops and joins it (tests).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_PROFILEFLUSHER_H
#define HEADROOM_RUNTIME_PROFILEFLUSHER_H

#include <atomic>
#include <functional>
#include <thread>

namespace headroom::rt {

class ProfileFlusher {
public:
  /// Why a write is asked for.
  struct Request {
    /// 0 for a periodic write, else the signal that arrived.
    int Signal = 0;
    /// The process ends after this write (the signal's disposition is to
    /// terminate): write the final profile.
    bool Terminal = false;
  };
  using WriteFn = std::function<void(const Request &)>;

  /// Starts the thread; \p IntervalS <= 0: no periodic writes.
  ProfileFlusher(double IntervalS, WriteFn Write);
  ~ProfileFlusher();

  ProfileFlusher(const ProfileFlusher &) = delete;
  ProfileFlusher &operator=(const ProfileFlusher &) = delete;

  /// Async-signal-safe: asks the thread to write and waits up to
  /// \p TimeoutMs for it to finish. Returns whether it finished in time.
  /// Refuses (false) when called on the flusher thread itself.
  bool requestFromSignal(int Signal, bool Terminal, int TimeoutMs);

  /// Whether the thread started (pipes and thread created).
  bool running() const { return Running; }

  /// Whether the calling thread is the flusher thread.
  static bool onFlusherThread();

private:
  void loop();

  double IntervalS;
  WriteFn Write;
  int RequestPipe[2] = {-1, -1};
  int DonePipe[2] = {-1, -1};
  std::atomic<bool> Stop{false};
  bool Running = false;
  std::thread Thread;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_PROFILEFLUSHER_H
