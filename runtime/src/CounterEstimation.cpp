//===- CounterEstimation.cpp - Counters of configurations not sampled -----===//

#include "CounterEstimation.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <tuple>
#include <utility>

namespace headroom::rt {

namespace {

double threadsOf(const LaunchKey &K) {
  return double(K.Grid.X) * K.Grid.Y * K.Grid.Z * double(K.Block.X) *
         K.Block.Y * K.Block.Z;
}

/// How close \p Donor's configuration is to \p Entry's: lower is closer.
std::tuple<int, int, double> distance(const LaunchKey &Entry,
                                      const LaunchKey &Donor) {
  bool SameShape = Entry.Block == Donor.Block &&
                   Entry.DynamicSharedBytes == Donor.DynamicSharedBytes;
  bool SameSite = Entry.attribution() == Donor.attribution();
  return {SameShape ? 0 : 1, SameSite ? 0 : 1,
          std::fabs(std::log(threadsOf(Entry) / threadsOf(Donor)))};
}

using KernelId = std::pair<std::string, std::uint32_t>;

/// The sampled entries of each kernel on each device.
std::map<KernelId, std::vector<const KernelStats *>>
sampledEntries(const std::vector<KernelStats> &Entries) {
  std::map<KernelId, std::vector<const KernelStats *>> Donors;
  for (const KernelStats &D : Entries)
    if (D.Counters && !D.Estimated)
      Donors[KernelId{D.Key.Kernel, D.Key.Device}].push_back(&D);
  return Donors;
}

/// The sampled entry of \p Donors that \p Entry's counters are best
/// estimated from.
const KernelStats *donorOf(const KernelStats &Entry,
                           const std::vector<const KernelStats *> &Donors) {
  const KernelStats *Best = nullptr;
  std::tuple<int, int, double> BestDistance;
  for (const KernelStats *D : Donors) {
    auto Dist = distance(Entry.Key, D->Key);
    if (!Best || Dist < BestDistance) {
      Best = D;
      BestDistance = Dist;
    }
  }
  return Best;
}

/// A second sampled entry for the line through \p First: the same site,
/// block and shared memory, other threads; one whose threads bracket the
/// entry's with First's first, else the nearest.
const KernelStats *secondDonor(const KernelStats &Entry,
                               const KernelStats &First,
                               const std::vector<const KernelStats *> &Donors) {
  double T = threadsOf(Entry.Key), T1 = threadsOf(First.Key);
  const KernelStats *Best = nullptr;
  std::pair<int, double> BestRank;
  for (const KernelStats *D : Donors) {
    double T2 = threadsOf(D->Key);
    if (D == &First || T2 == T1 || D->Key.Block != First.Key.Block ||
        D->Key.DynamicSharedBytes != First.Key.DynamicSharedBytes ||
        !(D->Key.attribution() == First.Key.attribution()))
      continue;
    bool Brackets = (T1 - T) * (T2 - T) < 0;
    std::pair<int, double> Rank{Brackets ? 0 : 1, std::fabs(std::log(T / T2))};
    if (!Best || Rank < BestRank) {
      Best = D;
      BestRank = Rank;
    }
  }
  return Best;
}

} // namespace

MetricScaling metricScaling(std::string_view Metric) {
  if (Metric.rfind("gpu__time_duration", 0) == 0 ||
      Metric.find("cycles_elapsed") != std::string_view::npos)
    return MetricScaling::Time;
  std::size_t Dot = Metric.find('.');
  if (Dot == std::string_view::npos)
    return MetricScaling::Kept;
  std::string_view Rollup = Metric.substr(Dot + 1);
  if (Rollup == "sum" || Rollup == "avg" || Rollup == "max" || Rollup == "min")
    return MetricScaling::Work;
  return MetricScaling::Kept;
}

CounterValues scaleCounters(const CounterValues &From, double Scale,
                            std::optional<double> DurationRatio) {
  CounterValues Out;
  for (const auto &[Name, Value] : From) {
    switch (metricScaling(Name)) {
    case MetricScaling::Work:
      Out[Name] = Value * Scale;
      break;
    case MetricScaling::Time:
      if (DurationRatio)
        Out[Name] = Value * *DurationRatio;
      break;
    case MetricScaling::Kept:
      Out[Name] = Value;
      break;
    }
  }
  return Out;
}

CounterValues interpolateCounters(const CounterValues &A, double ThreadsA,
                                  const CounterValues &B, double ThreadsB,
                                  double Threads,
                                  std::optional<double> DurationRatio) {
  CounterValues Out = scaleCounters(A, Threads / ThreadsA, DurationRatio);
  for (auto &[Name, Value] : Out) {
    auto Other = B.find(Name);
    if (metricScaling(Name) != MetricScaling::Work || Other == B.end())
      continue;
    double Slope = (Other->second - A.at(Name)) / (ThreadsB - ThreadsA);
    Value = std::max(0.0, A.at(Name) + Slope * (Threads - ThreadsA));
  }
  return Out;
}

std::size_t estimateUnsampledCounters(std::vector<KernelStats> &Entries) {
  auto Donors = sampledEntries(Entries);
  std::vector<std::pair<std::size_t, EstimatedFrom>> Estimates;
  std::vector<CounterValues> Values;
  for (std::size_t I = 0; I < Entries.size(); ++I) {
    const KernelStats &E = Entries[I];
    if (E.Counters || !E.CounterError.empty() || E.Launches == 0)
      continue;
    auto It = Donors.find(KernelId{E.Key.Kernel, E.Key.Device});
    if (It == Donors.end())
      continue;
    const KernelStats *D = donorOf(E, It->second);
    double Scale = threadsOf(E.Key) / threadsOf(D->Key);
    std::optional<double> DurationRatio;
    std::uint64_t Mine = E.Timed.medianNs(), Theirs = D->Timed.medianNs();
    if (E.Timed.Count > 0 && D->Timed.Count > 0 && Mine > 0 && Theirs > 0)
      DurationRatio = double(Mine) / double(Theirs);
    EstimatedFrom From{D->Key, Scale, std::nullopt};
    if (const KernelStats *D2 = secondDonor(E, *D, It->second)) {
      From.Through = D2->Key.Grid;
      Values.push_back(interpolateCounters(*D->Counters, threadsOf(D->Key),
                                           *D2->Counters, threadsOf(D2->Key),
                                           threadsOf(E.Key), DurationRatio));
    } else {
      Values.push_back(scaleCounters(*D->Counters, Scale, DurationRatio));
    }
    Estimates.push_back({I, std::move(From)});
  }
  // Applied after the search: an estimate never serves as a donor.
  for (std::size_t N = 0; N < Estimates.size(); ++N) {
    KernelStats &E = Entries[Estimates[N].first];
    E.Counters = std::move(Values[N]);
    E.CounterLaunches = 0;
    E.Estimated = std::move(Estimates[N].second);
  }
  return Estimates.size();
}

} // namespace headroom::rt
