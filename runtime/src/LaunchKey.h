//===- LaunchKey.h - What distinguishes one kernel entry --------*- C++ -*-===//
///
/// \file
/// The key of one entry of the profile: a kernel launched from one site (or,
/// for launches outside every site bracket, from one scope) on one device
/// with one configuration (grid, block, dynamic shared memory). Timing is
/// aggregated per key and counters are sampled per key.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_LAUNCHKEY_H
#define HEADROOM_RUNTIME_LAUNCHKEY_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace headroom::rt {

/// The profile-local number of a registered launch site.
using SiteId = std::uint32_t;

/// The site of launches made outside any instrumented site (libraries,
/// uninstrumented translation units, graph replays).
inline constexpr SiteId NoSite = UINT32_MAX;

/// The profile-local number of a registered scope (headroom_scope_info).
using ScopeId = std::uint32_t;

/// No scope: the launch was inside a site bracket, or outside every bracket.
inline constexpr ScopeId NoScope = UINT32_MAX;

/// Where a launch is attributed: the innermost bracket active on the
/// launching thread. At most one of the two is set; neither means
/// unattributed.
struct Attribution {
  SiteId Site = NoSite;
  ScopeId Scope = NoScope;
  bool attributed() const { return Site != NoSite || Scope != NoScope; }
  friend bool operator==(const Attribution &, const Attribution &) = default;
};

/// A grid or block shape.
struct Dim3 {
  std::uint32_t X = 1;
  std::uint32_t Y = 1;
  std::uint32_t Z = 1;
  friend bool operator==(const Dim3 &, const Dim3 &) = default;
};

/// One (site or scope, kernel, device, grid, block, dynamic shared memory)
/// tuple.
struct LaunchKey {
  SiteId Site = NoSite;
  ScopeId Scope = NoScope;
  /// The kernel's symbol (mangled) name, as CUPTI reports it.
  std::string Kernel;
  std::uint32_t Device = 0;
  Dim3 Grid;
  Dim3 Block;
  std::uint32_t DynamicSharedBytes = 0;
  friend bool operator==(const LaunchKey &, const LaunchKey &) = default;
  Attribution attribution() const { return Attribution{Site, Scope}; }
};

/// The key of a launch of \p Kernel attributed to \p Where. A site wins over
/// a scope: a launch inside a site bracket is keyed by its site alone.
LaunchKey launchKey(Attribution Where, std::string Kernel, std::uint32_t Device,
                    Dim3 Grid, Dim3 Block, std::uint32_t DynamicSharedBytes);

/// Hash of a LaunchKey for unordered containers.
struct LaunchKeyHash {
  std::size_t operator()(const LaunchKey &Key) const noexcept;
};

/// A strict weak order on keys (site, scope, kernel, device, grid, block,
/// shared memory), so that profiles list entries deterministically.
bool launchKeyLess(const LaunchKey &A, const LaunchKey &B);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_LAUNCHKEY_H
