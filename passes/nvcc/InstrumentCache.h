//===- InstrumentCache.h - Instrumented sources kept ------------*- C++ -*-===//
///
/// \file
/// `headroom nvcc` parses every CUDA source with Clang before nvcc compiles
/// it (about 0.65 s a source), and compiles a copy in a fresh temporary
/// directory, which a ccache in front of nvcc sees as a new file every time.
/// The cache keeps each instrumented copy, with the header copies it
/// includes, in a directory named by a key of everything the rewrite depends
/// on: the headroom executable, the directory, the nvcc command, the header
/// filter, the source's path and text. A manifest lists every file the parse
/// read with its size and modification time; a rebuild whose inputs are all
/// unchanged compiles the kept copy (same path, same text: a ccache hit)
/// without parsing at all.
///
/// $HEADROOM_CACHE_DIR, else $XDG_CACHE_HOME/headroom/nvcc, else
/// ~/.cache/headroom/nvcc; HEADROOM_CACHE=0 turns it off (not the
/// precompiled headers kept in its pch/, which speed up a parse without
/// skipping it: ast/HeaderPch.h). Entries are small
/// (a source and its header copies, a few to a few hundred KB); the cache
/// keeps under HEADROOM_CACHE_MAX_SIZE (default 1G) by removing the entries
/// used longest ago (CacheSizeLimit.h).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_INSTRUMENTCACHE_H
#define HEADROOM_NVCC_INSTRUMENTCACHE_H

#include "nvcc/CacheSizeLimit.h"
#include "nvcc/SourceInstrumenter.h"
#include "support/Error.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace headroom::nvcc {

/// A cached instrumentation: the outcome (without its text) and the kept
/// copy that nvcc compiles.
struct CachedInstrumentation {
  InstrumentOutcome Outcome;
  std::string Copy;
};

class InstrumentCache {
public:
  explicit InstrumentCache(std::string Root,
                           std::uint64_t MaxSize = DefaultCacheMaxSize)
      : Root(std::move(Root)), MaxSize(MaxSize) {}

  /// The cache the environment asks for; none with HEADROOM_CACHE=0 or
  /// without a directory to put it in. Its size limit is
  /// HEADROOM_CACHE_MAX_SIZE's (parseCacheSize); a value that is no size
  /// leaves the default, and problem() says so.
  static std::optional<InstrumentCache>
  fromEnvironment(const std::function<const char *(const char *)> &Getenv);

  /// The directory the environment names for the cache, whether or not
  /// HEADROOM_CACHE turns it off (the precompiled headers of
  /// ast/HeaderPch.h live in its pch/); empty when there is none.
  static std::string directoryFromEnvironment(
      const std::function<const char *(const char *)> &Getenv);

  /// The key of one instrumentation: \p Parts (what it depends on besides
  /// the files it reads) and \p SourceText, as 16 hex digits.
  static std::string key(const std::vector<std::string> &Parts,
                         const std::string &SourceText);

  /// Where the entry of \p Key lives: the instrumented copy is written
  /// there (and its header copies under headers/).
  std::string entryDirectory(const std::string &Key) const;

  /// The entry of \p Key if its manifest is readable, its copy exists and
  /// every file its parse read is unchanged; a found entry counts as used
  /// now (its manifest's modification time, CacheSizeLimit.h).
  std::optional<CachedInstrumentation> lookup(const std::string &Key) const;

  /// Records \p Outcome, whose copy was written to \p Copy (in
  /// entryDirectory(Key)), under \p Key; then keeps the cache under its
  /// size limit.
  Status store(const std::string &Key, const InstrumentOutcome &Outcome,
               const std::string &Copy) const;

  const std::string &root() const { return Root; }
  /// The size limit in bytes; 0 for none.
  std::uint64_t maxSize() const { return MaxSize; }
  /// What was wrong with HEADROOM_CACHE_MAX_SIZE, worded for a warning;
  /// empty when nothing was.
  const std::string &problem() const { return Problem; }

private:
  std::string Root;
  std::uint64_t MaxSize;
  std::string Problem;
};

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_INSTRUMENTCACHE_H
