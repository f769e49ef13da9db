//===- VectorAccess.h - 16-byte global loads --------------------*- C++ -*-===//
///
/// \file
/// A kernel whose threads each load 4 or 8 bytes, coalesced, issues a load
/// instruction per element and needs a warp per 32 elements to keep bytes
/// in flight. Loading 16 bytes per thread (`float4`, several elements per
/// thread) reads the same bytes with VectorBytes / width times fewer load
/// instructions and warps: the grid shrinks by that factor, the global load
/// instructions and the load/store-pipe and issue slots they take too,
/// and each warp keeps that many more bytes in flight (docs/advice.md,
/// "Vector access").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_WHATIFS_VECTORACCESS_H
#define HEADROOM_MODEL_WHATIFS_VECTORACCESS_H

#include "model/WhatIf.h"

namespace headroom {

/// The widest load a thread issues: 16 bytes.
inline constexpr double VectorBytes = 16;
/// Sectors per load beyond what the width needs, as a factor, over which
/// the loads are not coalesced (and the what-if does not apply).
inline constexpr double CoalescedWithin = 1.25;

class VectorAccess final : public WhatIf {
public:
  static const WhatIfInfo Info;
  constexpr VectorAccess() : WhatIf(Info) {}
  std::optional<WhatIfChange> apply(std::span<const LaunchGroup> Groups,
                                    const HopperPrediction &Base,
                                    const UnitRates &R) const override;
};

} // namespace headroom

#endif // HEADROOM_MODEL_WHATIFS_VECTORACCESS_H
