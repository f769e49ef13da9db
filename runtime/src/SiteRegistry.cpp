//===- SiteRegistry.cpp - Launch sites of the instrumented program --------===//

#include "SiteRegistry.h"

namespace headroom::rt {

namespace {
std::string copyString(const char *S) {
  return S ? std::string(S) : std::string();
}
} // namespace

SiteId SiteRegistry::add(const headroom_site_info &Site) {
  auto [It, Inserted] =
      Ids.try_emplace(&Site, static_cast<SiteId>(Entries.size()));
  if (!Inserted)
    return It->second;
  SiteEntry Entry;
  Entry.Id = It->second;
  Entry.LaunchFile = copyString(Site.launch_file);
  Entry.LaunchLine = Site.launch_line;
  Entry.LaunchColumn = Site.launch_column;
  Entry.Kernel = copyString(Site.kernel_name);
  Entry.KernelFile = copyString(Site.kernel_file);
  Entry.KernelLine = Site.kernel_line;
  Entry.KernelColumn = Site.kernel_column;
  Entries.push_back(std::move(Entry));
  return It->second;
}

void SiteRegistry::registerSites(const headroom_site_info *Sites,
                                 unsigned Count) {
  if (!Sites)
    return;
  for (unsigned I = 0; I < Count; ++I)
    add(Sites[I]);
}

SiteId SiteRegistry::idOf(const headroom_site_info *Site) {
  if (!Site)
    return NoSite;
  auto It = Ids.find(Site);
  if (It != Ids.end())
    return It->second;
  return add(*Site);
}

} // namespace headroom::rt
