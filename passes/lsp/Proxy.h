//===- Proxy.h - headroom lsp: the proxy loop -------------------*- C++ -*-===//
///
/// \file
/// `headroom lsp` between an editor and clangd: every message is forwarded
/// unchanged both ways, except where Headroom adds to it (clangd's
/// published diagnostics, hover, code actions and capabilities) or answers
/// itself (code lens, its own command, the responses to its own requests).
/// One thread reads the client, one reads clangd, and a worker loads
/// profiles and recomputes Headroom's diagnostics, so forwarding never waits
/// for Headroom. Any exception in Headroom's part turns it off with one
/// `window/logMessage`; forwarding goes on. When clangd exits, the proxy
/// exits with its status.
///
/// On the CUDA sources the editor opens and saves, `headroom check` and
/// `headroom static-mix` run as child processes on a thread of their own
/// (CompileTimeWorker.h); their findings join the profile's in the file's
/// diagnostics, and their fix-its are quick fixes.
///
/// In standalone mode there is no clangd: the same diagnostics, lens, hover
/// and code actions as a language server of their own.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_PROXY_H
#define HEADROOM_LSP_PROXY_H

#include "lsp/CompileTimeWorker.h"
#include "lsp/Session.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace headroom::lsp {

struct ProxyOptions {
  /// clangd's command line; unused when Standalone.
  std::vector<std::string> Clangd;
  bool Standalone = false;
  SessionOptions Session;
  /// The compile-time tools; nothing: not run.
  std::optional<CompileTimeOptions> CompileTime;
  /// Where to write the time each forwarded message spent in the proxy
  /// (one line per message: direction and nanoseconds); empty: not kept.
  std::string LatencyLog;
  /// How often the proxy looks at the profile files itself when the client
  /// does not watch them for it.
  unsigned PollMs = 500;
  /// How long edits settle before Headroom's diagnostics are recomputed.
  unsigned DebounceMs = 50;
};

/// Runs one session over \p InFd and \p OutFd (the editor's pipes); returns
/// the exit status: clangd's, or in standalone mode 0 after shutdown and
/// exit, else 1. \p Err receives the line of an error that prevents the
/// start (clangd cannot be started).
int runProxy(const ProxyOptions &O, int InFd, int OutFd, std::ostream &Err);

} // namespace headroom::lsp

#endif // HEADROOM_LSP_PROXY_H
