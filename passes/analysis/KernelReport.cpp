//===- KernelReport.cpp - A profile seen through the model ----------------===//

#include "analysis/KernelReport.h"

#include "analysis/HopperFinding.h"
#include "analysis/ThesisFinding.h"

#include "model/FittedModel.h"
#include "model/KernelCounters.h"
#include "model/MemoryLevels.h"
#include "schema/CounterCatalog.h"
#include "support/KernelNames.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace headroom {

namespace {

/// The site that says where each kernel (by the driver's name) is defined:
/// an entry's own site, or for a launch through a function pointer, whose
/// site names no definition, that of another launch of the same kernel
/// (none for launches outside instrumented code, reported apart).
using DefiningSites = std::map<std::string, const ProfileSite *>;

DefiningSites definingSites(const ProfileDocument &P) {
  DefiningSites Out;
  for (const ProfileKernel &K : P.Kernels)
    if (const ProfileSite *S = P.siteOf(K); S && S->hasDefinition())
      Out.try_emplace(K.Demangled, S);
  return Out;
}

const ProfileSite *definingSite(const ProfileDocument &P,
                                const DefiningSites &Defined,
                                const ProfileKernel &K) {
  const ProfileSite *S = P.siteOf(K);
  if (!S || S->hasDefinition())
    return S; // launches outside instrumented code stay apart, as before
  auto It = Defined.find(K.Demangled);
  return It == Defined.end() ? nullptr : It->second;
}

/// The library calls of a profile: each scope's first one of the same
/// location and name (the same call registered twice, by two translation
/// units or two merged processes, is one call).
class CallIndex {
public:
  explicit CallIndex(const ProfileDocument &P) : Doc(P) {
    std::map<std::tuple<std::string, unsigned, unsigned, std::string>,
             std::size_t>
        First;
    for (std::size_t I = 0; I < P.Scopes.size(); ++I) {
      const ProfileScope &S = P.Scopes[I];
      Canonical.push_back(
          First
              .try_emplace({S.Where.File, S.Where.Line, S.Where.Column, S.Name},
                           I)
              .first->second);
    }
  }
  /// The call an entry was launched in, null for none.
  const ProfileScope *of(const ProfileKernel &K) const {
    if (K.Site || !K.Scope)
      return nullptr;
    std::optional<std::size_t> I = Doc.scopeIndex(*K.Scope);
    return I ? &Doc.Scopes[Canonical[*I]] : nullptr;
  }

private:
  const ProfileDocument &Doc;
  std::vector<std::size_t> Canonical;
};

/// Groups entries of one kernel: grouping by call, the entries of a library
/// call by the call (its scope's position) and the driver's name; the others
/// by definition location where known, else by the driver's name.
using KernelKey =
    std::tuple<std::size_t, std::string, unsigned, unsigned, std::string>;

KernelKey keyOf(const ProfileDocument &P, const ProfileScope *Call,
                const ProfileSite *Defining, const ProfileKernel &K) {
  if (Call)
    return {std::size_t(Call - P.Scopes.data()) + 1, "", 0, 0, K.Demangled};
  if (Defining)
    return {0, Defining->Definition.File, Defining->Definition.Line,
            Defining->Definition.Column, Defining->Kernel};
  return {0, "", 0, 0, K.Demangled};
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
    R.LacksHopperCounters = true;
    return;
  }
  std::optional<double> MeasuredMs;
  if (MeasuredOnDevice && R.ModeledNs > 0)
    MeasuredMs = R.ModeledNs / 1e6;
  KernelBounds &B = R.Models.Hopper.emplace(
      kernelBounds(In, Rates, MeasuredMs, R.ModeledLaunches));
  if (Options.Choice == ModelChoice::Fitted && D.Fitted)
    B.FittedMs = predictFitted(*D.Fitted, B.Prediction, R.ModeledLaunches);
}

/// The SM clock of \p D: the calibrated one under load, else its spec's.
std::optional<double> smClockHz(const DeviceParameters &D,
                                const std::optional<UnitRates> &Rates) {
  if (Rates && Rates->ClockHz > 0)
    return Rates->ClockHz;
  if (D.Identity.SmClockMhz)
    return *D.Identity.SmClockMhz * 1e6;
  return std::nullopt;
}

/// The finding of \p R on device \p Device: the Hopper model's where it
/// bounds the kernel, else the thesis model's.
std::optional<KernelFinding> findingOf(const KernelReport &R,
                                       const std::string &Device) {
  const ModelResults &M = R.Models;
  const Prediction *Thesis = M.Thesis ? &*M.Thesis : nullptr;
  if (M.Hopper)
    return hopperFinding(*M.Hopper, Device, Thesis);
  if (Thesis)
    return thesisFinding(*Thesis, M.Components);
  return std::nullopt;
}

} // namespace

const char *kernelGroupingName(KernelGrouping G) {
  return G == KernelGrouping::Call ? "call" : "kernel";
}

std::optional<KernelGrouping> parseKernelGrouping(std::string_view Name) {
  if (Name == "call")
    return KernelGrouping::Call;
  if (Name == "kernel")
    return KernelGrouping::Kernel;
  return std::nullopt;
}

std::optional<SourceLocation> KernelReport::where() const {
  if (Call)
    return Call->Where;
  if (Definition)
    return Definition;
  // A library kernel reported by kernel: the call that ran most of it (the
  // usages are by decreasing GPU time).
  auto Hottest = std::find_if(Sites.begin(), Sites.end(),
                              [](const SiteUsage &U) { return U.Scope; });
  if (Hottest != Sites.end())
    return Hottest->Scope->Where;
  return std::nullopt;
}

bool KernelReport::outside() const {
  if (Call || Definition)
    return false;
  return std::all_of(Sites.begin(), Sites.end(),
                     [](const SiteUsage &U) { return U.outside(); });
}

std::size_t ProfileReport::modeledKernels() const {
  std::size_t N = 0;
  for (const KernelReport &K : Kernels)
    N += K.Finding.has_value();
  return N;
}

namespace {

/// What the model needs of one kernel's entries with counters.
struct ModelInputs {
  KernelCounters Sum;
  /// Launches behind each averaged counter, for the launch-weighted mean.
  std::map<Counter, double> AverageWeights;
  BoundsInput Bounds;
};

/// The launches, time, sites and shapes of one kernel's entries, and the
/// model's inputs from those with counters.
KernelReport collectEntries(const ProfileDocument &P, const CallIndex &InCall,
                            const std::vector<const ProfileKernel *> &Entries,
                            const ProfileSite *Defining,
                            const ProfileScope *Call,
                            const StaticFactsIndex *Facts, ModelInputs &In) {
  KernelReport R;
  const ProfileKernel &First = *Entries.front();
  if (Defining) {
    R.Kernel = Defining->Kernel;
    R.Definition = Defining->Definition;
  } else {
    R.Kernel = First.Demangled;
  }
  R.ShortName = shortKernelName(R.Kernel);
  R.Call = Call;
  In.Sum.Name = R.Kernel;
  In.Sum.Launches = 0;
  std::map<std::pair<const ProfileSite *, const ProfileScope *>, SiteUsage>
      BySite;
  // Without counters, the parallelism note still applies to every launch.
  std::uint64_t AllMinThreads = 0, AllMinBlocks = 0;
  auto Lower = [](std::uint64_t Min, std::uint64_t V) {
    return Min ? std::min(Min, V) : V;
  };
  for (const ProfileKernel *K : Entries) {
    double Ns = K->estimatedTotalNs();
    R.Launches += K->Launches;
    R.TotalNs += Ns;
    R.Devices.insert(K->Device);
    const ProfileSite *Site = P.siteOf(*K);
    const ProfileScope *Scope = Site ? nullptr : InCall.of(*K);
    SiteUsage &U = BySite[{Site, Scope}];
    U.Site = Site;
    U.Scope = Scope;
    U.Launches += K->Launches;
    U.TotalNs += Ns;
    if (K->Launches > 0) {
      AllMinThreads = Lower(AllMinThreads, K->threadsPerBlock());
      AllMinBlocks = Lower(AllMinBlocks, K->blocks());
    }
    if (K->Counters.empty() || K->Launches == 0)
      continue;
    R.ModeledLaunches += K->Launches;
    R.ModeledNs += Ns;
    if (K->CountersEstimated) {
      R.EstimatedLaunches += K->Launches;
      R.EstimatedNs += Ns;
    }
    accumulate(In.Sum, *K, In.AverageWeights);
    In.Bounds.add(*K, Facts, &P);
    R.MinThreadsPerBlock = Lower(R.MinThreadsPerBlock, K->threadsPerBlock());
    R.MinBlocks = Lower(R.MinBlocks, K->blocks());
  }
  if (R.ModeledLaunches == 0) {
    R.MinThreadsPerBlock = AllMinThreads;
    R.MinBlocks = AllMinBlocks;
  }
  R.Stalls = stallLines(Entries);
  for (auto &[Site, U] : BySite)
    R.Sites.push_back(U);
  std::stable_sort(R.Sites.begin(), R.Sites.end(),
                   [](const SiteUsage &A, const SiteUsage &B) {
                     return A.TotalNs > B.TotalNs;
                   });
  return R;
}

/// The library calls of \p R's kernels (sorted), by decreasing GPU time.
std::vector<CallReport> callReports(const ProfileReport &R) {
  std::vector<CallReport> Out;
  std::map<const ProfileScope *, std::size_t> Index;
  for (std::size_t I = 0; I < R.Kernels.size(); ++I) {
    const KernelReport &K = R.Kernels[I];
    if (!K.Call)
      continue;
    auto [It, New] = Index.try_emplace(K.Call, Out.size());
    if (New)
      Out.push_back(CallReport{K.Call, {}, 0, 0, 0});
    CallReport &C = Out[It->second];
    C.Kernels.push_back(I);
    C.Launches += K.Launches;
    C.TotalNs += K.TotalNs;
  }
  for (CallReport &C : Out)
    C.ShareOfProfile = R.TotalNs > 0 ? C.TotalNs / R.TotalNs : 0;
  std::stable_sort(Out.begin(), Out.end(),
                   [](const CallReport &A, const CallReport &B) {
                     return A.TotalNs > B.TotalNs;
                   });
  return Out;
}

/// Runs the thesis model on the summed counters of \p R's modeled launches.
void predictThesis(KernelReport &R, KernelCounters &Sum,
                   const std::map<Counter, double> &AverageWeights,
                   const DeviceParameters &D, const ModelOptions &Options,
                   bool MeasuredOnDevice) {
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
    R.Models.Parameters = *Params;
    Prediction &P = R.Models.Thesis.emplace(*Pred);
    if (MeasuredOnDevice && R.ModeledNs > 0)
      P.MeasuredMs = R.ModeledNs / 1e6;
    R.Models.Components = computeComponentTimes(Sum, P, D);
  }
}

} // namespace

ProfileReport analyzeProfile(const ProfileDocument &P,
                             const DeviceParameters &D,
                             const ModelOptions &Options, bool MeasuredOnDevice,
                             KernelGrouping Grouping) {
  ProfileReport Report;
  Report.DeviceName = D.Name;
  Report.Grouping = Grouping;
  // The Hopper model needs the device's unit rates (calibrated Hopper GPUs).
  std::optional<UnitRates> Rates;
  if (Options.Choice != ModelChoice::Thesis)
    if (Expected<UnitRates> R = unitRates(D))
      Rates = *R;

  DefiningSites Defined = definingSites(P);
  CallIndex InCall(P);
  auto CallOf = [&](const ProfileKernel &K) {
    return Grouping == KernelGrouping::Call ? InCall.of(K) : nullptr;
  };
  std::map<KernelKey, std::vector<const ProfileKernel *>> Groups;
  for (const ProfileKernel &K : P.Kernels) {
    Groups[keyOf(P, CallOf(K), definingSite(P, Defined, K), K)].push_back(&K);
    Report.TotalNs += K.estimatedTotalNs();
  }

  for (const auto &[Key, Entries] : Groups) {
    ModelInputs In;
    const ProfileKernel &First = *Entries.front();
    KernelReport R =
        collectEntries(P, InCall, Entries, definingSite(P, Defined, First),
                       CallOf(First), Options.Facts.get(), In);
    R.ShareOfProfile = Report.TotalNs > 0 ? R.TotalNs / Report.TotalNs : 0;
    // The samples tell which SMs held a warp, on the GPU they ran on.
    if (std::optional<double> Clock = smClockHz(D, Rates);
        R.Stalls && MeasuredOnDevice && Clock)
      In.Bounds.setResidentSms(residentSms(Entries, *Clock));
    if (R.ModeledLaunches > 0) {
      predictThesis(R, In.Sum, In.AverageWeights, D, Options, MeasuredOnDevice);
      if (Rates)
        addBounds(R, In.Bounds, *Rates, D, Options, MeasuredOnDevice);
    }
    R.Counters = std::move(In.Sum);
    R.Finding = findingOf(R, D.Name);
    Report.Kernels.push_back(std::move(R));
  }
  std::stable_sort(Report.Kernels.begin(), Report.Kernels.end(),
                   [](const KernelReport &A, const KernelReport &B) {
                     return A.TotalNs > B.TotalNs;
                   });
  Report.Calls = callReports(Report);
  return Report;
}

} // namespace headroom
