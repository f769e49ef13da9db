//===- CompileTimeWorker.h - Compile-time tools for the editor --*- C++ -*-===//
///
/// \file
/// Runs `headroom check` and `headroom static-mix` on the CUDA sources the
/// editor opens and saves, as child processes of the same executable (the
/// language server does not link Clang), one at a time on a thread of its
/// own so that the message loop never waits for them:
///
/// - `headroom check --format json [-p BUILD] FILE`, BUILD being where the
///   file's compile_commands.json entry is (CompileCommands.h); its findings
///   are delivered as soon as it ends;
/// - then, when that entry names an object that exists and a cuobjdump is
///   found beside its nvcc or in PATH, `headroom static-mix --format json
///   OBJECT --device D --source FILE` (D the session's device, else `auto`:
///   the calibrated device of the SASS's architecture; cuobjdump passed in
///   HEADROOM_CUOBJDUMP); its notes are delivered when it ends.
///
/// When the object of an open file is rebuilt (its modification time changes,
/// looked at every two seconds while idle), the file is run again.
///
/// A save while a file's run is under way stops that run (its result would
/// be stale) and starts again; closing the file stops it and drops its
/// results. Each run has a time limit. A run that fails (exit status 2 for a
/// file that does not parse, a crash, output that is not the expected
/// document, the time limit) is logged once, and again only when the reason
/// changes; the file then shows no compile-time findings until a run succeeds.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_COMPILETIMEWORKER_H
#define HEADROOM_LSP_COMPILETIMEWORKER_H

#include "lsp/CompileCommands.h"
#include "lsp/CompileTimeFindings.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace headroom::lsp {

struct CompileTimeOptions {
  /// The headroom executable whose `check` and `static-mix` are run.
  std::string Headroom;
  /// How long one run may take.
  std::chrono::milliseconds Limit{60000};
};

/// What a run needs from the session when it starts.
struct CompileTimeContextOfRun {
  /// The workspace root (where a compile database is looked for last).
  std::string Root;
  /// The device of the static notes; empty: the calibrated device of the
  /// SASS's architecture.
  std::string Device;
};

class CompileTimeWorker {
public:
  /// The results of \p Path (nothing: drop them).
  using Deliver = std::function<void(const std::string &Path,
                                     std::optional<CompileTimeResult>)>;
  /// A line for window/logMessage (1 error, 2 warning, 3 info).
  using Log = std::function<void(int Type, const std::string &Message)>;
  using Context = std::function<CompileTimeContextOfRun()>;

  CompileTimeWorker(CompileTimeOptions O, Context C, Deliver D, Log L);
  ~CompileTimeWorker();
  CompileTimeWorker(const CompileTimeWorker &) = delete;
  CompileTimeWorker &operator=(const CompileTimeWorker &) = delete;

  /// Whether the tools apply to \p Path: a CUDA source (`.cu`).
  static bool handles(const std::string &Path);
  /// \p Path was opened or saved: run the tools on it (again).
  void schedule(const std::string &Path);
  /// \p Path was closed: stop its run, deliver nothing more for it (the
  /// caller drops what was delivered).
  void forget(const std::string &Path);
  /// Stops the run under way and the thread.
  void stop();

private:
  void loop();
  void runJob(const std::string &Path, std::uint64_t Generation);
  /// Whether \p Generation is still the latest request for \p Path.
  bool current(const std::string &Path, std::uint64_t Generation);
  /// Delivers \p R when \p Generation is still current.
  void deliver(const std::string &Path, std::uint64_t Generation,
               const CompileTimeResult &R);
  /// Logs \p Message for \p Key unless it is what was logged last for it.
  void logOnce(const std::string &Key, int Type, const std::string &Message);
  void clearLogged(const std::string &Key);
  /// The open files whose object changed since their last run.
  std::vector<std::string> rebuiltObjects();
  void staticMix(const std::string &Path, std::uint64_t Generation,
                 CompileTimeResult &R, const CompileEntry &E,
                 const std::string &Device);

  CompileTimeOptions Options;
  Context ContextOf;
  Deliver DeliverTo;
  Log LogTo;

  std::mutex Lock;
  std::condition_variable Ready;
  std::deque<std::string> Queue;
  std::map<std::string, std::uint64_t> Generations;
  std::uint64_t NextGeneration = 1;
  bool Stopping = false;
  std::thread Thread;

  // Used by the worker thread only.
  std::map<std::string, std::string> Logged;
  /// The last static notes of each file and what they were made from.
  struct StaticRun {
    std::string Object, Device, Text;
    std::int64_t ObjectTime = 0;
    std::vector<StaticNote> Notes;
    std::string Caveat;
  };
  std::map<std::string, StaticRun> LastStatic;
  /// The object of each file's compile command and its modification time
  /// at the last run (nothing: it did not exist).
  std::map<std::string, std::pair<std::string, std::optional<std::int64_t>>>
      Objects;
};

} // namespace headroom::lsp

#endif // HEADROOM_LSP_COMPILETIMEWORKER_H
