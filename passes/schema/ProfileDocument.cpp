//===- ProfileDocument.cpp - A headroom.profile/1 document ----------------===//

#include "schema/ProfileDocument.h"

#include <algorithm>
#include <tuple>

namespace headroom {

namespace {

/// The position of the entry of id \p Id: ids are positions in every
/// profile the runtime writes, so that is tried first.
template <typename Entry>
std::optional<std::size_t> positionOf(const std::vector<Entry> &Entries,
                                      std::uint64_t Id) {
  if (Id < Entries.size() && Entries[Id].Id == Id)
    return static_cast<std::size_t>(Id);
  for (std::size_t I = 0; I < Entries.size(); ++I)
    if (Entries[I].Id == Id)
      return I;
  return std::nullopt;
}

} // namespace

std::optional<double> ProfileKernel::counter(Counter C) const {
  auto It = Counters.find(std::string(counterInfo(C).HopperName));
  if (It == Counters.end())
    return std::nullopt;
  return It->second;
}

bool ProfileDocument::hasCounters() const {
  for (const ProfileKernel &K : Kernels)
    if (!K.Counters.empty())
      return true;
  return false;
}

const ProfileDevice *ProfileDocument::device(unsigned Index) const {
  for (const ProfileDevice &D : Devices)
    if (D.Index == Index)
      return &D;
  return nullptr;
}

std::optional<std::size_t> ProfileDocument::siteIndex(std::uint64_t Id) const {
  return positionOf(Sites, Id);
}

std::optional<std::size_t> ProfileDocument::scopeIndex(std::uint64_t Id) const {
  return positionOf(Scopes, Id);
}

const ProfileSite *ProfileDocument::siteOf(const ProfileKernel &K) const {
  if (!K.Site)
    return nullptr;
  std::optional<std::size_t> I = siteIndex(*K.Site);
  return I ? &Sites[*I] : nullptr;
}

void sortFollows(std::vector<KernelFollow> &Follows) {
  std::sort(Follows.begin(), Follows.end(),
            [](const KernelFollow &A, const KernelFollow &B) {
              return std::tie(B.Launches, A.Name, A.Site, A.Scope) <
                     std::tie(A.Launches, B.Name, B.Site, B.Scope);
            });
}

} // namespace headroom
