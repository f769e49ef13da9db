//===- KernelAggregator.cpp - Per-entry launch statistics -----------------===//

#include "KernelAggregator.h"

#include "model/CounterCatalog.h"

#include <algorithm>
#include <cmath>

namespace headroom::rt {

void DurationStats::add(std::uint64_t Ns) {
  if (Count == 0) {
    MinNs = MaxNs = Ns;
  } else {
    MinNs = std::min(MinNs, Ns);
    MaxNs = std::max(MaxNs, Ns);
  }
  ++Count;
  TotalNs += Ns;
}

KernelStats::Timing KernelStats::reportedTiming() const {
  if (Timed.Count > 0)
    return {"unprofiled", Timed};
  if (Profiled.Count > 0)
    return {"profiled", Profiled};
  if (Counters) {
    auto It = Counters->find(
        std::string(counterInfo(Counter::DurationNs).HopperName));
    if (It != Counters->end() && std::isfinite(It->second) && It->second > 0) {
      auto Ns = static_cast<std::uint64_t>(std::llround(It->second));
      DurationStats D;
      D.MinNs = D.MaxNs = Ns;
      D.TotalNs = Ns * std::max<std::uint64_t>(Launches, 1);
      return {"counters", D};
    }
  }
  return {};
}

KernelStats &KernelAggregator::entry(const LaunchKey &Key) {
  auto [It, Inserted] = Entries.try_emplace(Key);
  if (Inserted)
    It->second.Key = Key;
  return It->second;
}

LaunchKey KernelAggregator::keyOf(const JoinedLaunch &Launch) {
  const KernelRecord &R = Launch.Record;
  return LaunchKey{Launch.Site, R.Name,  R.Device,
                   R.Grid,      R.Block, R.DynamicSharedBytes};
}

void KernelAggregator::add(const JoinedLaunch &Launch) {
  const KernelRecord &R = Launch.Record;
  KernelStats &S = entry(keyOf(Launch));
  S.StaticSharedBytes = R.StaticSharedBytes;
  S.RegistersPerThread = R.RegistersPerThread;
  S.LocalBytesPerThread = R.LocalBytesPerThread;
  if (Launch.Role == LaunchRole::Replay) {
    ++S.ReplayRecords;
    return;
  }
  ++S.Launches;
  if (!R.hasDuration()) {
    ++S.Untimed;
    return;
  }
  if (Launch.Role == LaunchRole::Profiled)
    S.Profiled.add(R.durationNs());
  else
    S.Timed.add(R.durationNs());
}

void KernelAggregator::addSample(const LaunchKey &Key, CounterValues Values) {
  KernelStats &S = entry(Key);
  // The first sample of a key is the one the profile reports.
  if (!S.Counters)
    S.Counters = std::move(Values);
  ++S.CounterLaunches;
  S.CounterError.clear();
}

void KernelAggregator::addSampleError(const LaunchKey &Key, std::string Error) {
  KernelStats &S = entry(Key);
  if (!S.Counters)
    S.CounterError = std::move(Error);
}

std::vector<KernelStats> KernelAggregator::entries() const {
  std::vector<KernelStats> Out;
  Out.reserve(Entries.size());
  for (const auto &[Key, Stats] : Entries)
    Out.push_back(Stats);
  std::sort(Out.begin(), Out.end(),
            [](const KernelStats &A, const KernelStats &B) {
              return launchKeyLess(A.Key, B.Key);
            });
  return Out;
}

} // namespace headroom::rt
