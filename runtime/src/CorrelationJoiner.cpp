//===- CorrelationJoiner.cpp - Kernel records meet launch sites -----------===//

#include "CorrelationJoiner.h"

#include <algorithm>
#include <vector>

namespace headroom::rt {

CorrelationJoiner::CorrelationJoiner(Options Opts, Sink Out)
    : Opts(Opts), Out(std::move(Out)) {
  // Records usually arrive in batches of thousands (one activity buffer):
  // start large enough that the launches before the first batch do not
  // rehash the table again and again on the launching thread.
  Assocs.reserve(std::min<std::size_t>(Opts.MaxAssociations, 1u << 15));
}

void CorrelationJoiner::emit(Attribution Where, LaunchRole Role,
                             std::uint32_t LaunchId, KernelRecord &&Record) {
  if (Role == LaunchRole::Replay)
    ++Counts.ReplayRecords;
  else if (Where.Site != NoSite)
    ++Counts.JoinedToSites;
  else if (Where.Scope != NoScope)
    ++Counts.JoinedToScopes;
  else
    ++Counts.Unsited;
  Out(JoinedLaunch{Where.Site, Where.Scope, Role, LaunchId, std::move(Record)});
}

void CorrelationJoiner::eraseGroup(const Association &A) {
  // Copy: erasing may destroy A.
  const std::array<std::uint32_t, 4> Ids = A.Ids;
  const unsigned N = A.NumIds;
  const std::uint64_t Seq = A.Seq;
  for (unsigned I = 0; I < N; ++I) {
    auto It = Assocs.find(Ids[I]);
    if (It != Assocs.end() && It->second.Seq == Seq)
      Assocs.erase(It);
  }
}

void CorrelationJoiner::join(
    std::unordered_map<std::uint32_t, Association>::iterator It,
    KernelRecord &&Record) {
  Association &A = It->second;
  if (A.Kind == LaunchKind::Launch || A.Kind == LaunchKind::StallSampled) {
    ++Counts.MatchedByPosition[std::min<std::size_t>(A.Position, 3)];
    Attribution Where = A.Where;
    std::uint32_t LaunchId = A.Ids[0];
    LaunchRole Role = A.Kind == LaunchKind::StallSampled
                          ? LaunchRole::StallSampled
                          : LaunchRole::Normal;
    eraseGroup(A);
    emit(Where, Role, LaunchId, std::move(Record));
    return;
  }
  if (A.Kind == LaunchKind::Graph) {
    if (!A.Matched)
      ++Counts.MatchedByPosition[std::min<std::size_t>(A.Position, 3)];
    A.Matched = true;
    emit(A.Where, LaunchRole::Normal, A.Ids[0], std::move(Record));
    return;
  }
  if (A.Matched) {
    emit(A.Where, LaunchRole::Replay, A.Ids[0], std::move(Record));
    return;
  }
  ++Counts.MatchedByPosition[std::min<std::size_t>(A.Position, 3)];
  // Mark the whole group, so that a replay record carrying a sibling id is a
  // replay too.
  for (unsigned I = 0; I < A.NumIds; ++I) {
    auto Sib = Assocs.find(A.Ids[I]);
    if (Sib != Assocs.end() && Sib->second.Seq == A.Seq)
      Sib->second.Matched = true;
  }
  emit(A.Where, LaunchRole::Profiled, A.Ids[0], std::move(Record));
}

void CorrelationJoiner::associate(std::span<const std::uint32_t> Ids,
                                  Attribution Where, LaunchKind Kind) {
  if (Ids.empty())
    return;
  Association A;
  A.Where = Where;
  A.Kind = Kind;
  A.Seq = NextSeq++;
  for (std::uint32_t Id : Ids) {
    if (A.NumIds == A.Ids.size())
      break;
    if (std::find(A.Ids.begin(), A.Ids.begin() + A.NumIds, Id) !=
        A.Ids.begin() + A.NumIds)
      continue;
    A.Ids[A.NumIds++] = Id;
  }
  for (unsigned I = 0; I < A.NumIds; ++I) {
    Association Entry = A;
    Entry.Position = static_cast<std::uint8_t>(I);
    auto [It, Inserted] = Assocs.try_emplace(A.Ids[I], Entry);
    if (!Inserted) {
      // A sampled launch's association (from its launch callback) wins
      // over a plain one for the same call (its external-correlation record).
      bool Sampled = It->second.Kind == LaunchKind::Profiled ||
                     It->second.Kind == LaunchKind::StallSampled;
      if (Sampled && Kind != It->second.Kind)
        continue;
      It->second = Entry;
    }
    AssocOrder.emplace_back(A.Ids[I], A.Seq);
  }

  // Records that arrived first (Ordering::Any) join now, in arrival order.
  if (!Pending.empty()) {
    std::vector<PendingKernel> Waiting;
    for (unsigned I = 0; I < A.NumIds; ++I) {
      auto [Begin, End] = Pending.equal_range(A.Ids[I]);
      for (auto It = Begin; It != End; ++It)
        Waiting.push_back(std::move(It->second));
      Pending.erase(Begin, End);
    }
    std::sort(Waiting.begin(), Waiting.end(),
              [](const PendingKernel &X, const PendingKernel &Y) {
                return X.Seq < Y.Seq;
              });
    for (PendingKernel &P : Waiting) {
      auto It = Assocs.find(P.Record.CorrelationId);
      if (It != Assocs.end() && It->second.Seq == A.Seq)
        join(It, std::move(P.Record));
      else // The group was consumed by an earlier record of this launch.
        emit(Where, LaunchRole::Normal, A.Ids[0], std::move(P.Record));
    }
  }
  evictAssociations();
}

void CorrelationJoiner::addKernel(KernelRecord Record) {
  ++Counts.KernelRecords;
  auto It = Assocs.find(Record.CorrelationId);
  if (It != Assocs.end()) {
    join(It, std::move(Record));
    return;
  }
  if (Opts.Order == Ordering::AssociationFirst) {
    std::uint32_t Id = Record.CorrelationId;
    emit(Attribution{}, LaunchRole::Normal, Id, std::move(Record));
    return;
  }
  std::uint64_t Seq = NextSeq++;
  std::uint32_t Id = Record.CorrelationId;
  Pending.emplace(Id, PendingKernel{Seq, std::move(Record)});
  PendingOrder.emplace_back(Id, Seq);
  evictPending();
}

void CorrelationJoiner::evictAssociations() {
  while (Assocs.size() > Opts.MaxAssociations && !AssocOrder.empty()) {
    auto [Id, Seq] = AssocOrder.front();
    AssocOrder.pop_front();
    auto It = Assocs.find(Id);
    if (It != Assocs.end() && It->second.Seq == Seq) {
      if (!It->second.Matched)
        ++Counts.AssociationsEvicted;
      Assocs.erase(It);
    }
  }
  // Drop stale order entries so the queue stays proportional to the map.
  if (AssocOrder.size() > 2 * Assocs.size() + 1024) {
    std::deque<std::pair<std::uint32_t, std::uint64_t>> Live;
    for (const auto &[Id, Seq] : AssocOrder) {
      auto It = Assocs.find(Id);
      if (It != Assocs.end() && It->second.Seq == Seq)
        Live.emplace_back(Id, Seq);
    }
    AssocOrder.swap(Live);
  }
}

void CorrelationJoiner::evictPending() {
  while (Pending.size() > Opts.MaxPendingKernels && !PendingOrder.empty()) {
    auto [Id, Seq] = PendingOrder.front();
    PendingOrder.pop_front();
    auto [Begin, End] = Pending.equal_range(Id);
    for (auto It = Begin; It != End; ++It) {
      if (It->second.Seq != Seq)
        continue;
      KernelRecord Record = std::move(It->second.Record);
      Pending.erase(It);
      ++Counts.PendingEvicted;
      emit(Attribution{}, LaunchRole::Normal, Id, std::move(Record));
      break;
    }
  }
  if (PendingOrder.size() > 2 * Pending.size() + 1024) {
    std::deque<std::pair<std::uint32_t, std::uint64_t>> Live;
    for (const auto &[Id, Seq] : PendingOrder) {
      auto [Begin, End] = Pending.equal_range(Id);
      for (auto It = Begin; It != End; ++It)
        if (It->second.Seq == Seq) {
          Live.emplace_back(Id, Seq);
          break;
        }
    }
    PendingOrder.swap(Live);
  }
}

void CorrelationJoiner::finish() {
  // Release waiting records in arrival order.
  std::vector<PendingKernel> Waiting;
  Waiting.reserve(Pending.size());
  for (auto &Entry : Pending)
    Waiting.push_back(std::move(Entry.second));
  Pending.clear();
  PendingOrder.clear();
  std::sort(Waiting.begin(), Waiting.end(),
            [](const PendingKernel &X, const PendingKernel &Y) {
              return X.Seq < Y.Seq;
            });
  for (PendingKernel &P : Waiting) {
    std::uint32_t Id = P.Record.CorrelationId;
    emit(Attribution{}, LaunchRole::Normal, Id, std::move(P.Record));
  }

  // Count launches (groups) whose kernel never came.
  std::unordered_map<std::uint64_t, bool> Groups;
  for (const auto &[Id, A] : Assocs)
    Groups[A.Seq] = Groups[A.Seq] || A.Matched;
  for (const auto &[Seq, Matched] : Groups)
    if (!Matched)
      ++Counts.AssociationsUnmatched;
  Assocs.clear();
  AssocOrder.clear();
}

} // namespace headroom::rt
