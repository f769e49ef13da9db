//===- PendingExaminations.cpp - Pairings awaiting their records ----------===//

#include "PendingExaminations.h"

namespace headroom::rt {

void PendingExaminations::add(std::span<const std::uint32_t> Ids,
                              LaunchExamination E) {
  if (Ids.empty())
    return;
  while (Entries.size() >= MaxPending) {
    erase(Entries.begin());
    ++Dropped;
  }
  std::uint64_t Seq = NextSeq++;
  Entry &New = Entries[Seq];
  New.Examination = std::move(E);
  for (std::uint32_t Id : Ids) {
    // A correlation id seen again (wrapped around) belongs to this launch.
    auto [It, Inserted] = ById.try_emplace(Id, Seq);
    if (!Inserted) {
      auto Old = Entries.find(It->second);
      if (Old != Entries.end() && Old->first != Seq)
        erase(Old);
      ById[Id] = Seq;
    }
    New.Ids.push_back(Id);
  }
}

std::optional<LaunchExamination> PendingExaminations::take(std::uint32_t Id) {
  auto It = ById.find(Id);
  if (It == ById.end())
    return std::nullopt;
  auto E = Entries.find(It->second);
  if (E == Entries.end()) {
    ById.erase(It);
    return std::nullopt;
  }
  LaunchExamination Out = std::move(E->second.Examination);
  erase(E);
  return Out;
}

void PendingExaminations::erase(std::map<std::uint64_t, Entry>::iterator It) {
  for (std::uint32_t Id : It->second.Ids) {
    auto I = ById.find(Id);
    if (I != ById.end() && I->second == It->first)
      ById.erase(I);
  }
  Entries.erase(It);
}

} // namespace headroom::rt
