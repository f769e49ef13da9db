//===- MergedKernel.cpp - One kernel entry summed over profiles -----------===//

#include "merge/MergedKernel.h"

#include "schema/StallSamplesSum.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace headroom::merge {

namespace {

/// A rank of timing sources: only the best present is merged.
int timingRank(const std::string &Timing) {
  if (Timing == "unprofiled")
    return 3;
  if (Timing == "profiled")
    return 2;
  if (Timing == "counters")
    return 1;
  return 0;
}

} // namespace

MergedKernel::MergedKernel(const ProfileKernel &K,
                           std::optional<std::uint64_t> Site,
                           std::optional<std::uint64_t> Scope,
                           unsigned Device) {
  First.Site = Site;
  First.Scope = Scope;
  First.Name = K.Name;
  First.Demangled = K.Demangled;
  First.Device = Device;
  First.Grid = K.Grid;
  First.Block = K.Block;
  First.DynamicSharedBytes = K.DynamicSharedBytes;
}

void addCount(std::uint64_t &Sum, std::uint64_t V) {
  Sum = std::min(Sum + std::min(V, MaxProfileCount + 1), MaxProfileCount + 1);
}

void MergedKernel::add(const ProfileKernel &K) {
  // Resources the runtime could not learn are left out, not made 0: the
  // first input that has one gives it.
  for (auto [Mine, Theirs] :
       {std::pair{&First.StaticSharedBytes, &K.StaticSharedBytes},
        std::pair{&First.RegistersPerThread, &K.RegistersPerThread},
        std::pair{&First.LocalBytesPerThread, &K.LocalBytesPerThread}})
    if (!*Mine && *Theirs)
      *Mine = *Theirs;
  addCount(Launches, K.Launches);
  addCount(Untimed, K.UntimedLaunches);
  addCount(Graph, K.GraphLaunches);
  addCount(Replays, K.ReplayRecords);
  addTiming(K);
  std::uint64_t Sampled =
      std::max<std::uint64_t>(K.CounterLaunches.value_or(1), 1);
  if (K.ProfiledNs) {
    ProfiledSum +=
        static_cast<double>(*K.ProfiledNs) * static_cast<double>(Sampled);
    addCount(ProfiledWeight, Sampled);
  }
  if (!K.Counters.empty() || K.CounterLaunches) {
    // Measured counters replace estimated ones; estimates only fill in.
    if (!K.CountersEstimated) {
      if (!CountersMeasured) {
        Counters.clear();
        CounterLaunches = 0;
        CountersMeasured = true;
      }
      addCounters(K);
    } else if (!CountersMeasured) {
      if (!Estimate)
        Estimate = K.CountersEstimated;
      addCounters(K);
    }
  }
  if (K.Stalls)
    Stalls.push_back(*K.Stalls);
  if (K.ExaminedLaunches) {
    if (!Examined)
      Examined = 0;
    addCount(*Examined, *K.ExaminedLaunches);
  }
  for (const KernelFollow &F : K.Follows) {
    auto &[FollowLaunches, Shared] = Follows[{F.Site, F.Scope, F.Name}];
    addCount(FollowLaunches, F.Launches);
    Shared = std::max(Shared, F.SharedBytes);
  }
  if (Error.empty())
    Error = K.CounterError;
  if (Note.empty())
    Note = K.CounterNote;
}

void MergedKernel::addTiming(const ProfileKernel &K) {
  std::string Timing = K.Timing;
  if (Timing.empty())
    Timing = K.TotalNs > 0 ? "unprofiled" : "none";
  int Rank = timingRank(Timing);
  if (Rank == 0) {
    BestTiming = std::max(BestTiming, 0);
    return;
  }
  if (Rank > BestTiming) {
    BestTiming = Rank;
    BestTimingName = Timing;
    Timed = Total = Min = Max = 0;
    HaveMinMax = false;
    Samples.clear();
  }
  if (Rank != BestTiming)
    return;
  std::uint64_t EntryTimed =
      K.TimedLaunches.value_or(Timing == "counters" ? 0 : K.Launches);
  addCount(Timed, EntryTimed);
  addCount(Total, K.TotalNs);
  Min = HaveMinMax ? std::min(Min, K.MinNs) : K.MinNs;
  Max = HaveMinMax ? std::max(Max, K.MaxNs) : K.MaxNs;
  HaveMinMax = true;
  DurationSampleInput In;
  In.Launches = Timing == "counters" ? std::max<std::uint64_t>(K.Launches, 1)
                                     : EntryTimed;
  if (!K.DurationSampleNs.empty())
    In.Values = K.DurationSampleNs;
  else if (K.MedianNs)
    In.Values.push_back(*K.MedianNs);
  else if (EntryTimed > 0)
    In.Values.push_back(K.TotalNs / EntryTimed);
  Samples.push_back(std::move(In));
}

void MergedKernel::addCounters(const ProfileKernel &K) {
  double Weight = static_cast<double>(
      std::max<std::uint64_t>(K.CounterLaunches.value_or(1), 1));
  for (const auto &[Metric, Value] : K.Counters) {
    auto It = std::find_if(Counters.begin(), Counters.end(),
                           [&](const auto &C) { return C.first == Metric; });
    if (It == Counters.end())
      It = Counters.insert(Counters.end(), {Metric, {0.0, 0.0}});
    It->second.first += Value * Weight;
    It->second.second += Weight;
  }
  addCount(CounterLaunches, static_cast<std::uint64_t>(Weight));
}

std::optional<StallSamples> MergedKernel::stallSamples() const {
  if (Stalls.empty())
    return std::nullopt;
  return sumStallSamples(Stalls);
}

ProfileKernel MergedKernel::result() const {
  ProfileKernel K = First;
  K.Stalls = stallSamples();
  K.Launches = Launches;
  K.GraphLaunches = Graph;
  K.TimedLaunches = Timed;
  K.Timing = BestTiming > 0 ? BestTimingName : "none";
  K.UntimedLaunches = Untimed;
  K.TotalNs = Total;
  K.MinNs = Min;
  K.MaxNs = Max;
  MergedDurations D = mergeDurations(Samples);
  K.MedianNs = D.MedianNs;
  K.DurationSampleNs = D.SampleNs;
  if (ProfiledWeight > 0)
    K.ProfiledNs = static_cast<std::uint64_t>(
        std::llround(ProfiledSum / static_cast<double>(ProfiledWeight)));
  K.ReplayRecords = Replays;
  K.ExaminedLaunches = Examined;
  for (const auto &[Previous, LaunchesAndBytes] : Follows)
    K.Follows.push_back({std::get<0>(Previous), std::get<1>(Previous),
                         std::get<2>(Previous), LaunchesAndBytes.first,
                         LaunchesAndBytes.second});
  sortFollows(K.Follows);
  if (Counters.empty()) {
    K.CounterError = Error;
    K.CounterNote = Note;
    K.CountersEstimated = std::nullopt;
    return K;
  }
  for (const auto &[Metric, SumAndWeight] : Counters)
    K.Counters[Metric] = SumAndWeight.first / SumAndWeight.second;
  K.CounterLaunches = CountersMeasured ? CounterLaunches : 0;
  K.CountersEstimated = CountersMeasured ? std::nullopt : Estimate;
  return K;
}

} // namespace headroom::merge
