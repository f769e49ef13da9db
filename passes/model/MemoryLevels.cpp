//===- MemoryLevels.cpp - A kernel's bytes at each memory level -----------===//

#include "model/MemoryLevels.h"

namespace headroom {

namespace {

std::optional<double> carried(const KernelCounters &C, Counter Which) {
  auto It = C.Carried.find(Which);
  if (It == C.Carried.end())
    return std::nullopt;
  return It->second;
}

} // namespace

double dramBytes(const KernelCounters &C) {
  return BytesPerSector *
         (C.input(Counter::TranRead) + C.input(Counter::TranWrite));
}

std::optional<double> l2Bytes(const KernelCounters &C) {
  return carried(C, Counter::L2Bytes);
}

std::optional<double> sharedWavefronts(const KernelCounters &C) {
  double Wavefronts = 0;
  for (Counter Which :
       {Counter::SharedLoadWavefronts, Counter::SharedStoreWavefronts})
    Wavefronts += carried(C, Which).value_or(0);
  if (!(Wavefronts > 0))
    return std::nullopt;
  return Wavefronts;
}

LevelIntensities levelIntensities(const KernelCounters &C,
                                  const Prediction &P) {
  LevelIntensities I;
  I.Dram = P.OKrn;
  if (!(P.WComp > 0))
    return I;
  if (std::optional<double> L2 = l2Bytes(C); L2 && *L2 > 0)
    I.L2 = P.WComp / *L2;
  if (std::optional<double> Wavefronts = sharedWavefronts(C))
    I.Shared = P.WComp / (*Wavefronts * BytesPerSharedWavefront);
  return I;
}

MemoryCeilings memoryCeilings(const DeviceParameters &D) {
  MemoryCeilings M;
  for (const Measurement &X : D.Measurements) {
    if (!(X.Value > 0))
      continue;
    if (X.Name == "l2_read" && X.Unit == "GB/s")
      M.L2GBps = X.Value;
    else if (X.Name == "shared_ldst32" && X.Unit == "GOP/s")
      M.SharedGops = X.Value;
  }
  // T_ldst is, by its definition (thesis A.4), the same 32-bit shared-memory
  // access rate.
  if (!M.SharedGops && D.TLdSt > 0)
    M.SharedGops = D.TLdSt;
  return M;
}

std::vector<MemoryRoof> memoryRoofs(const DeviceParameters &D) {
  std::vector<MemoryRoof> Roofs = {{MemoryLevel::Dram, D.BMem}};
  MemoryCeilings M = memoryCeilings(D);
  if (M.L2GBps)
    Roofs.push_back({MemoryLevel::L2, *M.L2GBps});
  if (M.SharedGops)
    Roofs.push_back(
        {MemoryLevel::Shared, BytesPerSharedAccess * *M.SharedGops});
  return Roofs;
}

} // namespace headroom
