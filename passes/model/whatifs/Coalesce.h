//===- Coalesce.h - Global accesses a warp coalesces ------------*- C++ -*-===//
///
/// \file
/// A warp whose threads access words of different 128-byte lines (a
/// column of a row-major array, a field of an array of structs) moves a
/// 32-byte sector per thread where the word it uses is 4 bytes: up to 8
/// times the bytes, a wavefront of the L1 data path and an L2 request per
/// sector. Rearranged so that neighbouring threads access neighbouring
/// words (a transpose through shared memory, a struct of arrays), each
/// warp access takes the sectors its bytes need. The counters tell the
/// sectors of a warp's global loads and stores, not the width of each
/// thread's word: accesses of more sectors than a 16-byte word per thread
/// needs are scattered, and assumed 4-byte, the common case. Not where the
/// load rounds' wait is most of the time: a warp that waits on each load
/// before the next (a pointer chase) waits as long for fewer sectors. Not
/// for the loads of a kernel whose SASS loads through an address a global
/// load returned (StaticFacts::IndirectGlobalLoadShare, a gather): where
/// its words lie depends on the data (docs/advice.md, "Coalesce").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_WHATIFS_COALESCE_H
#define HEADROOM_MODEL_WHATIFS_COALESCE_H

#include "model/WhatIf.h"

namespace headroom {

/// A thread's word, where the counters show the accesses scattered.
inline constexpr double ScatteredWordBytes = 4;
/// The widest word a thread accesses: accesses of more sectors than this
/// word per thread needs are scattered.
inline constexpr double WidestWordBytes = 16;
/// Share of the predicted time from which the load rounds' wait (loads
/// waited for one after another) rules coalescing out.
inline constexpr double RoundsShare = 0.5;
/// Share of the global sectors that coalescing must remove to be advised.
inline constexpr double ScatteredSectorShare = 0.1;

class Coalesce final : public WhatIf {
public:
  static const WhatIfInfo Info;
  constexpr Coalesce() : WhatIf(Info) {}
  std::optional<WhatIfChange> apply(std::span<const LaunchGroup> Groups,
                                    const HopperPrediction &Base,
                                    const UnitRates &R) const override;
};

} // namespace headroom

#endif // HEADROOM_MODEL_WHATIFS_COALESCE_H
