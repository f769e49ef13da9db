//===- Fp32Math.h - Single-precision math instead of double -----*- C++ -*-===//
///
/// \file
/// A kernel that loads 4-byte words and computes in double precision
/// usually promotes by accident (a literal without its f, a double
/// function called on a float: headroom check's promotion check). On
/// Hopper the FP64 pipe takes half the instructions per clock the FMA pipe
/// does, and the conversions between float and double take it or the XU
/// pipe (16 lanes per clock): computed in float, the FP64 arithmetic moves
/// to the FMA pipe and the conversions go (docs/advice.md, "FP32 math").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_WHATIFS_FP32MATH_H
#define HEADROOM_MODEL_WHATIFS_FP32MATH_H

#include "model/WhatIf.h"

namespace headroom {

/// Share of the issued instructions on the FP64 pipe from which FP32 math
/// is advised.
inline constexpr double Fp64IssueShare = 0.1;
/// XU-pipe conversions per FP64 instruction a promotion takes at most: one
/// to double and one back.
inline constexpr double ConversionsPerFp64 = 2;
/// Bytes per thread load up to which the kernel's data is single precision.
inline constexpr double SingleWordBytes = 4.5;

class Fp32Math final : public WhatIf {
public:
  static const WhatIfInfo Info;
  constexpr Fp32Math() : WhatIf(Info) {}
  std::optional<WhatIfChange> apply(std::span<const LaunchGroup> Groups,
                                    const HopperPrediction &Base,
                                    const UnitRates &R) const override;
};

} // namespace headroom

#endif // HEADROOM_MODEL_WHATIFS_FP32MATH_H
