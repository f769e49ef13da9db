//===- ComponentTimes.cpp - Per-component times of a kernel ---------------===//

#include "model/ComponentTimes.h"

#include <algorithm>

namespace headroom {

const char *componentKey(Component C) {
  switch (C) {
  case Component::Issue:
    return "issue";
  case Component::SharedMemory:
    return "shared";
  case Component::L2:
    return "l2";
  case Component::Dram:
    return "dram";
  }
  return "?";
}

std::optional<double> ComponentTimes::timeOf(Component C) const {
  for (const ComponentTime &T : Times)
    if (T.Which == C)
      return T.Ms;
  return std::nullopt;
}

ComponentTimes computeComponentTimes(const KernelCounters &Sum,
                                     const Prediction &P,
                                     const DeviceParameters &D) {
  ComponentTimes Out;
  // Issue: I_total thread instructions at (C_op + C_ldst + C_other) FMA
  // slots each, FMA instructions issuing at T_SP / 2: equal to W_comp / T'_op
  // whenever W_comp > 0, and defined when it is 0.
  double ITotal = 32 * Sum.input(Counter::Inst);
  double Cost = P.COp + P.CLdSt + P.COther;
  if (ITotal > 0 && D.TSP > 0)
    Out.Times.push_back(
        {Component::Issue, ITotal * Cost / (D.TSP / 2 * 1e9) * 1e3});
  MemoryCeilings M = memoryCeilings(D);
  if (M.SharedGops) {
    auto Get = [&](Counter C) -> std::optional<double> {
      auto It = Sum.Carried.find(C);
      if (It == Sum.Carried.end())
        return std::nullopt;
      return It->second;
    };
    // Wavefronts when recorded (they count bank-conflict replays); else the
    // warp-level shared instructions, one wavefront each at best.
    std::optional<double> Ld = Get(Counter::SharedLoadWavefronts),
                          St = Get(Counter::SharedStoreWavefronts);
    if (!Ld && !St) {
      Ld = Get(Counter::SharedLoadInst);
      St = Get(Counter::SharedStoreInst);
    }
    if (Ld || St) {
      double Wavefronts = Ld.value_or(0) + St.value_or(0);
      Out.Times.push_back({Component::SharedMemory,
                           Wavefronts * 32 / (*M.SharedGops * 1e9) * 1e3});
    }
  }
  if (M.L2GBps)
    if (auto It = Sum.Carried.find(Counter::L2Bytes); It != Sum.Carried.end())
      Out.Times.push_back({Component::L2, It->second / (*M.L2GBps * 1e6)});
  if (P.BMem > 0)
    Out.Times.push_back({Component::Dram, P.WTraf / (P.BMem * 1e6)});
  // A component with nothing to do (no shared-memory access) is not one.
  std::erase_if(Out.Times, [](const ComponentTime &T) { return !(T.Ms > 0); });
  std::stable_sort(Out.Times.begin(), Out.Times.end(),
                   [](const ComponentTime &A, const ComponentTime &B) {
                     return A.Ms > B.Ms;
                   });
  return Out;
}

} // namespace headroom
