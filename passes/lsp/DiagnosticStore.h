//===- DiagnosticStore.h - clangd's and Headroom's diagnostics --*- C++ -*-===//
///
/// \file
/// `textDocument/publishDiagnostics` replaces a file's whole list, so the
/// proxy keeps the last list clangd published for each file and the last
/// list Headroom computed, and publishes their union whenever either
/// changes: clangd's entries first and unchanged, then Headroom's. A file
/// Headroom has nothing for gets clangd's message as it came.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_DIAGNOSTICSTORE_H
#define HEADROOM_LSP_DIAGNOSTICSTORE_H

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace headroom::lsp {

/// The union of clangd's publishDiagnostics \p ClangdParams (may be null:
/// clangd published nothing yet) and \p Headroom's diagnostics for \p Uri.
nlohmann::json mergePublish(const nlohmann::json &ClangdParams,
                            const std::string &Uri,
                            const nlohmann::json &Headroom);

/// Not thread-safe: its owner locks.
class DiagnosticStore {
public:
  /// Records clangd's params for \p Path; returns the params to publish
  /// instead when Headroom has diagnostics for it, nothing to forward
  /// clangd's message unchanged.
  std::optional<nlohmann::json> fromClangd(const std::string &Path,
                                           const nlohmann::json &Params);

  /// Sets Headroom's diagnostics for every file (absolute path -> URI and
  /// list); returns the params to publish for each file whose list changed
  /// (files that had Headroom entries and have none now get clangd's list
  /// alone, or an empty one).
  std::vector<nlohmann::json> setHeadroom(
      const std::map<std::string, std::pair<std::string, nlohmann::json>>
          &Lists);

  /// Headroom's list for \p Path (empty array when none).
  const nlohmann::json &headroomOf(const std::string &Path) const;

private:
  std::map<std::string, nlohmann::json> Clangd;
  /// Path -> (URI, non-empty list).
  std::map<std::string, std::pair<std::string, nlohmann::json>> Headroom;
};

} // namespace headroom::lsp

#endif // HEADROOM_LSP_DIAGNOSTICSTORE_H
