//===- FollowTally.h - An entry's launches and what they follow -*- C++ -*-===//
///
/// \file
/// Sums, for one profile entry, its inspected launches and, per previous
/// launch (site, scope, kernel), the launches that followed it with shared
/// allocations and the most bytes they shared: the entry's
/// `examined_launches` and `follows` (docs/formats.md).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_FOLLOWTALLY_H
#define HEADROOM_RUNTIME_FOLLOWTALLY_H

#include "LaunchSequence.h"

#include "schema/ProfileDocument.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace headroom::rt {

class FollowTally {
public:
  /// The most distinct previous launches kept per entry; launches that
  /// follow further ones count as examined only.
  static constexpr std::size_t MaxFollows = 64;

  /// Adds one inspected launch, and what it followed.
  void add(const std::optional<FollowedLaunch> &Follows);

  std::uint64_t examined() const { return Examined; }
  /// The profile's `follows`, in its order (sortFollows).
  std::vector<KernelFollow> follows() const;

private:
  std::uint64_t Examined = 0;
  std::map<std::tuple<SiteId, ScopeId, std::string>,
           std::pair<std::uint64_t, std::uint64_t>>
      Counts;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_FOLLOWTALLY_H
