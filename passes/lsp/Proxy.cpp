//===- Proxy.cpp - headroom lsp: the proxy loop ---------------------------===//

#include "lsp/Proxy.h"

#include "lsp/Child.h"
#include "lsp/JsonRpc.h"
#include "lsp/ResponseMerge.h"
#include "lsp/Transport.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <fstream>
#include <memory>
#include <thread>

#include "lsp/ProfileWatcher.h"

namespace headroom::lsp {

using nlohmann::json;

namespace {

using Clock = std::chrono::steady_clock;

/// One session. The members shared between threads are the Session (which
/// locks), the sinks (which lock), the id tables (which lock) and atomics.
class Loop {
public:
  Loop(const ProxyOptions &O, int InFd, int OutFd)
      : Options(O), S(O.Session), ClientIn(InFd), ToClient(OutFd) {}

  int run(std::ostream &Err);

private:
  // Both modes.
  void degrade(const std::string &What);
  void log(int Type, const std::string &Message);
  void sendToClient(const json &Message);
  void publish(const std::vector<json> &Params);
  template <typename F> void guarded(F &&Work);
  void request(bool Reload, bool Force, bool Refresh);
  void worker();
  void registerWatchers();
  void advertiseLate();
  void observeNotification(const std::string &Method, const json &Params);
  void executeCommand(const json &Id, const json &Params);
  void writeLatencies();
  void startCompileTime();
  void stopCompileTime();

  // With clangd.
  void clientLoop();
  void serverLoop();
  // Without.
  int standaloneLoop();
  bool answerStandalone(const json &M);

  const ProxyOptions &Options;
  Session S;
  FrameReader ClientIn;
  Sink ToClient;
  std::unique_ptr<Sink> ToServer;
  std::unique_ptr<FrameReader> ServerIn;
  OwnRequests Own;
  PendingRequests Pending;
  std::unique_ptr<CompileTimeWorker> Compile;

  std::atomic<bool> Disabled{false};
  /// Whether the client was told of the code lens and the command.
  std::atomic<bool> Advertised{false};
  /// Whether the client watches the profiles for us.
  std::atomic<bool> Watching{false};
  std::atomic<bool> RawLogged{false};
  std::mutex InitLock;
  std::optional<json> InitId;

  std::mutex WorkLock;
  std::condition_variable WorkReady;
  bool WantReload = false, WantForce = false, WantRefresh = false,
       Stopping = false, Initialized = false;

  /// Nanoseconds per forwarded message, per direction (each written by its
  /// reader thread only).
  std::vector<std::int64_t> ClientToServerNs, ServerToClientNs;
  bool ShutdownSeen = false;
};

template <typename F> void Loop::guarded(F &&Work) {
  if (Disabled)
    return;
  try {
    Work();
  } catch (const std::exception &E) {
    degrade(E.what());
  } catch (...) {
    degrade("an unknown exception");
  }
}

void Loop::sendToClient(const json &Message) {
  ToClient.writeMessage(Message.dump());
}

void Loop::log(int Type, const std::string &Message) {
  sendToClient(makeNotification("window/logMessage",
                                {{"type", Type}, {"message", Message}}));
}

void Loop::degrade(const std::string &What) {
  if (Disabled.exchange(true))
    return;
  try {
    log(1, "headroom lsp: Headroom's part stopped after " + What +
               (Options.Standalone
                    ? "; no more kernel diagnostics in this session"
                    : "; clangd's messages are forwarded unchanged"));
  } catch (...) {
  }
}

void Loop::publish(const std::vector<json> &Params) {
  for (const json &P : Params)
    sendToClient(makeNotification("textDocument/publishDiagnostics", P));
}

void Loop::request(bool Reload, bool Force, bool Refresh) {
  {
    std::lock_guard<std::mutex> G(WorkLock);
    WantReload |= Reload;
    WantForce |= Force;
    WantRefresh |= Refresh;
  }
  WorkReady.notify_one();
}

void Loop::registerWatchers() {
  ClientCapabilities Caps = S.capabilities();
  if (!Caps.WatchFilesDynamically || Watching)
    return;
  json Watchers = json::array({{{"globPattern", "**/headroom-profile.json"}}});
  for (std::string C : S.watchCandidates()) {
    for (std::size_t At = C.find("%p"); At != std::string::npos;
         At = C.find("%p"))
      C.replace(At, 2, "*");
    Watchers.push_back({{"globPattern", C}});
  }
  json Registration = {{"id", "headroom-profiles"},
                       {"method", "workspace/didChangeWatchedFiles"},
                       {"registerOptions", {{"watchers", Watchers}}}};
  sendToClient(makeRequest(Own.next(), "client/registerCapability",
                           {{"registrations", json::array({Registration})}}));
  Watching = true;
}

void Loop::advertiseLate() {
  if (Advertised)
    return;
  ClientCapabilities Caps = S.capabilities();
  json Registrations = json::array();
  if (Caps.CodeLensDynamically)
    Registrations.push_back(
        {{"id", "headroom-codelens"},
         {"method", "textDocument/codeLens"},
         {"registerOptions",
          {{"documentSelector", json::array({{{"scheme", "file"}}})},
           {"resolveProvider", false}}}});
  if (Caps.ExecuteCommandDynamically)
    Registrations.push_back(
        {{"id", "headroom-command"},
         {"method", "workspace/executeCommand"},
         {"registerOptions",
          {{"commands", json::array({OpenReportCommand})}}}});
  if (Registrations.empty())
    return;
  sendToClient(makeRequest(Own.next(), "client/registerCapability",
                           {{"registrations", Registrations}}));
  Advertised = true;
}

void Loop::worker() {
  ProfileWatcher Watcher;
  bool Baseline = false;
  for (;;) {
    bool Reload, Force, Refresh;
    {
      std::unique_lock<std::mutex> G(WorkLock);
      WorkReady.wait_for(G, std::chrono::milliseconds(Options.PollMs),
                         [&] { return Stopping || WantReload || WantRefresh; });
      if (Stopping)
        return;
      if (WantRefresh && !WantReload) {
        // Let a burst of edits settle.
        WorkReady.wait_for(G, std::chrono::milliseconds(Options.DebounceMs),
                           [&] { return Stopping; });
        if (Stopping)
          return;
      }
      Reload = WantReload;
      Force = WantForce;
      Refresh = WantRefresh;
      WantReload = WantForce = WantRefresh = false;
      if (!Initialized)
        continue;
    }
    guarded([&] {
      if (!Watching) {
        Watcher.watch(S.watchCandidates());
        if (Watcher.changed() && Baseline)
          Reload = Force = true;
        Baseline = true;
      }
      if (Reload) {
        Session::ReloadResult R = S.reload(Force);
        if (!R.Log.empty())
          log(R.LogType, R.Log);
        if (R.Changed) {
          Refresh = true;
          if (S.active()) {
            registerWatchers();
            advertiseLate();
          }
        }
      }
      if (Refresh)
        publish(S.refresh());
    });
  }
}

void Loop::startCompileTime() {
  if (!Options.CompileTime)
    return;
  Compile = std::make_unique<CompileTimeWorker>(
      *Options.CompileTime,
      [this] { return CompileTimeContextOfRun{S.root(), S.staticMixDevice()}; },
      [this](const std::string &Path, std::optional<CompileTimeResult> R) {
        guarded([&] { S.setCompileTime(Path, std::move(R)); });
        request(false, false, true);
      },
      [this](int Type, const std::string &Message) {
        if (!Disabled)
          log(Type, Message);
      });
}

void Loop::stopCompileTime() {
  if (Compile)
    Compile->stop();
}

void Loop::observeNotification(const std::string &Method, const json &Params) {
  auto RunTools = [&](const std::optional<std::string> &Path) {
    if (Path && Compile && CompileTimeWorker::handles(*Path))
      Compile->schedule(*Path);
  };
  if (Method == "textDocument/didOpen") {
    guarded([&] {
      std::optional<std::string> Path = S.didOpen(Params);
      if (Path)
        request(true, false, true);
      RunTools(Path);
    });
  } else if (Method == "textDocument/didSave") {
    guarded([&] { RunTools(S.didSave(Params)); });
  } else if (Method == "textDocument/didChange") {
    guarded([&] {
      if (S.didChange(Params))
        request(false, false, true);
    });
  } else if (Method == "textDocument/didClose") {
    guarded([&] {
      if (std::optional<std::string> Path = S.didClose(Params)) {
        if (Compile)
          Compile->forget(*Path);
        S.setCompileTime(*Path, std::nullopt);
        request(false, false, true);
      }
    });
  } else if (Method == "initialized") {
    {
      std::lock_guard<std::mutex> G(WorkLock);
      Initialized = true;
    }
    guarded([&] {
      if (S.profileFound())
        registerWatchers();
    });
    request(true, false, true);
  } else if (Method == "workspace/didChangeWatchedFiles") {
    request(true, true, true);
  }
}

void Loop::executeCommand(const json &Id, const json &Params) {
  Expected<std::string> Uri = Error("Headroom's part is off in this session");
  guarded(
      [&] { Uri = S.openReport(Params.value("arguments", json::array())); });
  if (!Uri) {
    sendToClient(
        makeError(Id, InternalError, "headroom lsp: " + Uri.error().message()));
    return;
  }
  sendToClient(makeResponse(Id, nullptr));
  if (S.capabilities().ShowDocument)
    sendToClient(makeRequest(Own.next(), "window/showDocument",
                             {{"uri", *Uri}, {"external", true}}));
  else
    sendToClient(makeNotification(
        "window/showMessage", {{"type", 3}, {"message", "Headroom: " + *Uri}}));
}

void Loop::clientLoop() {
  Frame F;
  std::string Bytes, Problem;
  for (;;) {
    FrameReader::Event E = ClientIn.next(F, Bytes, Problem);
    if (E == FrameReader::Event::End)
      break;
    if (E == FrameReader::Event::Raw) {
      if (!RawLogged.exchange(true))
        log(2, "headroom lsp: the editor's messages cannot be read (" +
                   Problem + "); passing its bytes to clangd unchanged");
      ToServer->write(Bytes);
      continue;
    }
    Clock::time_point Start = Clock::now();
    json M;
    bool Parsed = false;
    if (!Disabled) {
      M = json::parse(F.Body, nullptr, /*allow_exceptions=*/false);
      Parsed = !M.is_discarded();
    }
    bool Forward = true;
    std::string Method;
    if (Parsed) {
      MessageKind K = kindOf(M);
      Method = methodOf(M);
      if (K == MessageKind::Response && Own.isOwn(M["id"])) {
        Forward = false;
      } else if (K == MessageKind::Request) {
        const json &Params = M.contains("params") ? M["params"] : json();
        if (Method == "initialize") {
          guarded([&] { S.initialize(Params); });
          std::lock_guard<std::mutex> G(InitLock);
          InitId = M["id"];
        } else if (Method == "textDocument/codeLens" && Advertised &&
                   !Disabled) {
          json Lenses = json::array();
          guarded([&] { Lenses = S.codeLens(Params); });
          sendToClient(makeResponse(M["id"], Lenses));
          Forward = false;
        } else if (Method == "workspace/executeCommand" &&
                   Params.value("command", "") == OpenReportCommand) {
          executeCommand(M["id"], Params);
          Forward = false;
        } else if (((Method == "textDocument/hover" && S.active()) ||
                    (Method == "textDocument/codeAction" &&
                     S.hasCodeActions())) &&
                   !Disabled) {
          Pending.add(M["id"], {Method, Params});
        }
      }
    }
    if (Forward) {
      ToServer->write(F.Header);
      ToServer->write(F.Body);
      ClientToServerNs.push_back(
          std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() -
                                                               Start)
              .count());
    }
    if (Parsed && kindOf(M) == MessageKind::Notification)
      observeNotification(Method, M.contains("params") ? M["params"] : json());
  }
  // The editor is gone: clangd sees the end of its input and exits.
  ToServer->close();
}

void Loop::serverLoop() {
  Frame F;
  std::string Bytes, Problem;
  bool ServerRaw = false;
  for (;;) {
    FrameReader::Event E = ServerIn->next(F, Bytes, Problem);
    if (E == FrameReader::Event::End)
      break;
    if (E == FrameReader::Event::Raw) {
      if (!ServerRaw)
        degrade("clangd's output could not be framed (" + Problem + ")");
      ServerRaw = true;
      ToClient.write(Bytes);
      continue;
    }
    Clock::time_point Start = Clock::now();
    std::optional<json> Replacement;
    if (!Disabled) {
      json M = json::parse(F.Body, nullptr, /*allow_exceptions=*/false);
      MessageKind K = M.is_discarded() ? MessageKind::Invalid : kindOf(M);
      if (K == MessageKind::Response) {
        bool IsInit = false;
        {
          std::lock_guard<std::mutex> G(InitLock);
          if (InitId && idKey(*InitId) == idKey(M["id"])) {
            IsInit = true;
            InitId.reset();
          }
        }
        if (IsInit && M.contains("result")) {
          guarded([&] {
            S.setEncoding(negotiatedEncoding(M["result"]));
            // Announce the lens only when there is a profile to show: a
            // session without one stays byte for byte clangd's.
            if (S.profileFound()) {
              M["result"] = addCapabilities(M["result"], OpenReportCommand);
              Replacement = M;
              Advertised = true;
            }
          });
        } else if (std::optional<PendingRequests::Entry> P =
                       Pending.take(M["id"])) {
          guarded([&] {
            if (!M.contains("result"))
              return;
            if (P->Method == "textDocument/hover") {
              if (std::optional<std::string> Md = S.hover(P->Params)) {
                M["result"] = addToHover(M["result"], *Md);
                Replacement = M;
              }
            } else {
              json Ours = S.codeActions(P->Params);
              if (!Ours.empty()) {
                M["result"] = addToCodeActions(M["result"], Ours);
                Replacement = M;
              }
            }
          });
        }
      } else if (K == MessageKind::Notification &&
                 methodOf(M) == "textDocument/publishDiagnostics" &&
                 M.contains("params")) {
        guarded([&] {
          if (std::optional<json> Merged = S.fromClangd(M["params"])) {
            M["params"] = *Merged;
            Replacement = M;
          }
        });
      }
    }
    if (Replacement) {
      ToClient.writeMessage(Replacement->dump());
    } else {
      ToClient.write(F.raw());
    }
    ServerToClientNs.push_back(
        std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() -
                                                             Start)
            .count());
  }
}

bool Loop::answerStandalone(const json &M) {
  MessageKind K = kindOf(M);
  std::string Method = methodOf(M);
  const json &Params = M.contains("params") ? M["params"] : json();
  if (K == MessageKind::Response) {
    Own.isOwn(M["id"]);
    return true;
  }
  if (K == MessageKind::Notification) {
    if (Method == "exit")
      return false;
    observeNotification(Method, Params);
    return true;
  }
  if (K != MessageKind::Request)
    return true;
  const json &Id = M["id"];
  if (Method == "initialize") {
    guarded([&] { S.initialize(Params); });
    // UTF-16 unless the client offers only others.
    PositionEncoding E = PositionEncoding::UTF16;
    json Offered = json::array();
    if (Params.is_object() && Params.contains("capabilities") &&
        Params["capabilities"].is_object() &&
        Params["capabilities"].contains("general") &&
        Params["capabilities"]["general"].is_object())
      Offered = Params["capabilities"]["general"].value("positionEncodings",
                                                        json::array());
    bool OffersUtf16 = Offered.empty();
    std::optional<PositionEncoding> First;
    for (const json &O : Offered)
      if (O.is_string()) {
        if (O == "utf-16")
          OffersUtf16 = true;
        if (!First)
          First = parseEncoding(O.get<std::string>());
      }
    if (!OffersUtf16 && First)
      E = *First;
    S.setEncoding(E);
    Advertised = true;
    sendToClient(makeResponse(
        Id,
        {{"capabilities",
          {{"positionEncoding", encodingName(E)},
           {"textDocumentSync",
            {{"openClose", true}, {"change", 2}, {"save", true}}},
           {"hoverProvider", true},
           {"codeLensProvider", {{"resolveProvider", false}}},
           {"codeActionProvider", true},
           {"executeCommandProvider",
            {{"commands", json::array({OpenReportCommand})}}}}},
         {"serverInfo",
          {{"name", "headroom"}, {"version", Options.Session.ToolVersion}}}}));
    return true;
  }
  if (Method == "shutdown") {
    ShutdownSeen = true;
    sendToClient(makeResponse(Id, nullptr));
    return true;
  }
  if (Method == "workspace/executeCommand" &&
      Params.value("command", "") == OpenReportCommand) {
    executeCommand(Id, Params);
    return true;
  }
  json Result;
  bool Known = true;
  guarded([&] {
    if (Method == "textDocument/hover") {
      if (std::optional<std::string> Md = S.hover(Params))
        Result = addToHover(nullptr, *Md);
    } else if (Method == "textDocument/codeLens") {
      Result = S.codeLens(Params);
    } else if (Method == "textDocument/codeAction") {
      Result = S.codeActions(Params);
    } else {
      Known = false;
    }
  });
  if (!Known && !Disabled) {
    sendToClient(
        makeError(Id, MethodNotFound,
                  "headroom lsp --standalone does not handle " + Method));
    return true;
  }
  if (Disabled && (Method == "textDocument/codeLens" ||
                   Method == "textDocument/codeAction"))
    Result = json::array();
  sendToClient(makeResponse(Id, Result));
  return true;
}

int Loop::standaloneLoop() {
  Frame F;
  std::string Bytes, Problem;
  for (;;) {
    FrameReader::Event E = ClientIn.next(F, Bytes, Problem);
    if (E != FrameReader::Event::Frame)
      break; // Without framing there is nothing a server can answer.
    json M = json::parse(F.Body, nullptr, /*allow_exceptions=*/false);
    if (M.is_discarded()) {
      if (!RawLogged.exchange(true))
        log(2, "headroom lsp: a message that is not JSON was ignored");
      continue;
    }
    try {
      if (!answerStandalone(M))
        return ShutdownSeen ? 0 : 1;
    } catch (const std::exception &Ex) {
      degrade(Ex.what());
    }
  }
  return ShutdownSeen ? 0 : 1;
}

void Loop::writeLatencies() {
  if (Options.LatencyLog.empty())
    return;
  std::ofstream OS(Options.LatencyLog);
  for (std::int64_t Ns : ClientToServerNs)
    OS << "client-to-server " << Ns << "\n";
  for (std::int64_t Ns : ServerToClientNs)
    OS << "server-to-client " << Ns << "\n";
}

int Loop::run(std::ostream &Err) {
  std::signal(SIGPIPE, SIG_IGN);
  std::thread Worker([this] { worker(); });
  auto StopWorker = [&] {
    {
      std::lock_guard<std::mutex> G(WorkLock);
      Stopping = true;
    }
    WorkReady.notify_one();
    Worker.join();
  };
  startCompileTime();
  if (Options.Standalone) {
    int Status = standaloneLoop();
    stopCompileTime();
    StopWorker();
    return Status;
  }
  Expected<Child> C = Child::start(Options.Clangd);
  if (!C) {
    stopCompileTime();
    StopWorker();
    Err << "headroom lsp: error: " << C.error().message() << "\n";
    return 2;
  }
  ToServer = std::make_unique<Sink>(C->inFd());
  ServerIn = std::make_unique<FrameReader>(C->outFd());
  std::thread ClientThread([this] { clientLoop(); });
  serverLoop();
  int Status = C->wait();
  stopCompileTime();
  StopWorker();
  ClientIn.wake();
  ClientThread.join();
  ToServer->close();
  writeLatencies();
  return Status;
}

} // namespace

int runProxy(const ProxyOptions &O, int InFd, int OutFd, std::ostream &Err) {
  Loop L(O, InFd, OutFd);
  return L.run(Err);
}

} // namespace headroom::lsp
