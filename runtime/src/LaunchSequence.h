//===- LaunchSequence.h - Consecutive launches on each stream ---*- C++ -*-===//
///
/// \file
/// Pairs each kernel launch with the launch just before it on the same
/// stream (the same CUcontext and CUstream handle, opaque here; a thread's
/// own default stream is named by the thread, LaunchInfo::orderedStream)
/// and says
/// how many bytes of device allocations both launches' arguments point into.
/// Only inspected launches are paired: a launch whose arguments were not
/// inspected (past the cap per kernel function, or during stream capture)
/// still ends its stream's pairing, since the kernel it launched ran in
/// between. Not thread-safe: the Runtime serializes access.
///
/// A launch is paired only with a kernel the program first launched before
/// its own: in a loop of A then B on the same buffers, B follows A, which a
/// kernel fusing the two does away with, but A does not follow the B of the
/// iteration before (the fused kernel's next launch reads its data again
/// too), nor does a kernel follow itself.
///
/// Memory is bounded: the last launch of at most MaxStreams streams is kept,
/// and the order of at most MaxKernels kernels; launches on further streams,
/// and of further kernels, are not paired.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_LAUNCHSEQUENCE_H
#define HEADROOM_RUNTIME_LAUNCHSEQUENCE_H

#include "LaunchAllocations.h"
#include "LaunchKey.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace headroom::rt {

/// The launch an inspected launch came right after, on its stream, with the
/// allocations both point into.
struct FollowedLaunch {
  /// Where that launch was attributed, as its profile entry is.
  Attribution Where;
  /// Its kernel's symbol (mangled) name.
  std::string Kernel;
  /// The bytes of the allocations both launches point into (at least 1).
  std::uint64_t SharedBytes = 0;
};

/// What pairing found for one launch.
struct LaunchExamination {
  /// The launch's arguments were inspected.
  bool Examined = false;
  /// The inspected launch just before it on its stream, when it shares
  /// allocations with it.
  std::optional<FollowedLaunch> Follows;
};

class LaunchSequence {
public:
  /// The most streams whose last launch is kept.
  static constexpr std::size_t MaxStreams = 4096;
  /// The most kernels (with their attribution) whose first launch is kept.
  static constexpr std::size_t MaxKernels = 65536;

  /// Records a launch of \p Kernel attributed to \p Where on stream
  /// \p Stream of context \p Context; \p Allocations are what its
  /// arguments point into, null when they were not inspected. Returns what
  /// it follows.
  LaunchExamination launch(const void *Context, const void *Stream,
                           Attribution Where, const char *Kernel,
                           const LaunchAllocations *Allocations);

  /// Something other than a kernel launch ran kernels on the stream (a
  /// graph launch): the next launch follows none.
  void interrupt(const void *Context, const void *Stream);

  /// Forgets the streams of \p Context (it is being destroyed; its handles
  /// may be reused).
  void forgetContext(const void *Context);

  std::size_t streams() const { return Last.size(); }

private:
  struct Previous {
    /// Its arguments were inspected (else what follows is stale).
    bool Examined = false;
    Attribution Where;
    std::string Kernel;
    /// Its kernel's first-launch order (firstLaunch()).
    std::optional<std::uint64_t> Order;
    LaunchAllocations Allocations;
  };
  using StreamKey = std::pair<const void *, const void *>;
  struct StreamKeyHash {
    std::size_t operator()(const StreamKey &K) const noexcept;
  };

  /// The entry of \p Stream, null when it is new and the table is full.
  Previous *previous(const void *Context, const void *Stream);
  /// When kernel \p Kernel attributed to \p Where was first inspected,
  /// counted in kernels; nullopt when it is new and the table is full.
  std::optional<std::uint64_t> firstLaunch(Attribution Where,
                                           const std::string &Kernel);

  std::unordered_map<StreamKey, Previous, StreamKeyHash> Last;
  std::map<std::tuple<SiteId, ScopeId, std::string>, std::uint64_t> First;
  /// The entry found last (nodes do not move; reset when any is erased).
  StreamKey CachedKey;
  Previous *Cached = nullptr;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_LAUNCHSEQUENCE_H
