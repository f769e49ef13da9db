//===- ProfileWriter.h - headroom.profile/1 as JSON --------------*- C++
//-*-===//
#ifndef HEADROOM_RUNTIME_PROFILEWRITER_H
#define HEADROOM_RUNTIME_PROFILEWRITER_H

#include "ProfileData.h"

#include <nlohmann/json.hpp>

#include <string>

namespace headroom::rt {

/// The schema tag written into every profile.
inline constexpr const char *ProfileSchema = "headroom.profile/1";

/// \p Data as a headroom.profile/1 JSON document (docs/formats.md), fields
/// in the documented order.
nlohmann::ordered_json profileToJson(const ProfileData &Data);

/// Serializes and writes \p Data to \p Path atomically. Returns false with
/// \p Error set on failure; never throws.
bool writeProfile(const ProfileData &Data, const std::string &Path,
                  std::string &Error);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_PROFILEWRITER_H
