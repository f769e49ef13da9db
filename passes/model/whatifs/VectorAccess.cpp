//===- VectorAccess.cpp - 16-byte global loads, several elements a thread -===//

#include "model/whatifs/VectorAccess.h"

#include "model/UnitWork.h"

#include <cmath>

namespace headroom {

const WhatIfInfo VectorAccess::Info = {WhatIfId::VectorAccess, "vector-access",
                                       "Vector access"};

std::optional<WhatIfChange>
VectorAccess::apply(std::span<const LaunchGroup> Groups,
                    const HopperPrediction &, const UnitRates &) const {
  WhatIfChange C;
  C.Measure = WhatIfMeasure::BytesPerThreadLoad;
  // Thread loads: the warp loads times their active threads.
  double ThreadLoads = 0, Bytes = 0;
  for (const LaunchGroup &G : Groups) {
    std::optional<double> Width = loadBytesPerThread(G);
    if (!Width)
      return std::nullopt;
    double Inst = recorded(G, Counter::GlobalLoadInst);
    double Sectors = recorded(G, Counter::L1GlobalLoadSectors);
    double Threads = threadsPerInstruction(G);
    // Whether the loads are coalesced: the sectors a warp's load touches
    // against what its bytes need.
    double Needed = std::ceil(Threads * *Width / SectorBytes);
    if (*Width >= VectorBytes || Sectors / Inst > CoalescedWithin * Needed)
      return std::nullopt;
    ThreadLoads += Inst * Threads;
    Bytes += Sectors * SectorBytes;
  }
  double Width = Bytes / ThreadLoads;
  // 4-byte loads become one 16-byte load of four elements, 8-byte ones of
  // two; 12-byte ones do not divide and stay.
  double Factor = std::floor(VectorBytes / Width + 1e-9);
  if (Factor < 2 || std::fmod(VectorBytes, Width) > 1e-9 * VectorBytes)
    return std::nullopt;
  for (const LaunchGroup &G : Groups) {
    LaunchGroup Changed = G;
    double Inst = recorded(G, Counter::GlobalLoadInst);
    double Fewer = Inst * (1 - 1 / Factor);
    setCounter(Changed, Counter::GlobalLoadInst, Inst - Fewer);
    for (Unit U : {Unit::LsuPipe, Unit::Issue})
      if (std::optional<double> A = G.Work.amount(U))
        setUnitWork(Changed, U, std::max(0.0, *A - Fewer));
    Changed.Shape.Blocks = std::max<std::uint64_t>(
        1, std::uint64_t(std::ceil(double(G.Shape.Blocks) / Factor)));
    C.Groups.push_back(std::move(Changed));
  }
  C.Before = Width;
  C.After = Width * Factor;
  return C;
}

} // namespace headroom
