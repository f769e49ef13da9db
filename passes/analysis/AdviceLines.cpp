//===- AdviceLines.cpp - Where an advice's change goes --------------------===//

#include "analysis/AdviceLines.h"

#include <algorithm>

namespace headroom {

namespace {

// Global loads waited on, and the queue of global accesses.
constexpr const char *GlobalLoads[] = {"long_scoreboard"};
constexpr const char *GlobalAccesses[] = {"long_scoreboard", "lg_throttle"};
// Shared-memory accesses waited on, and their queue.
constexpr const char *SharedAccesses[] = {"mio_throttle", "short_scoreboard"};
// A tile's loads, from shared memory or (without a shared tile) global.
constexpr const char *TileLoads[] = {"mio_throttle", "short_scoreboard",
                                     "long_scoreboard"};
// A busy FP64 pipe, and the fixed latency of its dependent results.
constexpr const char *MathPipe[] = {"math_pipe_throttle", "wait"};

} // namespace

std::span<const char *const> adviceReasons(WhatIfId Id) {
  switch (Id) {
  case WhatIfId::LoadsInFlight:
    return GlobalLoads;
  case WhatIfId::Coalesce:
  case WhatIfId::VectorAccess:
  case WhatIfId::AggregateAtomics:
    return GlobalAccesses;
  case WhatIfId::BankConflicts:
    return SharedAccesses;
  case WhatIfId::RegisterTiling:
    return TileLoads;
  case WhatIfId::Fp32Math:
    return MathPipe;
  case WhatIfId::FillGpu:
  case WhatIfId::Occupancy:
  case WhatIfId::FuseKernels:
    break;
  }
  return {};
}

const StallLine *adviceLine(const KernelReport &K, WhatIfId Id) {
  if (!K.Stalls)
    return nullptr;
  std::span<const char *const> Reasons = adviceReasons(Id);
  for (std::size_t I : K.Stalls->Hot) {
    const StallLine &L = K.Stalls->Lines[I];
    if (L.resolved() &&
        std::find(Reasons.begin(), Reasons.end(), L.Dominant) != Reasons.end())
      return &L;
  }
  return nullptr;
}

} // namespace headroom
