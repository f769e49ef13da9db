//===- Session.h - Headroom's part of a language-server session -*- C++ -*-===//
///
/// \file
/// Everything `headroom lsp` knows beyond forwarding: the workspace root and
/// the client's capabilities, the open documents, the profile and its
/// findings, the last diagnostics of clangd and of Headroom per file, and
/// the code lens, hover and code actions derived from them. The proxy loop
/// (Proxy.h) calls it from its reader threads and its worker; every method
/// locks, and the slow step (reading and analyzing a profile) runs without
/// the lock so that forwarding never waits for it.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_SESSION_H
#define HEADROOM_LSP_SESSION_H

#include "lsp/CompileTimeFindings.h"
#include "lsp/DiagnosticStore.h"
#include "lsp/Documents.h"
#include "lsp/KernelDiagnostics.h"
#include "lsp/ProfileSource.h"

#include <nlohmann/json.hpp>

#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace headroom::lsp {

struct SessionOptions {
  ProfileOptions Profiles;
  /// The URI of docs/diagnostics.md (codeDescription.href); empty: none.
  std::string DocsBase;
  /// Where HTML reports are written.
  std::string ReportDir;
  std::string ToolVersion;
};

/// What the client said it can do (initialize params).
struct ClientCapabilities {
  bool WatchFilesDynamically = false;
  bool CodeLensDynamically = false;
  bool ExecuteCommandDynamically = false;
  bool ShowDocument = false;
  bool CodeActionLiterals = false;
};

/// The command of Headroom's code lens and code actions (the report, an
/// advice's section of docs/advice.md).
inline constexpr const char *OpenReportCommand = "headroom.openReport";

class Session {
public:
  explicit Session(SessionOptions O);

  /// Takes the root and capabilities from `initialize` params.
  void initialize(const nlohmann::json &Params);
  ClientCapabilities capabilities() const;
  void setEncoding(PositionEncoding E);
  PositionEncoding encoding() const;

  /// didOpen, didChange and didClose params; the path of the document.
  std::optional<std::string> didOpen(const nlohmann::json &Params);
  std::optional<std::string> didChange(const nlohmann::json &Params);
  std::optional<std::string> didClose(const nlohmann::json &Params);
  /// didSave params; the path of the document when it is open.
  std::optional<std::string> didSave(const nlohmann::json &Params) const;

  /// The compile-time results of \p Path (CompileTimeWorker.h); nothing
  /// drops them. Published with the next refresh().
  void setCompileTime(const std::string &Path,
                      std::optional<CompileTimeResult> R);
  /// What a compile-time run needs: the root and the device of the static
  /// notes (--device, HEADROOM_DEVICE, else the loaded profile's).
  std::string root() const;
  std::string staticMixDevice() const;
  /// Whether code actions of Headroom's may exist (a profile is loaded, or
  /// a file has compile-time findings).
  bool hasCodeActions() const;

  struct ReloadResult {
    /// Whether the findings changed (publish again).
    bool Changed = false;
    /// A line for window/logMessage (a profile that could not be read, what
    /// was loaded), empty when there is nothing new to say.
    std::string Log;
    /// 1 error, 2 warning, 3 info.
    int LogType = 3;
  };
  /// Finds the profiles again and, when they differ from those loaded or
  /// \p Force, reads and analyzes them.
  ReloadResult reload(bool Force);
  /// Whether profiles would be found now (no reading).
  bool profileFound() const;
  /// Whether findings are loaded.
  bool active() const;
  /// The files to watch for a new profile.
  std::vector<std::string> watchCandidates() const;

  /// Recomputes every file's Headroom diagnostics from the current texts;
  /// the publishDiagnostics params to send.
  std::vector<nlohmann::json> refresh();
  /// clangd published \p Params: what to publish instead, or nothing to
  /// forward clangd's message unchanged.
  std::optional<nlohmann::json> fromClangd(const nlohmann::json &Params);

  /// `textDocument/codeLens` result for \p Params.
  nlohmann::json codeLens(const nlohmann::json &Params) const;
  /// Markdown about the kernel or launch at the position of `textDocument/
  /// hover` \p Params; nothing when none is there.
  std::optional<std::string> hover(const nlohmann::json &Params) const;
  /// Headroom's code actions for `textDocument/codeAction` \p Params.
  nlohmann::json codeActions(const nlohmann::json &Params) const;
  /// Writes the HTML report and returns its URI with the kernels' section,
  /// or, for the arguments of a hot line's lens ([kernel, "source"]), the
  /// kernel's annotated source; for those of an advice's code action
  /// ([kernel, "advice", key]), the URI of the advice's section of
  /// docs/advice.md, without writing the report.
  Expected<std::string> openReport(const nlohmann::json &Arguments);

private:
  std::optional<std::string> textOf(const std::string &Path) const;
  std::vector<std::string> openFiles() const;
  const Mark *markAt(const std::string &Path, Position P) const;
  CompileTimeContext compileTimeContext(const std::string &Path) const;

  mutable std::mutex Lock;
  SessionOptions Options;
  std::string Root;
  ClientCapabilities Caps;
  PositionEncoding Encoding = PositionEncoding::UTF16;
  DocumentStore Docs;
  DiagnosticStore Published;
  std::optional<LoadedProfile> Loaded;
  std::string LastLoadError;
  std::map<std::string, FileView> Views;
  std::map<std::string, CompileTimeResult> CompileTime;
  /// The report written for the loaded profile, if any.
  std::string ReportPath;
};

} // namespace headroom::lsp

#endif // HEADROOM_LSP_SESSION_H
