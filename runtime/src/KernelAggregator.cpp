//===- KernelAggregator.cpp - Per-entry launch statistics -----------------===//

#include "KernelAggregator.h"

#include "schema/CounterCatalog.h"
#include "schema/StallSamplesSum.h"

#include <algorithm>
#include <cmath>

namespace headroom::rt {

namespace {

const std::string &durationMetric() {
  static const std::string Name(counterInfo(Counter::DurationNs).HopperName);
  return Name;
}

KernelStats::Timing timingOf(const char *Source, const DurationStats &D) {
  KernelStats::Timing T;
  T.Source = Source;
  T.Count = D.Count;
  T.TotalNs = D.TotalNs;
  T.MinNs = D.MinNs;
  T.MaxNs = D.MaxNs;
  T.SampleNs = D.Sample.sorted();
  T.MedianNs = medianOfSorted(T.SampleNs);
  return T;
}

} // namespace

void DurationStats::add(std::uint64_t Ns) {
  if (Count == 0) {
    MinNs = MaxNs = Ns;
  } else {
    MinNs = std::min(MinNs, Ns);
    MaxNs = std::max(MaxNs, Ns);
  }
  ++Count;
  TotalNs += Ns;
  Sample.add(Ns, Count);
}

KernelStats::Timing KernelStats::reportedTiming() const {
  if (Timed.Count > 0)
    return timingOf("unprofiled", Timed);
  if (Profiled.Count > 0)
    return timingOf("profiled", Profiled);
  if (SampledDuration.Count > 0) {
    // Nothing ran without the profiler: the sampled launches' own counter
    // stand for every launch.
    Timing T = timingOf("counters", SampledDuration);
    T.Count = 0;
    std::uint64_t Mean = SampledDuration.TotalNs / SampledDuration.Count;
    T.TotalNs = Mean * std::max<std::uint64_t>(Launches, 1);
    return T;
  }
  return {};
}

std::optional<std::uint64_t> KernelStats::profiledNs() const {
  if (Profiled.Count > 0)
    return Profiled.TotalNs / Profiled.Count;
  if (SampledDuration.Count > 0)
    return SampledDuration.TotalNs / SampledDuration.Count;
  return std::nullopt;
}

KernelStats *KernelAggregator::entry(const LaunchKey &Key) {
  auto It = Entries.find(Key);
  if (It != Entries.end())
    return &It->second;
  if (Entries.size() >= MaxEntries)
    return nullptr;
  It = Entries.try_emplace(Key).first;
  It->second.Key = Key;
  return &It->second;
}

LaunchKey KernelAggregator::keyOf(const JoinedLaunch &Launch) {
  const KernelRecord &R = Launch.Record;
  return launchKey({Launch.Site, Launch.Scope}, R.Name, R.Device, R.Grid,
                   R.Block, R.DynamicSharedBytes);
}

KernelStats *KernelAggregator::entryOf(const JoinedLaunch &Launch) {
  const KernelRecord &R = Launch.Record;
  if (Last) {
    const LaunchKey &K = Last->Key;
    ScopeId Scope = Launch.Site == NoSite ? Launch.Scope : NoScope;
    if (K.Site == Launch.Site && K.Scope == Scope && K.Device == R.Device &&
        K.Grid == R.Grid && K.Block == R.Block &&
        K.DynamicSharedBytes == R.DynamicSharedBytes && K.Kernel == R.Name)
      return Last;
  }
  KernelStats *S = entry(keyOf(Launch));
  if (S)
    Last = S;
  return S;
}

void KernelAggregator::add(const JoinedLaunch &Launch) {
  const KernelRecord &R = Launch.Record;
  KernelStats *S = entryOf(Launch);
  if (!S) {
    if (Launch.Role != LaunchRole::Replay)
      ++Overflow;
    return;
  }
  S->StaticSharedBytes = R.StaticSharedBytes;
  S->RegistersPerThread = R.RegistersPerThread;
  S->LocalBytesPerThread = R.LocalBytesPerThread;
  if (Launch.Role == LaunchRole::Replay) {
    ++S->ReplayRecords;
    return;
  }
  ++S->Launches;
  if (R.GraphId != 0)
    ++S->GraphLaunches;
  if (!R.hasDuration()) {
    ++S->Untimed;
    return;
  }
  // Its time is that of the kernel under PC sampling.
  if (Launch.Role == LaunchRole::StallSampled)
    return;
  if (Launch.Role == LaunchRole::Profiled)
    S->Profiled.add(R.durationNs());
  else
    S->Timed.add(R.durationNs());
}

void KernelAggregator::addSample(const LaunchKey &Key, CounterValues Values) {
  KernelStats *S = entry(Key);
  if (!S)
    return;
  ++S->CounterLaunches;
  if (std::optional<std::uint64_t> Ns = sampledDurationNs(Values))
    S->SampledDuration.add(*Ns);
  if (!S->Counters) {
    S->Counters = std::move(Values);
  } else {
    // Running mean over the samples (every:N and all sample repeatedly).
    double N = static_cast<double>(S->CounterLaunches);
    for (auto &[Name, Value] : Values) {
      auto [It, New] = S->Counters->try_emplace(Name, Value);
      if (!New)
        It->second += (Value - It->second) / N;
    }
  }
  S->CounterError.clear();
  S->CounterNote.clear();
}

void KernelAggregator::addSampleError(const LaunchKey &Key, std::string Error) {
  KernelStats *S = entry(Key);
  if (S && !S->Counters)
    S->CounterError = std::move(Error);
}

void KernelAggregator::addSampleNote(const LaunchKey &Key, std::string Note) {
  KernelStats *S = entry(Key);
  if (S && !S->Counters && S->CounterNote.empty())
    S->CounterNote = std::move(Note);
}

void KernelAggregator::addStallSamples(const LaunchKey &Key,
                                       StallSamples Samples) {
  KernelStats *S = entry(Key);
  if (!S)
    return;
  if (!S->Stalls) {
    S->Stalls = std::move(Samples);
    return;
  }
  StallSamples Parts[] = {std::move(*S->Stalls), std::move(Samples)};
  S->Stalls = sumStallSamples(Parts);
}

void KernelAggregator::addExamination(const LaunchKey &Key,
                                      const LaunchExamination &E) {
  if (!E.Examined)
    return;
  if (KernelStats *S = entry(Key))
    S->Follows.add(E.Follows);
}

std::optional<std::uint64_t>
KernelAggregator::sampledDurationNs(const CounterValues &Values) {
  auto It = Values.find(durationMetric());
  if (It == Values.end() || !std::isfinite(It->second) || It->second <= 0)
    return std::nullopt;
  return static_cast<std::uint64_t>(std::llround(It->second));
}

std::optional<std::uint64_t>
KernelAggregator::expectedNs(const LaunchKey &Key) const {
  auto It = Entries.find(Key);
  if (It == Entries.end())
    return std::nullopt;
  const KernelStats &S = It->second;
  if (S.Timed.Count > 0)
    return S.Timed.TotalNs / S.Timed.Count;
  if (S.SampledDuration.Count > 0)
    return S.SampledDuration.TotalNs / S.SampledDuration.Count;
  return std::nullopt;
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
