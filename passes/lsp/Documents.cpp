//===- Documents.cpp - The text of the documents the editor opened --------===//

#include "lsp/Documents.h"

namespace headroom::lsp {

using nlohmann::json;

namespace {

Expected<std::string> pathOf(const json &Params) {
  const json *Doc = Params.is_object() && Params.contains("textDocument")
                        ? &Params["textDocument"]
                        : nullptr;
  if (!Doc || !Doc->is_object() || !Doc->contains("uri") ||
      !(*Doc)["uri"].is_string())
    return Error("textDocument.uri: expected a string");
  std::optional<std::string> Path = uriToPath((*Doc)["uri"].get<std::string>());
  if (!Path)
    return Error("textDocument.uri: expected a file:// URI");
  return *Path;
}

std::optional<Position> positionOf(const json &P) {
  if (!P.is_object() || !P.contains("line") || !P.contains("character") ||
      !P["line"].is_number_integer() || !P["character"].is_number_integer() ||
      P["line"].get<long long>() < 0 || P["character"].get<long long>() < 0)
    return std::nullopt;
  return Position{P["line"].get<unsigned>(), P["character"].get<unsigned>()};
}

} // namespace

Status applyChange(std::string &Text, const json &Change, PositionEncoding E) {
  if (!Change.is_object() || !Change.contains("text") ||
      !Change["text"].is_string())
    return Error("contentChanges[].text: expected a string");
  const std::string &New = Change["text"].get_ref<const std::string &>();
  if (!Change.contains("range")) {
    Text = New;
    return Status::success();
  }
  const json &R = Change["range"];
  std::optional<Position> Start = R.is_object() && R.contains("start")
                                      ? positionOf(R["start"])
                                      : std::nullopt;
  std::optional<Position> End =
      R.is_object() && R.contains("end") ? positionOf(R["end"]) : std::nullopt;
  if (!Start || !End)
    return Error("contentChanges[].range: expected start and end positions");
  // A range past the last line means the end of the text (LSP clients send
  // such ranges for appends).
  std::size_t From = offsetOf(Text, *Start, E).value_or(Text.size());
  std::size_t To = offsetOf(Text, *End, E).value_or(Text.size());
  if (To < From)
    return Error("contentChanges[].range: end before start");
  Text.replace(From, To - From, New);
  return Status::success();
}

Expected<std::string> DocumentStore::didOpen(const json &Params) {
  Expected<std::string> Path = pathOf(Params);
  if (!Path)
    return Path;
  const json &Doc = Params["textDocument"];
  if (!Doc.contains("text") || !Doc["text"].is_string())
    return Error("textDocument.text: expected a string");
  Document &D = Docs[*Path];
  D.Uri = Doc["uri"].get<std::string>();
  D.Text = Doc["text"].get<std::string>();
  D.Version = Doc.value("version", std::int64_t(0));
  return Path;
}

Expected<std::string> DocumentStore::didChange(const json &Params,
                                               PositionEncoding E) {
  Expected<std::string> Path = pathOf(Params);
  if (!Path)
    return Path;
  auto It = Docs.find(*Path);
  if (It == Docs.end())
    return Error("didChange of " + *Path + ", which is not open");
  if (!Params.contains("contentChanges") ||
      !Params["contentChanges"].is_array())
    return Error("contentChanges: expected an array");
  std::string Text = It->second.Text;
  for (const json &Change : Params["contentChanges"])
    if (Status S = applyChange(Text, Change, E); !S)
      return S.error();
  It->second.Text = std::move(Text);
  It->second.Version =
      Params["textDocument"].value("version", It->second.Version + 1);
  return Path;
}

Expected<std::string> DocumentStore::didClose(const json &Params) {
  Expected<std::string> Path = pathOf(Params);
  if (Path)
    Docs.erase(*Path);
  return Path;
}

const Document *DocumentStore::find(const std::string &Path) const {
  auto It = Docs.find(Path);
  return It == Docs.end() ? nullptr : &It->second;
}

} // namespace headroom::lsp
