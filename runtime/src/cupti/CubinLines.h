//===- CubinLines.h - Source lines of sampled SASS instructions -*- C++ -*-===//
///
/// \file
/// The line tables warp-stall samples are mapped through: a copy of each
/// module's cubin as it loads (CUPTI's pointer is valid only during the
/// module-loaded callback), keyed by the CRC that PC sampling records name
/// (cuptiGetCubinCrc), and cuptiGetSassToSourceCorrelation on it for an
/// instruction's file, directory and line (the program is compiled with
/// -lineinfo by headroom nvcc; without it, or for a module loaded before
/// the runtime started, instructions stay without a line). The copies are
/// bounded (MaxBytes in all); lookups are cached. Thread-safe.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_CUPTI_CUBINLINES_H
#define HEADROOM_RUNTIME_CUPTI_CUBINLINES_H

#include "cupti/CuptiLibrary.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace headroom::rt {

class CubinLines {
public:
  /// The most bytes of cubins kept.
  static constexpr std::size_t MaxBytes = std::size_t(256) << 20;

  /// An instruction's source line.
  struct Line {
    std::string File;
    std::string Directory;
    std::uint32_t Number = 0;
  };

  /// Keeps a copy of the cubin \p Data of \p Size bytes, unless the bound
  /// is reached (counted in skippedModules()).
  void add(const CuptiApi &Api, const void *Data, std::size_t Size);
  /// The line of \p Function's instruction at \p Offset in the cubin of
  /// \p Crc; nullopt when that cubin was not kept or has no line there.
  std::optional<Line> lineOf(const CuptiApi &Api, std::uint64_t Crc,
                             const std::string &Function, std::uint64_t Offset);

  std::size_t modules() const;
  std::size_t skippedModules() const;

private:
  mutable std::mutex Mutex;
  std::map<std::uint64_t, std::vector<char>> Cubins;
  std::size_t Bytes = 0;
  std::size_t Skipped = 0;
  using Where = std::tuple<std::uint64_t, std::string, std::uint64_t>;
  std::map<Where, std::optional<Line>> Cache;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_CUPTI_CUBINLINES_H
