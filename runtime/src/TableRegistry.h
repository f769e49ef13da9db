//===- TableRegistry.h - Numbered copies of program tables ------*- C++ -*-===//
//-*-===//
///
/// \file
/// What the site and scope registries share. Instrumented translation units
/// hand the runtime static tables (headroom_site_info, headroom_scope_info)
/// and bracket their launches with pointers into them. A TableRegistry
/// numbers each entry by its address, in the order it is first seen, and
/// keeps a copy of it, so that the profile outlives any unloaded module.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_TABLEREGISTRY_H
#define HEADROOM_RUNTIME_TABLEREGISTRY_H

#include <cstddef>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

namespace headroom::rt {

/// A string of a registered table, copied out of it; null gives "".
inline std::string copyTableString(const char *S) {
  return S ? std::string(S) : std::string();
}

/// Maps the entries of \p Info tables to profile-local ids and keeps their
/// copies in id order. \p Entry is the copy: an aggregate with a member `Id`
/// (whose type is the id's) and a static `Entry copyOf(Id, const Info &,
/// const char *Directory)` (Directory: what the table was registered with,
/// null when nothing).
/// Not thread-safe: the Runtime serializes access.
template <typename Info, typename Entry> class TableRegistry {
public:
  using Id = decltype(Entry::Id);

  /// The id of a null entry.
  static constexpr Id None = std::numeric_limits<Id>::max();

  /// Registers \p Count entries starting at \p Table, with the \p
  /// Directory their relative file names are relative to (null when not
  /// known); entries registered before keep their ids and copies. A null
  /// table is ignored.
  void registerTable(const Info *Table, unsigned Count,
                     const char *Directory = nullptr) {
    if (!Table)
      return;
    for (unsigned I = 0; I < Count; ++I)
      add(Table[I], Directory);
  }

  /// The id of \p Element, registering it alone if its table was never
  /// registered (e.g. a launch from a static initializer that ran before its
  /// unit's registration). Null gives None.
  Id idOf(const Info *Element) {
    if (!Element)
      return None;
    auto It = Ids.find(Element);
    if (It != Ids.end())
      return It->second;
    return add(*Element, nullptr);
  }

  /// Every entry in id order.
  const std::vector<Entry> &entries() const { return Entries; }
  std::size_t size() const { return Entries.size(); }

private:
  Id add(const Info &Element, const char *Directory) {
    auto [It, Inserted] =
        Ids.try_emplace(&Element, static_cast<Id>(Entries.size()));
    if (Inserted)
      Entries.push_back(Entry::copyOf(It->second, Element, Directory));
    return It->second;
  }

  std::unordered_map<const Info *, Id> Ids;
  std::vector<Entry> Entries;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_TABLEREGISTRY_H
