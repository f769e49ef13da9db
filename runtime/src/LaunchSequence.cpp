//===- LaunchSequence.cpp - Consecutive launches on each stream -----------===//

#include "LaunchSequence.h"

#include <functional>

namespace headroom::rt {

std::size_t
LaunchSequence::StreamKeyHash::operator()(const StreamKey &K) const noexcept {
  std::size_t H = std::hash<const void *>()(K.first);
  return H ^ (std::hash<const void *>()(K.second) + 0x9e3779b97f4a7c15ULL +
              (H << 6) + (H >> 2));
}

LaunchExamination LaunchSequence::launch(const void *Context,
                                         const void *Stream, Attribution Where,
                                         const char *Kernel,
                                         const LaunchAllocations *Allocations) {
  LaunchExamination Out;
  Out.Examined = Allocations != nullptr;
  Previous *P = previous(Context, Stream);
  if (!P)
    return Out;
  if (!Allocations) {
    // Most launches (past each function's first few): only the flag.
    P->Examined = false;
    return Out;
  }
  std::string Name = Kernel ? Kernel : "";
  std::optional<std::uint64_t> Order = firstLaunch(Where, Name);
  if (P->Examined && P->Order && Order && *P->Order < *Order) {
    std::uint64_t Shared =
        LaunchAllocations::sharedBytes(P->Allocations, *Allocations);
    if (Shared > 0)
      Out.Follows = FollowedLaunch{P->Where, P->Kernel, Shared};
  }
  P->Examined = true;
  P->Where = Where;
  P->Kernel = std::move(Name);
  P->Order = Order;
  P->Allocations = *Allocations;
  return Out;
}

LaunchSequence::Previous *LaunchSequence::previous(const void *Context,
                                                   const void *Stream) {
  // Programs launch on one stream many times in a row.
  if (Cached && CachedKey == StreamKey{Context, Stream})
    return Cached;
  auto It = Last.find(StreamKey{Context, Stream});
  if (It == Last.end()) {
    if (Last.size() >= MaxStreams)
      return nullptr;
    It = Last.emplace(StreamKey{Context, Stream}, Previous{}).first;
  }
  CachedKey = It->first;
  Cached = &It->second;
  return Cached;
}

std::optional<std::uint64_t>
LaunchSequence::firstLaunch(Attribution Where, const std::string &Kernel) {
  auto Key = std::make_tuple(Where.Site, Where.Scope, Kernel);
  auto It = First.find(Key);
  if (It != First.end())
    return It->second;
  if (First.size() >= MaxKernels)
    return std::nullopt;
  std::uint64_t Order = First.size();
  First.emplace(std::move(Key), Order);
  return Order;
}

void LaunchSequence::interrupt(const void *Context, const void *Stream) {
  auto It = Last.find(StreamKey{Context, Stream});
  if (It != Last.end())
    It->second.Examined = false;
}

void LaunchSequence::forgetContext(const void *Context) {
  Cached = nullptr;
  std::erase_if(Last, [&](const auto &E) { return E.first.first == Context; });
}

} // namespace headroom::rt
