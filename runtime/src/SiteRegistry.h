//===- SiteRegistry.h - Launch sites of the instrumented program -*- C++
//-*-===//
///
/// \file
/// Numbers the launch sites that instrumented translation units register
/// (headroom_register_sites) and keeps a copy of their source locations, so
/// the profile outlives any unloaded module. A site is identified by the
/// address of its headroom_site_info entry.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_SITEREGISTRY_H
#define HEADROOM_RUNTIME_SITEREGISTRY_H

#include "LaunchKey.h"

#include "headroom/runtime.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace headroom::rt {

/// One registered site, copied out of the program's site table.
struct SiteEntry {
  SiteId Id = 0;
  std::string LaunchFile;
  unsigned LaunchLine = 0;
  unsigned LaunchColumn = 0;
  std::string Kernel;
  std::string KernelFile;
  unsigned KernelLine = 0;
  unsigned KernelColumn = 0;
};

/// Maps site-table entries to profile-local ids. Not thread-safe: the
/// Runtime serializes access.
class SiteRegistry {
public:
  /// Registers \p Count entries starting at \p Sites; entries registered
  /// before keep their ids. Null or empty tables are ignored.
  void registerSites(const headroom_site_info *Sites, unsigned Count);

  /// The id of \p Site, registering it alone if its table was never
  /// registered (e.g. a launch from a static initializer that ran before its
  /// unit's registration). Null gives NoSite.
  SiteId idOf(const headroom_site_info *Site);

  /// Every site in id order.
  const std::vector<SiteEntry> &sites() const { return Entries; }
  std::size_t size() const { return Entries.size(); }

private:
  SiteId add(const headroom_site_info &Site);

  std::unordered_map<const headroom_site_info *, SiteId> Ids;
  std::vector<SiteEntry> Entries;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_SITEREGISTRY_H
