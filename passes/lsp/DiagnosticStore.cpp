//===- DiagnosticStore.cpp - clangd's and Headroom's diagnostics ----------===//

#include "lsp/DiagnosticStore.h"

namespace headroom::lsp {

using nlohmann::json;

json mergePublish(const json &ClangdParams, const std::string &Uri,
                  const json &Headroom) {
  json Params = ClangdParams.is_object()
                    ? ClangdParams
                    : json{{"uri", Uri}, {"diagnostics", json::array()}};
  json &List = Params["diagnostics"];
  if (!List.is_array())
    List = json::array();
  for (const json &D : Headroom)
    List.push_back(D);
  return Params;
}

std::optional<json> DiagnosticStore::fromClangd(const std::string &Path,
                                                const json &Params) {
  Clangd[Path] = Params;
  auto It = Headroom.find(Path);
  if (It == Headroom.end())
    return std::nullopt;
  return mergePublish(Params, It->second.first, It->second.second);
}

std::vector<json> DiagnosticStore::setHeadroom(
    const std::map<std::string, std::pair<std::string, json>> &Lists) {
  std::vector<json> Publish;
  auto ClangdOf = [&](const std::string &Path) {
    auto It = Clangd.find(Path);
    return It == Clangd.end() ? json() : It->second;
  };
  for (const auto &[Path, Old] : Headroom)
    if (!Lists.count(Path) || Lists.at(Path).second.empty())
      Publish.push_back(mergePublish(ClangdOf(Path), Old.first, json::array()));
  std::map<std::string, std::pair<std::string, json>> Next;
  for (const auto &[Path, New] : Lists) {
    if (New.second.empty())
      continue;
    auto It = Headroom.find(Path);
    if (It == Headroom.end() || It->second != New)
      Publish.push_back(mergePublish(ClangdOf(Path), New.first, New.second));
    Next.emplace(Path, New);
  }
  Headroom = std::move(Next);
  return Publish;
}

const json &DiagnosticStore::headroomOf(const std::string &Path) const {
  static const json Empty = json::array();
  auto It = Headroom.find(Path);
  return It == Headroom.end() ? Empty : It->second.second;
}

} // namespace headroom::lsp
