//===- BoundedRun.h - A helper program run with a time limit ----*- C++ -*-===//
///
/// \file
/// How `headroom lsp` runs its compile-time tools (`headroom check`,
/// `headroom static-mix`): a child process from an argument vector, in a
/// process group of its own (so that what it starts ends with it), its
/// standard output and error collected, killed when it runs past its time
/// limit or when the caller cancels it (a newer save made its result
/// stale). Nothing here blocks for longer than the poll interval without
/// looking at the limit and the cancellation.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_BOUNDEDRUN_H
#define HEADROOM_LSP_BOUNDEDRUN_H

#include <chrono>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace headroom::lsp {

struct BoundedRequest {
  /// Argv[0] is searched in PATH when it has no '/'.
  std::vector<std::string> Argv;
  /// Variables set (or replaced) in the child's environment.
  std::vector<std::pair<std::string, std::string>> Environment;
  std::chrono::milliseconds Limit{60000};
  /// The child's nice value (what it starts inherits it): above 0 it yields
  /// the CPU to the editor's server.
  int Niceness = 0;
  /// More output than this on either stream is dropped (the run goes on).
  std::size_t MaxOutputBytes = std::size_t(64) << 20;
};

struct BoundedOutcome {
  enum class End { Exited, Signaled, TimedOut, Cancelled, NotStarted };
  End How = End::NotStarted;
  /// The exit code (Exited) or the signal (Signaled).
  int Code = 0;
  std::string Stdout, Stderr;
  /// Why it could not be started (NotStarted).
  std::string StartError;
  std::chrono::milliseconds Elapsed{0};
  /// The limit it ran under.
  std::chrono::milliseconds Limit{0};

  bool exitedWith(int C) const { return How == End::Exited && Code == C; }
};

/// Runs \p R; \p Cancelled is asked every poll interval (50 ms) and ends
/// the child when it answers true.
BoundedOutcome runBounded(const BoundedRequest &R,
                          const std::function<bool()> &Cancelled);

/// One line saying why \p O is not a successful run of \p What: "exited
/// with status 2: <first line of its standard error>", "was killed by
/// signal 11 (Segmentation fault)", "ran past its time limit of 60 s",
/// "could not be started: ...".
std::string describeFailure(const BoundedOutcome &O, const std::string &What);

} // namespace headroom::lsp

#endif // HEADROOM_LSP_BOUNDEDRUN_H
