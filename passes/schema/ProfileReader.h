//===- ProfileReader.h - Reading headroom.profile/1 -------------*- C++ -*-===//
///
/// \file
/// The one reader and validator of `headroom.profile/1`, for every command
/// that reads profiles (report, lint, merge, the nvcc wrapper's build
/// diagnostics). It accepts what the runtime and `headroom merge` write and
/// what docs/formats.md documents as optional, and rejects anything else
/// with one line naming the field by its JSON path, what was expected and
/// what was found (`kernels[1].launches: expected a non-negative integer,
/// got "many"`).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SCHEMA_PROFILEREADER_H
#define HEADROOM_SCHEMA_PROFILEREADER_H

#include "schema/ProfileDocument.h"
#include "support/Error.h"

#include <nlohmann/json.hpp>

#include <string>

namespace headroom {

/// Validates and converts a parsed document; errors name the JSON path but
/// not the file.
Expected<ProfileDocument> parseProfile(const nlohmann::json &Doc);

/// Reads the profile at \p Path (and sets its Path); every error starts
/// with the path.
Expected<ProfileDocument> readProfileFile(const std::string &Path);

/// Whether \p Doc says it is a profile (its schema tag), valid or not: how
/// `headroom merge` tells profiles from other JSON files in a directory.
bool isProfileDocument(const nlohmann::json &Doc);

} // namespace headroom

#endif // HEADROOM_SCHEMA_PROFILEREADER_H
