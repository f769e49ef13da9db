//===- CorrelationJoiner.h - Kernel records meet launch sites ---*- C++ -*-===//
///
/// \file
/// Joins kernel records (from the activity API) to launch sites and scopes
/// through correlation ids. An association says "the API calls with these
/// correlation ids launched from site S (or scope C)"; it comes from the launch
/// callback (before the kernel can run, Ordering::AssociationFirst) or from
/// external-correlation activity records (in any order relative to the kernel
/// record, Ordering::Any). Kernel records no association claims are launches
/// outside any site and come out with NoSite.
///
/// A profiled launch (one whose counters were sampled, so CUPTI replayed it)
/// keeps its association: its first record is the launch (Role::Profiled),
/// later records with the same id are replays (Role::Replay) and are not
/// counted as launches.
///
/// A graph launch's association (LaunchKind::Graph) claims every kernel
/// record carrying its id (one per kernel node) and lives until evicted or
/// finish().
///
/// Memory is bounded: unmatched associations and, with Ordering::Any, kernel
/// records waiting for an association are evicted oldest first beyond the
/// limits in Options (evicted records come out with NoSite).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_CORRELATIONJOINER_H
#define HEADROOM_RUNTIME_CORRELATIONJOINER_H

#include "KernelRecord.h"
#include "LaunchKey.h"

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <span>
#include <unordered_map>

namespace headroom::rt {

/// What a joined kernel record stands for.
enum class LaunchRole {
  /// An ordinary launch: counts as a launch and is timed.
  Normal,
  /// The launch whose counters were sampled: counts as a launch, its time is
  /// perturbed by the profiler.
  Profiled,
  /// Another record of a profiled launch (a replay pass): not a launch.
  Replay,
  /// A launch whose warp stalls were sampled: counts as a launch, its time
  /// is perturbed by PC sampling.
  StallSampled,
};

/// What an association stands for.
enum class LaunchKind {
  /// One kernel launch: the first record with one of its ids joins it.
  Launch,
  /// A launch whose counters are sampled: later records are replays.
  Profiled,
  /// A launch whose warp stalls are sampled: one record, not timed.
  StallSampled,
  /// A graph launch: every record with its id joins it (one per node).
  Graph,
};

/// A kernel record with the site or scope that launched it.
struct JoinedLaunch {
  SiteId Site = NoSite;
  ScopeId Scope = NoScope;
  LaunchRole Role = LaunchRole::Normal;
  /// The first id of the association that claimed the record (the driver
  /// call's), or the record's own id when none did.
  std::uint32_t LaunchId = 0;
  KernelRecord Record;
};

/// Joins kernel records to sites. Not thread-safe: the Runtime serializes
/// access. The sink is called synchronously from the call that completes a
/// join.
class CorrelationJoiner {
public:
  enum class Ordering {
    /// Every association arrives before its kernel record (launch
    /// callbacks): an unclaimed record is unsited at once.
    AssociationFirst,
    /// Either may come first (external-correlation records): an unclaimed
    /// record waits for its association until finish() or eviction.
    Any,
  };

  struct Options {
    Ordering Order = Ordering::AssociationFirst;
    std::size_t MaxPendingKernels = 1u << 16;
    std::size_t MaxAssociations = 1u << 20;
  };

  /// Counts for the profile's diagnostics.
  struct Stats {
    std::uint64_t KernelRecords = 0;
    std::uint64_t JoinedToSites = 0;
    std::uint64_t JoinedToScopes = 0;
    /// Records attributed to neither a site nor a scope.
    std::uint64_t Unsited = 0;
    std::uint64_t ReplayRecords = 0;
    std::uint64_t PendingEvicted = 0;
    std::uint64_t AssociationsEvicted = 0;
    std::uint64_t AssociationsUnmatched = 0;
    /// Joins by the position of the matching id in its association (0: the
    /// driver call's id; 1..: enclosing runtime calls' ids).
    std::array<std::uint64_t, 4> MatchedByPosition{};
  };

  using Sink = std::function<void(JoinedLaunch &&)>;

  CorrelationJoiner(Options Opts, Sink Out);

  /// Says that the API calls \p Ids (one launch; at most 4 are kept) came
  /// from \p Where.
  void associate(std::span<const std::uint32_t> Ids, Attribution Where,
                 LaunchKind Kind);
  /// The same for a site; \p Profiled marks a launch whose counters are
  /// sampled.
  void associate(std::span<const std::uint32_t> Ids, SiteId Site,
                 bool Profiled) {
    associate(Ids, Attribution{Site, NoScope},
              Profiled ? LaunchKind::Profiled : LaunchKind::Launch);
  }

  /// Adds one kernel record.
  void addKernel(KernelRecord Record);

  /// Releases every waiting record with NoSite and forgets all associations.
  void finish();

  /// Changes the ordering assumption (before any record arrives).
  void setOrdering(Ordering Order) { Opts.Order = Order; }

  const Stats &stats() const { return Counts; }
  std::size_t pendingKernels() const { return Pending.size(); }
  std::size_t associations() const { return Assocs.size(); }

private:
  struct Association {
    Attribution Where;
    LaunchKind Kind = LaunchKind::Launch;
    bool Matched = false;
    std::uint8_t Position = 0;
    std::uint8_t NumIds = 0;
    std::array<std::uint32_t, 4> Ids{};
    std::uint64_t Seq = 0;
  };
  struct PendingKernel {
    std::uint64_t Seq = 0;
    KernelRecord Record;
  };

  void emit(Attribution Where, LaunchRole Role, std::uint32_t LaunchId,
            KernelRecord &&Record);
  /// Joins \p Record to \p A (found under Record.CorrelationId).
  void join(std::unordered_map<std::uint32_t, Association>::iterator It,
            KernelRecord &&Record);
  void eraseGroup(const Association &A);
  void evictAssociations();
  void evictPending();

  Options Opts;
  Sink Out;
  Stats Counts;
  std::uint64_t NextSeq = 1;
  std::unordered_map<std::uint32_t, Association> Assocs;
  std::deque<std::pair<std::uint32_t, std::uint64_t>> AssocOrder;
  std::unordered_multimap<std::uint32_t, PendingKernel> Pending;
  std::deque<std::pair<std::uint32_t, std::uint64_t>> PendingOrder;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_CORRELATIONJOINER_H
