//===- JsonRpc.cpp - JSON-RPC messages and the proxy's request ids --------===//

#include "lsp/JsonRpc.h"

namespace headroom::lsp {

using nlohmann::json;

MessageKind kindOf(const json &M) {
  if (!M.is_object())
    return MessageKind::Invalid;
  auto Method = M.find("method");
  bool HasId = M.contains("id");
  if (Method != M.end()) {
    if (!Method->is_string())
      return MessageKind::Invalid;
    return HasId ? MessageKind::Request : MessageKind::Notification;
  }
  if (HasId && (M.contains("result") || M.contains("error")))
    return MessageKind::Response;
  return MessageKind::Invalid;
}

std::string methodOf(const json &M) {
  auto It = M.is_object() ? M.find("method") : M.end();
  return M.is_object() && It != M.end() && It->is_string()
             ? It->get<std::string>()
             : std::string();
}

std::string idKey(const json &Id) { return Id.dump(); }

json makeRequest(const json &Id, const std::string &Method, json Params) {
  return {{"jsonrpc", "2.0"},
          {"id", Id},
          {"method", Method},
          {"params", std::move(Params)}};
}

json makeNotification(const std::string &Method, json Params) {
  return {
      {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}};
}

json makeResponse(const json &Id, json Result) {
  return {{"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}};
}

json makeError(const json &Id, int Code, const std::string &Message) {
  return {{"jsonrpc", "2.0"},
          {"id", Id},
          {"error", {{"code", Code}, {"message", Message}}}};
}

json OwnRequests::next() {
  std::lock_guard<std::mutex> G(Lock);
  json Id = "headroom-" + std::to_string(++Counter);
  Open[idKey(Id)] = true;
  return Id;
}

bool OwnRequests::isOwn(const json &Id) {
  if (!Id.is_string() ||
      Id.get_ref<const std::string &>().rfind("headroom-", 0))
    return false;
  std::lock_guard<std::mutex> G(Lock);
  return Open.erase(idKey(Id)) != 0;
}

void PendingRequests::add(const json &Id, Entry E) {
  std::lock_guard<std::mutex> G(Lock);
  Entries[idKey(Id)] = std::move(E);
}

std::optional<PendingRequests::Entry> PendingRequests::take(const json &Id) {
  std::lock_guard<std::mutex> G(Lock);
  auto It = Entries.find(idKey(Id));
  if (It == Entries.end())
    return std::nullopt;
  Entry E = std::move(It->second);
  Entries.erase(It);
  return E;
}

void PendingRequests::forget(const json &Id) {
  std::lock_guard<std::mutex> G(Lock);
  Entries.erase(idKey(Id));
}

std::size_t PendingRequests::size() {
  std::lock_guard<std::mutex> G(Lock);
  return Entries.size();
}

} // namespace headroom::lsp
