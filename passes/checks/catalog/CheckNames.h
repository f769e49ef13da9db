//===- CheckNames.h - The name of every check -------------------*- C++ -*-===//
///
/// \file
/// The stable names of all of Headroom's checks (checks/catalog/Checks.def)
/// and the list of them with what each looks at, for every library that
/// reports them: the report's and the gate's checks (checks/), the source
/// checks (sourcechecks/), the build and the editor. Header-only, standard
/// C++ only, so that the Clang side includes it too.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_CATALOG_CHECKNAMES_H
#define HEADROOM_CHECKS_CATALOG_CHECKNAMES_H

#include <string_view>

namespace headroom {

namespace checks {
#define HEADROOM_CHECK(Kind, Name, Text)                                       \
  inline constexpr std::string_view Name = Text;
#include "checks/catalog/Checks.def"
} // namespace checks

/// A registered check: what it looks at (its class, as Checks.def names it)
/// and its stable name.
struct CheckEntry {
  std::string_view Kind;
  std::string_view Name;
};

/// Every check, in the order of Checks.def.
inline constexpr CheckEntry AllChecks[] = {
#define HEADROOM_CHECK(Kind, Name, Text) {#Kind, Text},
#include "checks/catalog/Checks.def"
};

} // namespace headroom

#endif // HEADROOM_CHECKS_CATALOG_CHECKNAMES_H
