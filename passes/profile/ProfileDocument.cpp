//===- ProfileDocument.cpp - Reading a headroom.profile/1 file ------------===//

#include "profile/ProfileDocument.h"

#include "support/JsonInput.h"

namespace headroom::profile {

Status checkProfileEnvelope(const nlohmann::json &Doc) {
  if (!Doc.is_object())
    return Error("expected a JSON object");
  auto Schema = Doc.find("schema");
  if (Schema == Doc.end() || !Schema->is_string())
    return Error("schema: expected \"" + std::string(ProfileSchemaTag) + "\"");
  if (*Schema != ProfileSchemaTag)
    return Error("schema: expected \"" + std::string(ProfileSchemaTag) +
                 "\", got \"" + Schema->get<std::string>() + "\"");
  auto Collection = Doc.find("collection");
  if (Collection == Doc.end() || !Collection->is_object())
    return Error("collection: expected an object");
  for (const char *Array : {"devices", "sites", "kernels"}) {
    auto It = Doc.find(Array);
    if (It == Doc.end() || !It->is_array())
      return Error(std::string(Array) + ": expected an array");
  }
  return Status::success();
}

Expected<nlohmann::json> readProfileDocument(const std::string &Path) {
  Expected<nlohmann::json> Doc = readJsonFile(Path);
  if (!Doc)
    return Doc.error().context(Path);
  if (Status S = checkProfileEnvelope(*Doc); !S)
    return S.error().context(Path);
  return Doc;
}

} // namespace headroom::profile
