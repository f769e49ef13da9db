//===- ScopeRegistry.h - Scopes of the instrumented program -----*- C++ -*-===//
///
/// \file
/// The scopes (headroom_scope_info: a bracketed call into a library or
/// uninstrumented code) that instrumented code registers or enters, numbered
/// and copied by a TableRegistry. A scope is identified by the address of its
/// entry.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_SCOPEREGISTRY_H
#define HEADROOM_RUNTIME_SCOPEREGISTRY_H

#include "LaunchKey.h"
#include "TableRegistry.h"

#include "headroom/runtime.h"

#include <string>

namespace headroom::rt {

/// One registered scope, copied out of the program's table.
struct ScopeEntry {
  ScopeId Id = 0;
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Name;
  /// The absolute directory the relative File is relative to (the
  /// compile's working directory); empty when the table came without one
  /// (headroom_register_scopes, or a scope never registered).
  std::string Directory;

  static ScopeEntry copyOf(ScopeId Id, const headroom_scope_info &Scope,
                           const char *Directory) {
    return {
        Id,           copyTableString(Scope.file), Scope.line,
        Scope.column, copyTableString(Scope.name), copyTableString(Directory)};
  }
};

/// Maps scope-table entries to profile-local ids; idOf(nullptr) is NoScope.
using ScopeRegistry = TableRegistry<headroom_scope_info, ScopeEntry>;
static_assert(ScopeRegistry::None == NoScope);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_SCOPEREGISTRY_H
