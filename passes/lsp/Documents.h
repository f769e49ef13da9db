//===- Documents.h - The documents the editor opened ------------*- C++ -*-===//
///
/// \file
/// What the client says about open documents (didOpen, didChange with full
/// or ranged changes, didClose), kept so that Headroom's diagnostics can be
/// re-anchored to the text the user sees rather than the file on disk.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_DOCUMENTS_H
#define HEADROOM_LSP_DOCUMENTS_H

#include "lsp/Positions.h"
#include "support/Error.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>

namespace headroom::lsp {

struct Document {
  /// The URI exactly as the client spelled it.
  std::string Uri;
  std::string Text;
  std::int64_t Version = 0;
};

/// Open documents by path. Not thread-safe: its owner locks.
class DocumentStore {
public:
  /// Applies `textDocument/didOpen`, `didChange` or `didClose` params;
  /// returns the path of the document, or an error for params that do not
  /// name a file document (the store is unchanged then).
  Expected<std::string> didOpen(const nlohmann::json &Params);
  Expected<std::string> didChange(const nlohmann::json &Params,
                                  PositionEncoding E);
  Expected<std::string> didClose(const nlohmann::json &Params);

  const Document *find(const std::string &Path) const;
  const std::map<std::string, Document> &all() const { return Docs; }

private:
  std::map<std::string, Document> Docs;
};

/// Applies one `TextDocumentContentChangeEvent` to \p Text.
Status applyChange(std::string &Text, const nlohmann::json &Change,
                   PositionEncoding E);

} // namespace headroom::lsp

#endif // HEADROOM_LSP_DOCUMENTS_H
