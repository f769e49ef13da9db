//===- ResponseMerge.cpp - Headroom's part of clangd's answers ------------===//

#include "lsp/ResponseMerge.h"

namespace headroom::lsp {

using nlohmann::json;

json addToHover(const json &Result, const std::string &Markdown) {
  if (!Result.is_object() || !Result.contains("contents"))
    return {{"contents", {{"kind", "markdown"}, {"value", Markdown}}}};
  json Out = Result;
  json &Contents = Out["contents"];
  if (Contents.is_object() && Contents.contains("kind") &&
      Contents.contains("value") && Contents["value"].is_string()) {
    // MarkupContent: markdown gets a rule; plain text a blank line.
    bool IsMarkdown = Contents["kind"] == "markdown";
    Contents["value"] = Contents["value"].get<std::string>() +
                        (IsMarkdown ? "\n\n---\n\n" : "\n\n") + Markdown;
  } else if (Contents.is_array()) {
    Contents.push_back(Markdown);
  } else {
    // A MarkedString: make it a list.
    Contents = json::array({Contents, Markdown});
  }
  return Out;
}

json addToCodeActions(const json &Result, const json &Ours) {
  json Out = Result.is_array() ? Result : json::array();
  for (const json &A : Ours)
    Out.push_back(A);
  return Out;
}

json addCapabilities(const json &Result, const std::string &Command) {
  json Out = Result.is_object() ? Result : json::object();
  json &Caps = Out["capabilities"];
  if (!Caps.is_object())
    Caps = json::object();
  if (!Caps.contains("codeLensProvider"))
    Caps["codeLensProvider"] = {{"resolveProvider", false}};
  json &Exec = Caps["executeCommandProvider"];
  if (!Exec.is_object())
    Exec = json::object();
  json &Commands = Exec["commands"];
  if (!Commands.is_array())
    Commands = json::array();
  Commands.push_back(Command);
  if (!Caps.contains("hoverProvider"))
    Caps["hoverProvider"] = true;
  if (!Caps.contains("codeActionProvider"))
    Caps["codeActionProvider"] = true;
  return Out;
}

PositionEncoding negotiatedEncoding(const json &Result) {
  if (Result.is_object()) {
    auto Caps = Result.find("capabilities");
    if (Caps != Result.end() && Caps->is_object()) {
      auto E = Caps->find("positionEncoding");
      if (E != Caps->end() && E->is_string())
        if (auto P = parseEncoding(E->get<std::string>()))
          return *P;
    }
    auto E = Result.find("offsetEncoding");
    if (E != Result.end() && E->is_string())
      if (auto P = parseEncoding(E->get<std::string>()))
        return *P;
  }
  return PositionEncoding::UTF16;
}

} // namespace headroom::lsp
