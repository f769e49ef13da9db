//===- CacheSizeLimit.h - The instrumentation cache's size cap --*- C++ -*-===//
///
/// \file
/// Keeps the instrumentation cache (InstrumentCache.h) under
/// HEADROOM_CACHE_MAX_SIZE, as ccache keeps its cache under max_size: when
/// it grows past the limit, the entries used longest ago go until it holds
/// 80% of it.
///
/// Cheap on every compile: a store adds its entry's size to a running total
/// in `<cache>/size`, under a lock (`<cache>/lock`, flock) that parallel
/// compiles (make -j) take in turn for a moment; only when the total passes
/// the limit, or when there is no total yet, is the cache measured (each
/// entry's files, about 0.1 ms an entry) and the total written anew. The
/// total never counts less than the cache holds (a rewritten entry counts
/// twice until the next measure), so the limit is never missed.
///
/// An entry's last use is its manifest's modification time, which a lookup
/// that finds it renews (else the directory's, for an entry still being
/// written). Entries used in the last minute stay: a compile running in
/// parallel may be about to hand that copy to nvcc. Only entries (16 hex
/// digits) are removed; the stamps of SaidOnce.h are left alone.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_CACHESIZELIMIT_H
#define HEADROOM_NVCC_CACHESIZELIMIT_H

#include "support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace headroom::nvcc {

/// The limit when HEADROOM_CACHE_MAX_SIZE is not set: 1 GB.
inline constexpr std::uint64_t DefaultCacheMaxSize = 1000000000;

/// A size as HEADROOM_CACHE_MAX_SIZE takes it, in bytes: a number, maybe
/// with a fraction, then a suffix as ccache's max_size takes it: k, M, G or
/// T (powers of 1000) or Ki, Mi, Gi, Ti (powers of 1024), maybe followed by
/// B; without a suffix, bytes. 0 means no limit. Fails with what was
/// expected.
Expected<std::uint64_t> parseCacheSize(const std::string &Text);

/// \p Bytes as parseCacheSize reads it back ("1G", "500M", "1.5k").
std::string formatCacheSize(std::uint64_t Bytes);

/// What one eviction did.
struct EvictionOutcome {
  /// The cache's size before and after, in bytes.
  std::uint64_t Before = 0, After = 0;
  unsigned Removed = 0;
};

class CacheSizeLimit {
public:
  /// The limit \p MaxSize (0: none) of the cache in \p Root.
  CacheSizeLimit(std::string Root, std::uint64_t MaxSize)
      : Root(std::move(Root)), MaxSize(MaxSize) {}

  /// Records that the entry \p Key, of \p Bytes, was stored, and evicts
  /// when the cache outgrew the limit (never \p Key itself). Returns what
  /// an eviction did, if one ran.
  std::optional<EvictionOutcome> added(const std::string &Key,
                                       std::uint64_t Bytes) const;

  /// Measures the cache and removes the entries used longest ago (but not
  /// \p Keep, nor those used in the last \p GraceSeconds) until it holds at
  /// most \p Target bytes; writes the size file. The caller holds the lock.
  EvictionOutcome evict(std::uint64_t Target, const std::string &Keep,
                        std::int64_t GraceSeconds = 60) const;

  /// The size of the files under \p Directory, in bytes.
  static std::uint64_t sizeOf(const std::string &Directory);

  std::uint64_t maxSize() const { return MaxSize; }

private:
  std::string Root;
  std::uint64_t MaxSize;
};

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_CACHESIZELIMIT_H
