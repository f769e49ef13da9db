//===- PendingExaminations.h - Pairings awaiting their records --*- C++ -*-===//
///
/// \file
/// What pairing found for a launch (LaunchSequence), kept from its launch
/// callback until its kernel record is joined: the record decides the entry
/// the launch counts in. A launch is known by every correlation id its
/// record may carry (the driver call's, the runtime calls'). Not
/// thread-safe: the Runtime serializes access.
///
/// Memory is bounded: beyond MaxPending, the oldest are dropped (their
/// records, if they ever come, then count as not inspected).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_PENDINGEXAMINATIONS_H
#define HEADROOM_RUNTIME_PENDINGEXAMINATIONS_H

#include "LaunchSequence.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace headroom::rt {

class PendingExaminations {
public:
  static constexpr std::size_t MaxPending = 1u << 16;

  /// Keeps \p E for the launch of correlation ids \p Ids.
  void add(std::span<const std::uint32_t> Ids, LaunchExamination E);
  /// The examination of the launch with correlation id \p Id, once: it is
  /// forgotten (under all its ids) when taken.
  std::optional<LaunchExamination> take(std::uint32_t Id);

  std::size_t size() const { return Entries.size(); }
  std::uint64_t dropped() const { return Dropped; }

private:
  struct Entry {
    std::vector<std::uint32_t> Ids;
    LaunchExamination Examination;
  };
  void erase(std::map<std::uint64_t, Entry>::iterator It);

  /// In arrival order, by sequence number.
  std::map<std::uint64_t, Entry> Entries;
  std::unordered_map<std::uint32_t, std::uint64_t> ById;
  std::uint64_t NextSeq = 0;
  std::uint64_t Dropped = 0;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_PENDINGEXAMINATIONS_H
