//===- ScopeRegistry.h - Scopes of the instrumented program -----*- C++ -*-===//
///
/// \file
/// Numbers the scopes (headroom_scope_info: a bracketed call into a library
/// or uninstrumented code) that instrumented code registers or enters, and
/// keeps a copy of their locations so the profile outlives any unloaded
/// module. A scope is identified by the address of its entry.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_SCOPEREGISTRY_H
#define HEADROOM_RUNTIME_SCOPEREGISTRY_H

#include "LaunchKey.h"

#include "headroom/runtime.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace headroom::rt {

/// One registered scope, copied out of the program's table.
struct ScopeEntry {
  ScopeId Id = 0;
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Name;
};

/// Maps scope-table entries to profile-local ids. Not thread-safe: the
/// Runtime serializes access.
class ScopeRegistry {
public:
  /// Registers \p Count entries starting at \p Scopes; entries registered
  /// before keep their ids. Null tables are ignored.
  void registerScopes(const headroom_scope_info *Scopes, unsigned Count);

  /// The id of \p Scope, registering it alone on first use. Null gives
  /// NoScope.
  ScopeId idOf(const headroom_scope_info *Scope);

  /// Every scope in id order.
  const std::vector<ScopeEntry> &scopes() const { return Entries; }
  std::size_t size() const { return Entries.size(); }

private:
  ScopeId add(const headroom_scope_info &Scope);

  std::unordered_map<const headroom_scope_info *, ScopeId> Ids;
  std::vector<ScopeEntry> Entries;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_SCOPEREGISTRY_H
