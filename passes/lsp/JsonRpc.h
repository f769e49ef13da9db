//===- JsonRpc.h - JSON-RPC messages and request ids ------------*- C++ -*-===//
///
/// \file
/// What kind a JSON-RPC message is, the messages the proxy writes itself,
/// and the two id spaces it keeps: its own requests to the client carry
/// string ids "headroom-<n>" (OwnRequests), which neither the client's nor
/// clangd's ids use, so their responses are recognized and never forwarded;
/// and the client's requests whose responses it adds to (hover, code
/// actions) are remembered by id until clangd answers (PendingRequests).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_JSONRPC_H
#define HEADROOM_LSP_JSONRPC_H

#include <nlohmann/json.hpp>

#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace headroom::lsp {

enum class MessageKind { Request, Notification, Response, Invalid };

MessageKind kindOf(const nlohmann::json &Message);
/// The method of a request or notification, "" otherwise.
std::string methodOf(const nlohmann::json &Message);
/// A key for an id (a number and a string of the same digits differ).
std::string idKey(const nlohmann::json &Id);

nlohmann::json makeRequest(const nlohmann::json &Id, const std::string &Method,
                           nlohmann::json Params);
nlohmann::json makeNotification(const std::string &Method,
                                nlohmann::json Params);
nlohmann::json makeResponse(const nlohmann::json &Id, nlohmann::json Result);
nlohmann::json makeError(const nlohmann::json &Id, int Code,
                         const std::string &Message);

/// JSON-RPC and LSP error codes.
inline constexpr int MethodNotFound = -32601;
inline constexpr int InternalError = -32603;

/// The proxy's own requests to the client. Thread-safe.
class OwnRequests {
public:
  /// A fresh id for a request to the client.
  nlohmann::json next();
  /// Whether \p Id is one of ours (and forgets it).
  bool isOwn(const nlohmann::json &Id);

private:
  std::mutex Lock;
  unsigned Counter = 0;
  std::map<std::string, bool> Open;
};

/// Client requests whose responses the proxy adds to. Thread-safe.
class PendingRequests {
public:
  struct Entry {
    std::string Method;
    nlohmann::json Params;
  };
  void add(const nlohmann::json &Id, Entry E);
  /// The entry of \p Id, removed; nothing when the id is not pending.
  std::optional<Entry> take(const nlohmann::json &Id);
  /// Forgets \p Id (the client cancelled it or it was answered).
  void forget(const nlohmann::json &Id);
  std::size_t size();

private:
  std::mutex Lock;
  std::map<std::string, Entry> Entries;
};

} // namespace headroom::lsp

#endif // HEADROOM_LSP_JSONRPC_H
