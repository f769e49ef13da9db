//===- ProfileExport.h - The runtime's profile as a document ----*- C++ -*-===//
///
/// \file
/// The runtime's side of the profile format: its ProfileData becomes the
/// typed document of schema/ProfileDocument.h, which the one writer of the
/// format (schema/ProfileWriter.h) turns into JSON. Nothing here throws into
/// the user's program.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_PROFILEEXPORT_H
#define HEADROOM_RUNTIME_PROFILEEXPORT_H

#include "ProfileData.h"

#include "schema/ProfileDocument.h"

#include <nlohmann/json.hpp>

#include <string>

namespace headroom::rt {

/// \p Data as a headroom.profile/1 document.
ProfileDocument profileDocument(const ProfileData &Data);

/// \p Data as a headroom.profile/1 JSON document (docs/formats.md), fields
/// in the documented order.
nlohmann::ordered_json profileToJson(const ProfileData &Data);

/// Serializes and writes \p Data to \p Path atomically. Returns false with
/// \p Error set on failure; never throws.
bool writeProfile(const ProfileData &Data, const std::string &Path,
                  std::string &Error);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_PROFILEEXPORT_H
