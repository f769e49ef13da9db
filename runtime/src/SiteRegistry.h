//===- SiteRegistry.h - Launch sites of the program -------------*- C++ -*-===//
//-*-===//
///
/// \file
/// The launch sites that instrumented translation units register
/// (headroom_register_sites), numbered and copied by a TableRegistry. A site
/// is identified by the address of its headroom_site_info entry.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_SITEREGISTRY_H
#define HEADROOM_RUNTIME_SITEREGISTRY_H

#include "LaunchKey.h"
#include "TableRegistry.h"

#include "headroom/runtime.h"

#include <string>

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
  /// The absolute directory the relative file names are relative to (the
  /// compile's working directory); empty when the table came without one
  /// (headroom_register_sites).
  std::string Directory;

  static SiteEntry copyOf(SiteId Id, const headroom_site_info &Site,
                          const char *Directory) {
    return {Id,
            copyTableString(Site.launch_file),
            Site.launch_line,
            Site.launch_column,
            copyTableString(Site.kernel_name),
            copyTableString(Site.kernel_file),
            Site.kernel_line,
            Site.kernel_column,
            copyTableString(Directory)};
  }
};

/// Maps site-table entries to profile-local ids; idOf(nullptr) is NoSite.
using SiteRegistry = TableRegistry<headroom_site_info, SiteEntry>;
static_assert(SiteRegistry::None == NoSite);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_SITEREGISTRY_H
