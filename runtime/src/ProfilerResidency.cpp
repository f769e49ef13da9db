//===- ProfilerResidency.cpp - When to keep the range profiler enabled ----===//

#include "ProfilerResidency.h"

namespace headroom::rt {

void ProfilerResidency::sampled(std::uint64_t MeasuredEnableCostNs) {
  if (MeasuredEnableCostNs)
    EnableCostNs = MeasuredEnableCostNs;
  Enabled = true;
  IdleLaunches = 0;
}

bool ProfilerResidency::launchedWithoutSample() {
  if (!Enabled)
    return false;
  ++IdleLaunches;
  if (IdleLaunches * SlowdownNs < EnableCostNs)
    return false;
  Enabled = false;
  ++Releases;
  return true;
}

} // namespace headroom::rt
