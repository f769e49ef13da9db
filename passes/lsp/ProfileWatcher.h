//===- ProfileWatcher.h - Noticing a new profile ----------------*- C++ -*-===//
///
/// \file
/// The proxy's own file watching, for clients that cannot watch files for
/// it (no dynamic registration of `workspace/didChangeWatchedFiles`): a
/// snapshot of each candidate profile's size and modification time (for a
/// `%p` pattern, of its newest match), compared on each poll.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_PROFILEWATCHER_H
#define HEADROOM_LSP_PROFILEWATCHER_H

#include <map>
#include <string>
#include <vector>

namespace headroom::lsp {

/// Not thread-safe: one thread polls.
class ProfileWatcher {
public:
  /// Watches \p Files from now on (their current state is the baseline
  /// for files already watched; new ones start from what they are now).
  void watch(const std::vector<std::string> &Files);
  /// Whether any watched file appeared, changed or disappeared since the
  /// last call (or watch()).
  bool changed();

private:
  /// "" for a missing file, else its path, size and time.
  static std::string stateOf(const std::string &File);
  std::map<std::string, std::string> States;
};

} // namespace headroom::lsp

#endif // HEADROOM_LSP_PROFILEWATCHER_H
