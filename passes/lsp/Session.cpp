//===- Session.cpp - Headroom's part of a language-server session ---------===//

#include "lsp/Session.h"

#include "support/Paths.h"
#include "views/HtmlReport.h"

#include <fstream>
#include <initializer_list>

namespace headroom::lsp {

using nlohmann::json;

namespace {

/// The value at \p Keys under \p J, or null.
const json &at(const json &J, std::initializer_list<const char *> Keys) {
  static const json Null;
  const json *Cur = &J;
  for (const char *K : Keys) {
    if (!Cur->is_object() || !Cur->contains(K))
      return Null;
    Cur = &(*Cur)[K];
  }
  return *Cur;
}

bool flagAt(const json &J, std::initializer_list<const char *> Keys) {
  const json &V = at(J, Keys);
  return V.is_boolean() && V.get<bool>();
}

std::optional<std::string> documentPath(const json &Params) {
  const json &Uri = at(Params, {"textDocument", "uri"});
  if (!Uri.is_string())
    return std::nullopt;
  return uriToPath(Uri.get<std::string>());
}

std::optional<Position> positionAt(const json &P) {
  if (!P.is_object() || !P.contains("line") || !P.contains("character") ||
      !P["line"].is_number_integer() || !P["character"].is_number_integer() ||
      P["line"].get<long long>() < 0 || P["character"].get<long long>() < 0)
    return std::nullopt;
  return Position{P["line"].get<unsigned>(), P["character"].get<unsigned>()};
}

json rangeJson(const Range &R) {
  return {{"start", {{"line", R.Start.Line}, {"character", R.Start.Character}}},
          {"end", {{"line", R.End.Line}, {"character", R.End.Character}}}};
}

/// The command that opens the report; \p Section "source": at the kernel's
/// annotated source (Session::openReport).
json openReportCommand(const std::string &Title, const std::string &Kernel,
                       const char *Section = nullptr) {
  json Arguments = json::array({Kernel});
  if (Section)
    Arguments.push_back(Section);
  return {{"title", Title},
          {"command", OpenReportCommand},
          {"arguments", std::move(Arguments)}};
}

} // namespace

Session::Session(SessionOptions O) : Options(std::move(O)) {
  Root = currentDirectory();
}

void Session::initialize(const json &Params) {
  std::lock_guard<std::mutex> G(Lock);
  const json &RootUri = at(Params, {"rootUri"});
  const json &RootPath = at(Params, {"rootPath"});
  const json &Folders = at(Params, {"workspaceFolders"});
  std::optional<std::string> R;
  if (RootUri.is_string())
    R = uriToPath(RootUri.get<std::string>());
  if (!R && RootPath.is_string())
    R = RootPath.get<std::string>();
  if (!R && Folders.is_array() && !Folders.empty() &&
      at(Folders[0], {"uri"}).is_string())
    R = uriToPath(Folders[0]["uri"].get<std::string>());
  if (R && !R->empty())
    Root = *R;
  const json &Caps = at(Params, {"capabilities"});
  this->Caps.WatchFilesDynamically = flagAt(
      Caps, {"workspace", "didChangeWatchedFiles", "dynamicRegistration"});
  this->Caps.CodeLensDynamically =
      flagAt(Caps, {"textDocument", "codeLens", "dynamicRegistration"});
  this->Caps.ExecuteCommandDynamically =
      flagAt(Caps, {"workspace", "executeCommand", "dynamicRegistration"});
  this->Caps.ShowDocument = flagAt(Caps, {"window", "showDocument", "support"});
  this->Caps.CodeActionLiterals =
      at(Caps, {"textDocument", "codeAction", "codeActionLiteralSupport"})
          .is_object();
}

ClientCapabilities Session::capabilities() const {
  std::lock_guard<std::mutex> G(Lock);
  return Caps;
}

void Session::setEncoding(PositionEncoding E) {
  std::lock_guard<std::mutex> G(Lock);
  Encoding = E;
}

PositionEncoding Session::encoding() const {
  std::lock_guard<std::mutex> G(Lock);
  return Encoding;
}

std::optional<std::string> Session::didOpen(const json &Params) {
  std::lock_guard<std::mutex> G(Lock);
  Expected<std::string> P = Docs.didOpen(Params);
  return P ? std::optional(*P) : std::nullopt;
}

std::optional<std::string> Session::didChange(const json &Params) {
  std::lock_guard<std::mutex> G(Lock);
  Expected<std::string> P = Docs.didChange(Params, Encoding);
  return P ? std::optional(*P) : std::nullopt;
}

std::optional<std::string> Session::didClose(const json &Params) {
  std::lock_guard<std::mutex> G(Lock);
  Expected<std::string> P = Docs.didClose(Params);
  return P ? std::optional(*P) : std::nullopt;
}

std::optional<std::string> Session::didSave(const json &Params) const {
  std::optional<std::string> Path = documentPath(Params);
  std::lock_guard<std::mutex> G(Lock);
  if (!Path || !Docs.find(*Path))
    return std::nullopt;
  return Path;
}

void Session::setCompileTime(const std::string &Path,
                             std::optional<CompileTimeResult> R) {
  std::lock_guard<std::mutex> G(Lock);
  if (R)
    CompileTime[Path] = std::move(*R);
  else
    CompileTime.erase(Path);
}

std::string Session::root() const {
  std::lock_guard<std::mutex> G(Lock);
  return Root;
}

std::string Session::staticMixDevice() const {
  std::lock_guard<std::mutex> G(Lock);
  if (!Options.Profiles.Device.empty())
    return Options.Profiles.Device;
  if (Loaded)
    for (const EditorKernel &K : Loaded->Kernels.Kernels)
      if (!K.Device.empty())
        return K.Device;
  return "";
}

bool Session::hasCodeActions() const {
  std::lock_guard<std::mutex> G(Lock);
  return Loaded.has_value() || !CompileTime.empty();
}

CompileTimeContext Session::compileTimeContext(const std::string &Path) const {
  CompileTimeContext C;
  const Document *D = Docs.find(Path);
  C.Uri = D ? D->Uri : pathToUri(Path);
  C.Encoding = Encoding;
  C.DocsBase = Options.DocsBase;
  if (Loaded)
    for (const EditorKernel &K : Loaded->Kernels.Kernels)
      if (K.MeasuredCounters && K.Call.empty() &&
          samePath(K.Definition.File, Path))
        C.Measured.insert(K.Identifier);
  return C;
}

std::vector<std::string> Session::openFiles() const {
  std::vector<std::string> Files;
  for (const auto &[Path, D] : Docs.all())
    Files.push_back(Path);
  return Files;
}

bool Session::profileFound() const {
  std::lock_guard<std::mutex> G(Lock);
  return !locateProfiles(Options.Profiles, Root, openFiles()).empty();
}

bool Session::active() const {
  std::lock_guard<std::mutex> G(Lock);
  return Loaded.has_value();
}

std::vector<std::string> Session::watchCandidates() const {
  std::lock_guard<std::mutex> G(Lock);
  return profileCandidates(Options.Profiles, Root, openFiles());
}

Session::ReloadResult Session::reload(bool Force) {
  ReloadResult Result;
  std::vector<std::string> Paths;
  std::string RootNow;
  {
    std::lock_guard<std::mutex> G(Lock);
    RootNow = Root;
    Paths = locateProfiles(Options.Profiles, Root, openFiles());
    if (Paths.empty()) {
      if (Loaded) {
        Loaded.reset();
        Result.Changed = true;
        Result.Log = "headroom lsp: the profile is gone; no kernel diagnostics";
      } else if (!Options.Profiles.Profiles.empty() && LastLoadError.empty()) {
        LastLoadError = Options.Profiles.Profiles.front() + ": no such file";
        Result.Log = "headroom lsp: " + LastLoadError +
                     "; no kernel diagnostics until it exists";
        Result.LogType = 2;
      }
      return Result;
    }
    if (!Force && Loaded && Loaded->Paths == Paths)
      return Result;
  }
  // Reading and analyzing a profile takes a while: without the lock.
  Expected<LoadedProfile> L = loadProfiles(Paths, Options.Profiles, RootNow);
  std::lock_guard<std::mutex> G(Lock);
  if (!L) {
    Result.Changed = Loaded.has_value();
    Loaded.reset();
    if (L.error().message() != LastLoadError) {
      LastLoadError = L.error().message();
      Result.Log = "headroom lsp: " + LastLoadError + "; no kernel diagnostics";
      Result.LogType = 2;
    }
    return Result;
  }
  LastLoadError.clear();
  Loaded = std::move(*L);
  ReportPath.clear();
  Result.Changed = true;
  std::string Names;
  for (const std::string &P : Loaded->Paths)
    Names += (Names.empty() ? "" : ", ") + P;
  Result.Log =
      "headroom lsp: " + std::to_string(Loaded->Kernels.Kernels.size()) +
      " kernel diagnostics from " + Names;
  for (const std::string &N : Loaded->Kernels.ProfileNotes)
    Result.Log += "\n" + N;
  return Result;
}

std::optional<std::string> Session::textOf(const std::string &Path) const {
  if (const Document *D = Docs.find(Path))
    return D->Text;
  Expected<std::string> Text = readFile(Path);
  return Text ? std::optional(*Text) : std::nullopt;
}

std::vector<json> Session::refresh() {
  std::lock_guard<std::mutex> G(Lock);
  std::map<std::string, std::pair<std::string, json>> Lists;
  Views.clear();
  if (Loaded) {
    ViewContext C;
    C.TextOf = [this](const std::string &P) { return textOf(P); };
    C.UriOf = [this](const std::string &P) {
      const Document *D = Docs.find(P);
      return D ? D->Uri : pathToUri(P);
    };
    C.Encoding = Encoding;
    C.DocsBase = Options.DocsBase;
    C.ProfileName = Loaded->Paths.front();
    Views = viewsOf(Loaded->Kernels, C);
    for (const auto &[Path, V] : Views)
      Lists[Path] = {V.Uri, V.Diagnostics};
  }
  for (const auto &[Path, R] : CompileTime) {
    std::optional<std::string> Text = textOf(Path);
    if (!Text)
      continue;
    CompileTimeContext C = compileTimeContext(Path);
    auto &[Uri, List] = Lists[Path];
    if (Uri.empty()) {
      Uri = C.Uri;
      List = json::array();
    }
    for (json &D : compileTimeDiagnostics(R, *Text, C))
      List.push_back(std::move(D));
  }
  return Published.setHeadroom(Lists);
}

std::optional<json> Session::fromClangd(const json &Params) {
  const json &Uri = at(Params, {"uri"});
  if (!Uri.is_string())
    return std::nullopt;
  std::optional<std::string> Path = uriToPath(Uri.get<std::string>());
  if (!Path)
    return std::nullopt;
  std::lock_guard<std::mutex> G(Lock);
  return Published.fromClangd(*Path, Params);
}

const Mark *Session::markAt(const std::string &Path, Position P) const {
  auto It = Views.find(Path);
  if (It == Views.end())
    return nullptr;
  // A hot line's mark has a lens, not the kernel's hover.
  for (const Mark &M : It->second.Marks)
    if (!M.Hot && M.Where.contains(P))
      return &M;
  return nullptr;
}

json Session::codeLens(const json &Params) const {
  json Lenses = json::array();
  std::optional<std::string> Path = documentPath(Params);
  std::lock_guard<std::mutex> G(Lock);
  if (!Path || !Loaded)
    return Lenses;
  auto It = Views.find(*Path);
  if (It == Views.end())
    return Lenses;
  for (const Mark &M : It->second.Marks) {
    const EditorKernel &K = Loaded->Kernels.Kernels[M.Kernel];
    std::string Title = M.Hot      ? K.hotLineLensTitle(K.HotLines[*M.Hot])
                        : M.Launch ? K.launchLensTitle(K.Launches[*M.Launch])
                                   : K.lensTitle();
    Lenses.push_back(
        {{"range", rangeJson(M.Where)},
         {"command",
          openReportCommand(Title, K.Kernel, M.Hot ? "source" : nullptr)}});
  }
  return Lenses;
}

std::optional<std::string> Session::hover(const json &Params) const {
  std::optional<std::string> Path = documentPath(Params);
  std::optional<Position> P = positionAt(at(Params, {"position"}));
  if (!Path || !P)
    return std::nullopt;
  std::lock_guard<std::mutex> G(Lock);
  if (!Loaded)
    return std::nullopt;
  const Mark *M = markAt(*Path, *P);
  if (!M)
    return std::nullopt;
  const EditorKernel &K = Loaded->Kernels.Kernels[M->Kernel];
  return K.hoverMarkdown(M->Launch ? &K.Launches[*M->Launch] : nullptr,
                         Options.DocsBase);
}

json Session::codeActions(const json &Params) const {
  json Actions = json::array();
  std::optional<std::string> Path = documentPath(Params);
  std::optional<Position> Start = positionAt(at(Params, {"range", "start"}));
  std::optional<Position> End = positionAt(at(Params, {"range", "end"}));
  if (!Path || !Start || !End)
    return Actions;
  std::lock_guard<std::mutex> G(Lock);
  if (auto Compiled = CompileTime.find(*Path);
      Compiled != CompileTime.end() && Caps.CodeActionLiterals)
    if (std::optional<std::string> Text = textOf(*Path))
      for (json &A : quickFixes(Compiled->second, *Text, Start->Line, End->Line,
                                compileTimeContext(*Path)))
        Actions.push_back(std::move(A));
  if (!Loaded)
    return Actions;
  auto It = Views.find(*Path);
  if (It == Views.end())
    return Actions;
  std::vector<std::string> Kernels;
  for (const Mark &M : It->second.Marks) {
    // Ranges that touch: the request's range overlaps the mark's line.
    if (End->Line < M.Where.Start.Line || Start->Line > M.Where.End.Line)
      continue;
    const EditorKernel &EK = Loaded->Kernels.Kernels[M.Kernel];
    const std::string &K = EK.Kernel;
    if (std::find(Kernels.begin(), Kernels.end(), K) != Kernels.end())
      continue;
    Kernels.push_back(K);
    std::string Title =
        "Open the Headroom report of kernel '" + EK.ShortName + "'";
    std::vector<json> Commands = {openReportCommand(Title, K)};
    // Each advice opens its section of docs/advice.md, where the docs are.
    if (!siblingDoc(Options.DocsBase, "advice.md").empty())
      for (const WhatIfEstimate &E : EK.Advice)
        Commands.push_back(
            {{"title", EK.adviceActionTitle(E)},
             {"command", OpenReportCommand},
             {"arguments", json::array({K, "advice", whatIfInfo(E.Id).Key})}});
    for (json &Command : Commands)
      if (Caps.CodeActionLiterals)
        Actions.push_back(
            {{"title", Command["title"]}, {"command", std::move(Command)}});
      else
        Actions.push_back(std::move(Command));
  }
  return Actions;
}

Expected<std::string> Session::openReport(const json &Arguments) {
  std::lock_guard<std::mutex> G(Lock);
  // An advice's action opens its section of docs/advice.md, not the report.
  if (Arguments.is_array() && Arguments.size() == 3 &&
      Arguments[1] == "advice" && Arguments[2].is_string()) {
    std::string Doc = siblingDoc(Options.DocsBase, "advice.md");
    if (Doc.empty())
      return Error("the documentation is not installed");
    return Doc + "#" + Arguments[2].get<std::string>();
  }
  if (!Loaded)
    return Error("no profile is loaded");
  if (ReportPath.empty()) {
    std::string Path = absolutePath("headroom-report.html", Options.ReportDir);
    if (Status S = writeFile(Path, ""); !S)
      return S.error();
    // The advice links advice.md in the docs directory of DocsBase.
    std::string Docs = siblingDoc(Options.DocsBase, "");
    if (!Docs.empty())
      Docs.pop_back();
    std::ofstream OS(Path, std::ios::binary);
    writeHtmlReport(OS, *Loaded->Kernels.Source, Options.ToolVersion, Docs);
    if (!OS.flush())
      return Error(Path + ": cannot write the report");
    ReportPath = Path;
  }
  // A hot line's lens opens the kernel's annotated source; otherwise the
  // page's table of every kernel (the kernel argument is for clients that
  // show it).
  if (Arguments.is_array() && Arguments.size() == 2 &&
      Arguments[0].is_string() && Arguments[1] == "source") {
    std::string Id = kernelSourceId(*Loaded->Kernels.Source,
                                    Arguments[0].get<std::string>());
    if (!Id.empty())
      return pathToUri(ReportPath) + "#" + Id;
  }
  return pathToUri(ReportPath) + "#kernels";
}

} // namespace headroom::lsp
