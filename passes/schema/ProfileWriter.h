//===- ProfileWriter.h - Writing headroom.profile/1 -------------*- C++ -*-===//
///
/// \file
/// The one writer of `headroom.profile/1`: the runtime writes its profiles
/// through it, `headroom merge` its merged one. Fields come in the order
/// docs/formats.md documents; optional ones are left out as the format says
/// (a device's name when unknown, graph_launches when 0, ...).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SCHEMA_PROFILEWRITER_H
#define HEADROOM_SCHEMA_PROFILEWRITER_H

#include "schema/ProfileDocument.h"

#include <nlohmann/json.hpp>

#include <string>

namespace headroom {

/// How objects order their keys. JSON readers do not care, but the output
/// of `headroom merge` has always listed the keys of sites and scopes
/// alphabetically and a device's UUIDs after its other fields (its lit
/// tests pin that output), while the runtime writes the documented order.
enum class ProfileKeyOrder {
  /// The order of docs/formats.md (the runtime's profiles).
  Documented,
  /// `headroom merge`'s order for sites, scopes and devices.
  Merged,
};

/// \p Doc as a JSON document.
nlohmann::ordered_json
profileToJson(const ProfileDocument &Doc,
              ProfileKeyOrder Order = ProfileKeyOrder::Documented);

/// \p Doc as the text of a profile file: indented by one space, a trailing
/// newline, invalid UTF-8 in names replaced rather than refused.
std::string profileText(const ProfileDocument &Doc,
                        ProfileKeyOrder Order = ProfileKeyOrder::Documented);

} // namespace headroom

#endif // HEADROOM_SCHEMA_PROFILEWRITER_H
