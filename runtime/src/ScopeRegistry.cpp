//===- ScopeRegistry.cpp - Scopes of the instrumented program -------------===//

#include "ScopeRegistry.h"

namespace headroom::rt {

ScopeId ScopeRegistry::add(const headroom_scope_info &Scope) {
  auto [It, Inserted] =
      Ids.try_emplace(&Scope, static_cast<ScopeId>(Entries.size()));
  if (!Inserted)
    return It->second;
  ScopeEntry Entry;
  Entry.Id = It->second;
  Entry.File = Scope.file ? Scope.file : "";
  Entry.Line = Scope.line;
  Entry.Column = Scope.column;
  Entry.Name = Scope.name ? Scope.name : "";
  Entries.push_back(std::move(Entry));
  return It->second;
}

void ScopeRegistry::registerScopes(const headroom_scope_info *Scopes,
                                   unsigned Count) {
  if (!Scopes)
    return;
  for (unsigned I = 0; I < Count; ++I)
    add(Scopes[I]);
}

ScopeId ScopeRegistry::idOf(const headroom_scope_info *Scope) {
  if (!Scope)
    return NoScope;
  auto It = Ids.find(Scope);
  if (It != Ids.end())
    return It->second;
  return add(*Scope);
}

} // namespace headroom::rt
