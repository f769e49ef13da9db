//===- ProfileDocument.h - Reading a headroom.profile/1 file ----*- C++ -*-===//
///
/// \file
/// Reads a file as a headroom.profile/1 JSON document, with errors that name
/// the file. Only the envelope is checked here (JSON, the schema tag and the
/// arrays every profile has); ProfileMerger checks the fields it uses.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_PROFILE_PROFILEDOCUMENT_H
#define HEADROOM_PROFILE_PROFILEDOCUMENT_H

#include "support/Error.h"

#include <nlohmann/json.hpp>

#include <string>

namespace headroom::profile {

/// The schema tag of the documents handled here.
inline constexpr const char *ProfileSchemaTag = "headroom.profile/1";

/// Checks the envelope of \p Doc: an object with schema "headroom.profile/1",
/// a collection object and devices, sites and kernels arrays.
Status checkProfileEnvelope(const nlohmann::json &Doc);

/// Reads and parses \p Path (readJsonFile: the same messages as every other
/// reader of JSON files), then checks its envelope.
Expected<nlohmann::json> readProfileDocument(const std::string &Path);

} // namespace headroom::profile

#endif // HEADROOM_PROFILE_PROFILEDOCUMENT_H
