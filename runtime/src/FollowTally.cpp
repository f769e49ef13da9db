//===- FollowTally.cpp - One entry's launches and what they follow --------===//

#include "FollowTally.h"

#include <algorithm>

namespace headroom::rt {

void FollowTally::add(const std::optional<FollowedLaunch> &Follows) {
  ++Examined;
  if (!Follows)
    return;
  std::tuple<SiteId, ScopeId, std::string> Key{
      Follows->Where.Site, Follows->Where.Scope, Follows->Kernel};
  auto It = Counts.find(Key);
  if (It == Counts.end()) {
    if (Counts.size() >= MaxFollows)
      return;
    It = Counts.emplace(std::move(Key), std::pair{0, 0}).first;
  }
  ++It->second.first;
  It->second.second = std::max(It->second.second, Follows->SharedBytes);
}

std::vector<KernelFollow> FollowTally::follows() const {
  std::vector<KernelFollow> Out;
  for (const auto &[Key, Value] : Counts) {
    KernelFollow F;
    if (std::get<0>(Key) != NoSite)
      F.Site = std::get<0>(Key);
    if (std::get<1>(Key) != NoScope)
      F.Scope = std::get<1>(Key);
    F.Name = std::get<2>(Key);
    F.Launches = Value.first;
    F.SharedBytes = Value.second;
    Out.push_back(std::move(F));
  }
  sortFollows(Out);
  return Out;
}

} // namespace headroom::rt
