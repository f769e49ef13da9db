//===- KernelReport.cpp - A profile seen through the model ----------------===//

#include "analysis/KernelReport.h"

#include "model/FittedModel.h"
#include "model/KernelCounters.h"
#include "model/MemoryLevels.h"
#include "schema/CounterCatalog.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace headroom {

namespace {

/// Groups entries of one kernel: by definition location when a site names
/// it, else by the driver's name.
using KernelKey = std::tuple<std::string, unsigned, unsigned, std::string>;

KernelKey keyOf(const ProfileDocument &P, const ProfileKernel &K) {
  if (const ProfileSite *S = P.siteOf(K))
    return {S->Definition.File, S->Definition.Line, S->Definition.Column,
            S->Kernel};
  return {"", 0, 0, K.Demangled};
}

/// Adds one entry's counters, which are per launch, as totals over the
/// entry's launches.
void accumulate(KernelCounters &Sum, const ProfileKernel &K,
                std::map<Counter, double> &AverageWeights) {
  for (const auto &[Metric, Value] : K.Counters) {
    CounterMatch M = findCounter(Metric);
    if (!M) {
      Sum.Unrecognized[Metric] += Value;
      continue;
    }
    Counter C = M.Info->Id;
    double Launches = double(K.Launches);
    if (isModelInput(C)) {
      Sum.setInput(C, Sum.input(C) + Value * Launches);
    } else if (M.Info->Combine == Aggregation::Sum) {
      Sum.Carried[C] += Value * Launches;
    } else {
      // Launch-weighted mean, normalized once all entries are in.
      Sum.Carried[C] += Value * Launches;
      AverageWeights[C] += Launches;
    }
  }
}

/// The Hopper model's bounds of \p R from \p In, when the counters allow.
void addBounds(KernelReport &R, const BoundsInput &In, const UnitRates &Rates,
               const DeviceParameters &D, const ModelOptions &Options,
               bool MeasuredOnDevice) {
  if (!In.complete()) {
    R.BoundsMissing = "the profile lacks the per-pipe counters of the Hopper "
                      "model (record it again with this version's runtime)";
    return;
  }
  std::optional<double> MeasuredMs;
  if (MeasuredOnDevice && R.ModeledNs > 0)
    MeasuredMs = R.ModeledNs / 1e6;
  R.Bounds = kernelBounds(In, Rates, MeasuredMs, R.Model ? &*R.Model : nullptr,
                          R.ModeledLaunches);
  if (Options.Choice == ModelChoice::Fitted && D.Fitted)
    R.Bounds->FittedMs =
        predictFitted(*D.Fitted, R.Bounds->Prediction, R.ModeledLaunches);
}

} // namespace

std::size_t ProfileReport::modeledKernels() const {
  std::size_t N = 0;
  for (const KernelReport &K : Kernels)
    N += K.Model.has_value();
  return N;
}

ProfileReport analyzeProfile(const ProfileDocument &P,
                             const DeviceParameters &D,
                             const ModelOptions &Options,
                             bool MeasuredOnDevice) {
  ProfileReport Report;
  Report.DeviceName = D.Name;
  // The Hopper model needs the device's unit rates (calibrated Hopper GPUs).
  std::optional<UnitRates> Rates;
  if (Options.Choice != ModelChoice::Thesis)
    if (Expected<UnitRates> R = unitRates(D))
      Rates = *R;

  std::map<KernelKey, std::vector<const ProfileKernel *>> Groups;
  for (const ProfileKernel &K : P.Kernels) {
    Groups[keyOf(P, K)].push_back(&K);
    Report.TotalNs += K.estimatedTotalNs();
  }

  for (const auto &[Key, Entries] : Groups) {
    KernelReport R;
    const ProfileKernel &First = *Entries.front();
    if (const ProfileSite *S = P.siteOf(First)) {
      R.Kernel = S->Kernel;
      R.Definition = S->Definition;
    } else {
      R.Kernel = First.Demangled;
    }

    KernelCounters Sum;
    Sum.Name = R.Kernel;
    Sum.Launches = 0;
    std::map<Counter, double> AverageWeights;
    std::map<const ProfileSite *, SiteUsage> BySite;
    BoundsInput Bounds;
    // Without counters, the parallelism note still applies to every launch.
    std::uint64_t AllMinThreads = 0, AllMinBlocks = 0;
    for (const ProfileKernel *K : Entries) {
      double Ns = K->estimatedTotalNs();
      R.Launches += K->Launches;
      R.TotalNs += Ns;
      R.Devices.insert(K->Device);
      const ProfileSite *Site = P.siteOf(*K);
      SiteUsage &U = BySite[Site];
      U.Site = Site;
      U.Launches += K->Launches;
      U.TotalNs += Ns;
      if (K->Launches > 0) {
        AllMinThreads = AllMinThreads
                            ? std::min(AllMinThreads, K->threadsPerBlock())
                            : K->threadsPerBlock();
        AllMinBlocks =
            AllMinBlocks ? std::min(AllMinBlocks, K->blocks()) : K->blocks();
      }
      if (K->Counters.empty() || K->Launches == 0)
        continue;
      R.ModeledLaunches += K->Launches;
      R.ModeledNs += Ns;
      accumulate(Sum, *K, AverageWeights);
      Bounds.add(*K);
      std::uint64_t Threads = K->threadsPerBlock(), Blocks = K->blocks();
      R.MinThreadsPerBlock = R.MinThreadsPerBlock
                                 ? std::min(R.MinThreadsPerBlock, Threads)
                                 : Threads;
      R.MinBlocks = R.MinBlocks ? std::min(R.MinBlocks, Blocks) : Blocks;
    }
    if (R.ModeledLaunches == 0) {
      R.MinThreadsPerBlock = AllMinThreads;
      R.MinBlocks = AllMinBlocks;
    }
    for (auto &[Site, U] : BySite)
      R.Sites.push_back(U);
    std::stable_sort(R.Sites.begin(), R.Sites.end(),
                     [](const SiteUsage &A, const SiteUsage &B) {
                       return A.TotalNs > B.TotalNs;
                     });
    R.ShareOfProfile = Report.TotalNs > 0 ? R.TotalNs / Report.TotalNs : 0;

    if (R.ModeledLaunches > 0) {
      for (auto &[C, Weight] : AverageWeights)
        Sum.Carried[C] /= Weight;
      Sum.Launches = R.ModeledLaunches;
      Sum.MeasuredMs = R.ModeledNs / 1e6;
      double DramBytes = dramBytes(Sum);
      if (std::optional<double> L2 = l2Bytes(Sum); L2 && DramBytes > 0)
        R.L2ToDramRatio = *L2 / DramBytes;
      if (auto T = Sum.Carried.find(Counter::ThreadsPerInst);
          T != Sum.Carried.end())
        R.ThreadsPerWarpInst = T->second;

      auto Params = deriveKernelParameters(Sum);
      if (!Params) {
        R.ModelError = Params.error();
      } else if (auto Pred = predict(*Params, D, Options); !Pred) {
        R.ModelError = Pred.error();
      } else {
        R.Parameters = *Params;
        R.Model = *Pred;
        if (MeasuredOnDevice && R.ModeledNs > 0)
          R.Model->MeasuredMs = R.ModeledNs / 1e6;
        R.Components = computeComponentTimes(Sum, *R.Model, D);
      }
      if (Rates)
        addBounds(R, Bounds, *Rates, D, Options, MeasuredOnDevice);
    }
    R.Counters = std::move(Sum);
    Report.Kernels.push_back(std::move(R));
  }
  std::stable_sort(Report.Kernels.begin(), Report.Kernels.end(),
                   [](const KernelReport &A, const KernelReport &B) {
                     return A.TotalNs > B.TotalNs;
                   });
  return Report;
}

} // namespace headroom
