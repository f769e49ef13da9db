//===- CompileTimeWorker.cpp - The compile-time tools behind the editor ---===//

#include "lsp/CompileTimeWorker.h"

#include "lsp/BoundedRun.h"
#include "support/Paths.h"

#include <algorithm>
#include <filesystem>

namespace headroom::lsp {

namespace {

/// The tools run at a lower priority than the server, so that on a busy
/// machine the editor's messages are forwarded first.
constexpr int ChildNiceness = 10;

/// The modification time of \p Path in nanoseconds since the epoch of the
/// file clock, or nothing.
std::optional<std::int64_t> modificationTime(const std::string &Path) {
  std::error_code EC;
  auto T = std::filesystem::last_write_time(Path, EC);
  if (EC)
    return std::nullopt;
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             T.time_since_epoch())
      .count();
}

} // namespace

CompileTimeWorker::CompileTimeWorker(CompileTimeOptions O, Context C, Deliver D,
                                     Log L)
    : Options(std::move(O)), ContextOf(std::move(C)), DeliverTo(std::move(D)),
      LogTo(std::move(L)) {
  Thread = std::thread([this] { loop(); });
}

CompileTimeWorker::~CompileTimeWorker() { stop(); }

bool CompileTimeWorker::handles(const std::string &Path) {
  return extension(Path) == "cu";
}

void CompileTimeWorker::schedule(const std::string &Path) {
  {
    std::lock_guard<std::mutex> G(Lock);
    Generations[Path] = NextGeneration++;
    if (std::find(Queue.begin(), Queue.end(), Path) == Queue.end())
      Queue.push_back(Path);
  }
  Ready.notify_one();
}

void CompileTimeWorker::forget(const std::string &Path) {
  std::lock_guard<std::mutex> G(Lock);
  Generations.erase(Path);
  Queue.erase(std::remove(Queue.begin(), Queue.end(), Path), Queue.end());
}

void CompileTimeWorker::stop() {
  {
    std::lock_guard<std::mutex> G(Lock);
    Stopping = true;
  }
  Ready.notify_one();
  if (Thread.joinable())
    Thread.join();
}

bool CompileTimeWorker::current(const std::string &Path,
                                std::uint64_t Generation) {
  std::lock_guard<std::mutex> G(Lock);
  auto It = Generations.find(Path);
  return !Stopping && It != Generations.end() && It->second == Generation;
}

void CompileTimeWorker::deliver(const std::string &Path,
                                std::uint64_t Generation,
                                const CompileTimeResult &R) {
  // Under the lock: a file closed meanwhile gets nothing after its close.
  std::lock_guard<std::mutex> G(Lock);
  auto It = Generations.find(Path);
  if (!Stopping && It != Generations.end() && It->second == Generation)
    DeliverTo(Path, R);
}

void CompileTimeWorker::logOnce(const std::string &Key, int Type,
                                const std::string &Message) {
  auto It = Logged.find(Key);
  if (It != Logged.end() && It->second == Message)
    return;
  Logged[Key] = Message;
  LogTo(Type, "headroom lsp: " + Message);
}

void CompileTimeWorker::clearLogged(const std::string &Key) {
  Logged.erase(Key);
}

void CompileTimeWorker::loop() {
  for (;;) {
    std::string Path;
    std::uint64_t Generation;
    {
      std::unique_lock<std::mutex> G(Lock);
      Ready.wait_for(G, std::chrono::seconds(2),
                     [&] { return Stopping || !Queue.empty(); });
      if (Stopping)
        return;
      if (Queue.empty())
        for (const std::string &P : rebuiltObjects()) {
          Generations[P] = NextGeneration++;
          Queue.push_back(P);
        }
      if (Queue.empty())
        continue;
      Path = Queue.front();
      Queue.pop_front();
      auto It = Generations.find(Path);
      if (It == Generations.end())
        continue;
      Generation = It->second;
    }
    try {
      runJob(Path, Generation);
    } catch (const std::exception &E) {
      logOnce(Path, 1,
              "the compile-time checks of " + Path + " stopped: " + E.what());
    }
    bool Closed;
    {
      std::lock_guard<std::mutex> G(Lock);
      Closed = !Generations.count(Path);
    }
    if (Closed) {
      LastStatic.erase(Path);
      Objects.erase(Path);
    }
  }
}

std::vector<std::string> CompileTimeWorker::rebuiltObjects() {
  std::vector<std::string> Paths;
  for (const auto &[Path, Object] : Objects)
    if (Generations.count(Path) &&
        modificationTime(Object.first) != Object.second)
      Paths.push_back(Path);
  return Paths;
}

void CompileTimeWorker::runJob(const std::string &Path,
                               std::uint64_t Generation) {
  CompileTimeContextOfRun Run = ContextOf();
  Expected<std::string> Text = readFile(Path);
  if (!Text) {
    logOnce(Path, 2,
            "no compile-time checks of " + Path + ": " +
                Text.error().message());
    return;
  }
  std::optional<CompileEntry> Entry;
  std::string Database = findCompileDatabase(Path, Run.Root);
  if (!Database.empty()) {
    Expected<std::optional<CompileEntry>> E = compileEntryFor(Database, Path);
    if (!E)
      logOnce(Database, 2,
              E.error().message() + "; checking sources without their flags");
    else {
      clearLogged(Database);
      Entry = std::move(*E);
    }
  }
  if (Entry && !Entry->Output.empty())
    Objects[Path] = {Entry->Output, modificationTime(Entry->Output)};
  else
    Objects.erase(Path);
  BoundedRequest Check;
  Check.Argv = {Options.Headroom, "check", "--format", "json"};
  if (Entry)
    Check.Argv.insert(Check.Argv.end(), {"-p", parentPath(Entry->Database)});
  Check.Argv.push_back(Path);
  Check.Limit = Options.Limit;
  Check.Niceness = ChildNiceness;
  BoundedOutcome O =
      runBounded(Check, [&] { return !current(Path, Generation); });
  if (O.How == BoundedOutcome::End::Cancelled)
    return;
  CompileTimeResult R;
  R.Checked = *Text;
  if (auto Last = LastStatic.find(Path); Last != LastStatic.end()) {
    R.StaticNotes = Last->second.Notes;
    R.StaticChecked = Last->second.Text;
    R.StaticCaveat = Last->second.Caveat;
  }
  std::string What = "'headroom check' on " + Path;
  if (O.exitedWith(0) || O.exitedWith(1)) {
    Expected<std::vector<SourceFinding>> Findings =
        parseCheckDocument(O.Stdout, Path);
    if (Findings) {
      R.Findings = std::move(*Findings);
      clearLogged(Path);
    } else {
      logOnce(Path, 2, What + ": " + Findings.error().message());
    }
  } else {
    logOnce(Path, 2, describeFailure(O, What));
  }
  deliver(Path, Generation, R);
  // The device asked again: a profile may have loaded meanwhile.
  if (Entry)
    staticMix(Path, Generation, R, *Entry, ContextOf().Device);
}

void CompileTimeWorker::staticMix(const std::string &Path,
                                  std::uint64_t Generation,
                                  CompileTimeResult &R, const CompileEntry &E,
                                  const std::string &Device) {
  std::optional<std::int64_t> ObjectTime = modificationTime(E.Output);
  if (E.Output.empty() || !ObjectTime || !isRegularFile(E.Output))
    return; // Not built yet: nothing to read.
  std::string Cuobjdump = findCuobjdump(E);
  if (Cuobjdump.empty()) {
    logOnce("static-mix", 3,
            "no cuobjdump beside the compile command's nvcc or in PATH: no "
            "static instruction mix (docs/static-mix.md)");
    return;
  }
  clearLogged("static-mix");
  auto Last = LastStatic.find(Path);
  if (Last != LastStatic.end() && Last->second.Object == E.Output &&
      Last->second.ObjectTime == *ObjectTime && Last->second.Device == Device &&
      Last->second.Text == R.Checked)
    return; // What was delivered is current.
  BoundedRequest Mix;
  // Without a device named, the calibrated one of the SASS's architecture.
  Mix.Argv = {Options.Headroom,
              "static-mix",
              "--format",
              "json",
              E.Output,
              "--device",
              Device.empty() ? "auto" : Device,
              "--source",
              Path};
  Mix.Environment = {{"HEADROOM_CUOBJDUMP", Cuobjdump}};
  Mix.Limit = Options.Limit;
  Mix.Niceness = ChildNiceness;
  BoundedOutcome O =
      runBounded(Mix, [&] { return !current(Path, Generation); });
  if (O.How == BoundedOutcome::End::Cancelled)
    return;
  std::string Key = "static-mix " + Path;
  std::string What = "'headroom static-mix' on " + E.Output;
  StaticRun Run{E.Output, Device, R.Checked, *ObjectTime, {}, ""};
  if (!O.exitedWith(0)) {
    logOnce(Key, 2, describeFailure(O, What));
  } else if (Expected<std::vector<StaticNote>> Notes =
                 parseStaticMixDocument(O.Stdout, Path);
             !Notes) {
    logOnce(Key, 2, What + ": " + Notes.error().message());
  } else {
    clearLogged(Key);
    Run.Notes = std::move(*Notes);
    std::optional<std::int64_t> SourceTime = modificationTime(Path);
    if (SourceTime && *SourceTime > *ObjectTime)
      Run.Caveat = " (from " + fileName(E.Output) +
                   ", built before the source's last change)";
  }
  R.StaticNotes = Run.Notes;
  R.StaticChecked = Run.Text;
  R.StaticCaveat = Run.Caveat;
  LastStatic[Path] = std::move(Run);
  deliver(Path, Generation, R);
}

} // namespace headroom::lsp
