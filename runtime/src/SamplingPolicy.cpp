//===- SamplingPolicy.cpp - Which launches get counters -------------------===//

#include "SamplingPolicy.h"

namespace headroom::rt {

bool SamplingPolicy::claim(const LaunchKey &Key) {
  if (!Enabled)
    return false;
  if (Scope == SamplingScope::Sites && Key.Site == NoSite)
    return false;
  State &S = Keys[Key];
  if (S.Claimed || S.Attempts >= MaxAttempts)
    return false;
  S.Claimed = true;
  ++S.Attempts;
  return true;
}

void SamplingPolicy::release(const LaunchKey &Key) {
  auto It = Keys.find(Key);
  if (It != Keys.end())
    It->second.Claimed = false;
}

} // namespace headroom::rt
