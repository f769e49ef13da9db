//===- Validation.cpp - The models against recorded ground truth ----------===//

#include "analysis/Validation.h"

#include "analysis/KernelBounds.h"
#include "model/KernelParameters.h"
#include "model/Prediction.h"
#include "model/UnitRates.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace headroom {

const char *validatedModelName(ValidatedModel M) {
  switch (M) {
  case ValidatedModel::Hopper:
    return "hopper";
  case ValidatedModel::Thesis:
    return "thesis";
  case ValidatedModel::Fitted:
    return "fitted";
  }
  return "hopper";
}

const char *counterSourceName(CounterSource S) {
  return S == CounterSource::Headroom ? "headroom" : "ncu";
}

bool KernelOutcome::qualifying() const {
  return ThreadsPerBlock >= 64 && Blocks >= 90 && MeasuredMs >= 0.1;
}

std::optional<double> KernelOutcome::predicted(ValidatedModel M) const {
  switch (M) {
  case ValidatedModel::Hopper:
    return Hopper;
  case ValidatedModel::Thesis:
    return Thesis;
  case ValidatedModel::Fitted:
    return Fitted;
  }
  return std::nullopt;
}

std::optional<double> KernelOutcome::floor(ValidatedModel M) const {
  switch (M) {
  case ValidatedModel::Hopper:
    return HopperFloor;
  case ValidatedModel::Thesis:
    return Thesis;
  case ValidatedModel::Fitted:
    return std::nullopt;
  }
  return std::nullopt;
}

bool isInstructiveFamily(std::string_view Family) {
  return Family == "stream" || Family == "intensity" || Family == "special" ||
         Family == "memlevels";
}

namespace {

/// Counter values (per launch) by CUPTI metric name, from a profile entry or
/// an Nsight Compute launch.
using CounterValues = std::map<std::string, double>;

CounterValues valuesOf(const ProfileKernel &K) {
  return CounterValues(K.Counters.begin(), K.Counters.end());
}

std::optional<double> valueOf(const CounterValues &V, Counter C) {
  auto It = V.find(std::string(counterInfo(C).HopperName));
  if (It == V.end())
    return std::nullopt;
  return It->second;
}

/// One launch's counters as the thesis model's input.
KernelCounters thesisCounters(const CounterValues &V, const std::string &Name) {
  KernelCounters K;
  K.Name = Name;
  K.Launches = 1;
  for (const CounterInfo &Info : counterCatalog()) {
    std::optional<double> X = valueOf(V, Info.Id);
    if (!X)
      continue;
    if (isModelInput(Info.Id))
      K.setInput(Info.Id, *X);
    else
      K.Carried[Info.Id] = *X;
  }
  return K;
}

HopperPrediction hopperOf(const CounterValues &V, const ProfileKernel &K,
                          const UnitRates &R, double MeasuredMs,
                          const StaticFactsIndex *Facts) {
  LaunchGroup G = launchGroup([&](Counter C) { return valueOf(V, C); },
                              {K.blocks(), K.threadsPerBlock()}, 1);
  applyStaticFacts(G, K, Facts);
  // The measured time is the median of the launches timed after the
  // sampled (cold) one.
  if (K.Launches > 1)
    G.ColdLaunches = 0;
  return predictHopper({&G, 1}, R, MeasuredMs);
}

std::optional<Regime> ncuVerdict(std::optional<double> Sm,
                                 std::optional<double> Memory) {
  if (!Sm || !Memory)
    return std::nullopt;
  if (std::max(*Sm, *Memory) < NcuLatencyBelowPct)
    return Regime::Latency;
  return *Sm >= *Memory ? Regime::Compute : Regime::Memory;
}

std::optional<double> smPct(const NcuLaunch &L) {
  return L.metric("sm__throughput.avg.pct_of_peak_sustained_elapsed");
}

std::optional<double> memoryPct(const NcuLaunch &L) {
  return L.metric(
      "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed");
}

double median(std::vector<double> V) {
  if (V.empty())
    return 0;
  std::sort(V.begin(), V.end());
  std::size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

/// The counters and measured time of one entry from the chosen source;
/// nullopt when that source has no data for it.
struct Observation {
  CounterValues Counters;
  double MeasuredMs = 0;
};

std::optional<Observation>
observe(const ProfileKernel &K, const NcuLaunch *Launch, CounterSource Source) {
  Observation O;
  if (Source == CounterSource::Headroom) {
    if (K.Counters.empty() || !K.MedianNs || *K.MedianNs == 0)
      return std::nullopt;
    O.Counters = valuesOf(K);
    O.MeasuredMs = double(*K.MedianNs) / 1e6;
    return O;
  }
  if (!Launch)
    return std::nullopt;
  std::optional<double> Ns = Launch->metric("gpu__time_duration.sum");
  if (!Ns || *Ns <= 0)
    return std::nullopt;
  O.Counters = CounterValues(Launch->Metrics.begin(), Launch->Metrics.end());
  O.MeasuredMs = *Ns / 1e6;
  return O;
}

ModelScore score(ValidatedModel M, const std::vector<KernelOutcome> &Kernels) {
  ModelScore S;
  S.Model = M;
  std::vector<double> Errors;
  for (const KernelOutcome &K : Kernels) {
    std::optional<double> P = K.predicted(M);
    if (!P)
      continue;
    ++S.Kernels;
    if (std::optional<double> F = K.floor(M);
        F && *F > (1 + FloorTolerance) * K.MeasuredMs)
      ++S.FloorsAbove;
    if (K.qualifying()) {
      ++S.Qualifying;
      Errors.push_back(std::abs(*P - K.MeasuredMs) / K.MeasuredMs);
    }
  }
  S.MedianAbsErrorPct = 100 * median(Errors);
  if (!Errors.empty())
    S.Within25Pct = 100.0 *
                    std::count_if(Errors.begin(), Errors.end(),
                                  [](double E) { return E <= 0.25; }) /
                    Errors.size();
  return S;
}

/// The Hopper prediction of the same entry on the other GPU's recording.
std::optional<std::pair<HopperPrediction, double>>
sourcePrediction(const RecordedCorpus &From, const UnitRates &FromRates,
                 const std::string &Case, const ProfileKernel &Entry,
                 CounterSource Source, const StaticFactsIndex *Facts) {
  const RecordedCase *C = From.find(Case);
  if (!C)
    return std::nullopt;
  for (const ProfileKernel &K : C->Profile.Kernels) {
    if (K.Demangled != Entry.Demangled || K.Grid != Entry.Grid ||
        K.Block != Entry.Block)
      continue;
    std::vector<const NcuLaunch *> Launches = ncuLaunchesOf(C->Ncu, K);
    std::optional<Observation> O =
        observe(K, Launches.empty() ? nullptr : Launches.front(), Source);
    if (!O)
      return std::nullopt;
    return std::make_pair(
        hopperOf(O->Counters, K, FromRates, O->MeasuredMs, Facts),
        O->MeasuredMs);
  }
  return std::nullopt;
}

/// What every model and Nsight Compute say of one observed kernel; the
/// projection is left to the caller.
KernelOutcome outcomeOf(const RecordedCase &C, const ProfileKernel &K,
                        const Observation &O, const NcuLaunch *Launch,
                        const HopperPrediction &H,
                        const DeviceParameters &Device,
                        const ValidationOptions &Options) {
  KernelOutcome Out;
  Out.Case = C.Name;
  Out.Family = C.Family;
  Out.Kernel = kernelBaseName(K.Demangled);
  Out.Blocks = K.blocks();
  Out.ThreadsPerBlock = K.threadsPerBlock();
  Out.MeasuredMs = O.MeasuredMs;
  if (std::optional<Limiter> L = H.limiter()) {
    Out.Hopper = H.predictedMs();
    Out.HopperFloor = H.floorMs();
    Out.Bottleneck = std::string(limiterKey(*L));
    Out.Verdict = H.regime();
    Out.Balanced = H.balanced();
    Out.Utilization = H.utilization();
    if (Options.Fitted)
      Out.Fitted = predictFitted(*Options.Fitted, H, 1);
  }
  if (auto Params =
          deriveKernelParameters(thesisCounters(O.Counters, Out.Kernel)))
    if (auto P = predict(*Params, Device))
      Out.Thesis = P->PredictedMs;
  if (Launch) {
    Out.NcuSmPct = smPct(*Launch);
    Out.NcuMemoryPct = memoryPct(*Launch);
    Out.NcuVerdict = ncuVerdict(Out.NcuSmPct, Out.NcuMemoryPct);
  }
  if (std::vector<const NcuLaunch *> Warm = ncuLaunchesOf(C.NcuWarm, K);
      !Warm.empty())
    Out.NcuWarmVerdict =
        ncuVerdict(smPct(*Warm.front()), memoryPct(*Warm.front()));
  return Out;
}

/// The scores of every model and the verdicts' agreement, from the
/// outcomes already in \p Result.
void scoreOutcomes(ValidationResult &Result, const ValidationOptions &Options) {
  for (ValidatedModel M :
       {ValidatedModel::Hopper, ValidatedModel::Thesis, ValidatedModel::Fitted})
    if (M != ValidatedModel::Fitted || Options.Fitted)
      Result.Scores.push_back(score(M, Result.Kernels));
  // The families neither the fitted weights nor the Hopper model's one
  // chosen constant (model/refinements/IssueAndLoadLatency.h, IssueLatencyNorm)
  // were fitted on.
  std::vector<KernelOutcome> HeldOut;
  for (const KernelOutcome &K : Result.Kernels)
    if (!isInstructiveFamily(K.Family))
      HeldOut.push_back(K);
  Result.HopperHeldOut = score(ValidatedModel::Hopper, HeldOut);
  if (Options.Fitted)
    Result.FittedHeldOut = score(ValidatedModel::Fitted, HeldOut);
  for (const KernelOutcome &K : Result.Kernels) {
    if (!K.Verdict || !K.NcuVerdict)
      continue;
    ++Result.VerdictsCompared;
    bool Agree = *K.Verdict == *K.NcuVerdict;
    Result.VerdictsAgree += Agree;
    // A balanced kernel is limited by both kinds: either verdict is right.
    Result.VerdictsAgreeBalanced +=
        Agree || (K.Balanced && *K.NcuVerdict != Regime::Latency);
    if (*K.NcuVerdict == Regime::Latency) {
      ++Result.NcuLatency;
      Result.LatencyAgree += *K.Verdict == Regime::Latency;
    }
    if (!K.NcuWarmVerdict)
      continue;
    ++Result.WarmCompared;
    Result.WarmAgreesFlushed += *K.NcuWarmVerdict == *K.NcuVerdict;
    Result.VerdictsAgreeWarm += *K.Verdict == *K.NcuWarmVerdict;
    if (*K.NcuWarmVerdict == Regime::Latency) {
      ++Result.NcuWarmLatency;
      Result.LatencyAgreeWarm += *K.Verdict == Regime::Latency;
    }
  }
}

} // namespace

Expected<ValidationResult> validate(const RecordedCorpus &Corpus,
                                    const DeviceParameters &Device,
                                    const ValidationOptions &Options) {
  auto Rates = unitRates(Device);
  if (!Rates)
    return Rates.error();
  std::optional<UnitRates> FromRates;
  if (Options.From && Options.FromDevice) {
    auto R = unitRates(*Options.FromDevice);
    if (!R)
      return R.error();
    FromRates = *R;
  }

  ValidationResult Result;
  Result.Gpu = Corpus.Dir;
  Result.Device = Device.Name;
  Result.Source = Options.Source;
  std::vector<double> ProjectionErrors;
  for (const RecordedCase &C : Corpus.Cases) {
    for (const ProfileKernel &K : C.Profile.Kernels) {
      std::vector<const NcuLaunch *> Launches = ncuLaunchesOf(C.Ncu, K);
      const NcuLaunch *Launch = Launches.empty() ? nullptr : Launches.front();
      std::optional<Observation> O = observe(K, Launch, Options.Source);
      if (!O)
        continue;
      HopperPrediction H =
          hopperOf(O->Counters, K, *Rates, O->MeasuredMs, Options.Facts);
      KernelOutcome Out = outcomeOf(C, K, *O, Launch, H, Device, Options);
      if (FromRates && H.limiter()) {
        if (auto Src = sourcePrediction(*Options.From, *FromRates, C.Name, K,
                                        Options.Source, Options.Facts);
            Src) {
          if (std::optional<double> Ratio = projectionRatio(Src->first, H))
            Out.Projected = Src->second * *Ratio;
        }
        if (Out.Projected && Out.qualifying())
          ProjectionErrors.push_back(std::abs(*Out.Projected - Out.MeasuredMs) /
                                     Out.MeasuredMs);
      }
      Result.Kernels.push_back(std::move(Out));
    }
  }
  scoreOutcomes(Result, Options);
  if (Options.From) {
    Result.ProjectedFrom = Options.From->Dir;
    Result.Projected = ProjectionErrors.size();
    Result.ProjectionMedianAbsErrorPct = 100 * median(ProjectionErrors);
  }
  return Result;
}

Expected<FittedWeights> fitOnCorpus(const RecordedCorpus &Corpus,
                                    const DeviceParameters &Device) {
  auto Rates = unitRates(Device);
  if (!Rates)
    return Rates.error();
  std::vector<FitSample> Samples;
  std::size_t Cases = 0;
  for (const RecordedCase &C : Corpus.Cases) {
    if (!isInstructiveFamily(C.Family))
      continue;
    ++Cases;
    for (const ProfileKernel &K : C.Profile.Kernels) {
      std::optional<Observation> O =
          observe(K, nullptr, CounterSource::Headroom);
      if (!O)
        continue;
      HopperPrediction H =
          hopperOf(O->Counters, K, *Rates, O->MeasuredMs, nullptr);
      if (!H.limiter() || H.regime() == Regime::Latency)
        continue;
      Samples.push_back({std::move(H), 1, O->MeasuredMs});
    }
  }
  if (Samples.empty())
    return Error(Corpus.Dir + ": no kernel of the instructive families "
                              "(stream, intensity, special, memlevels) to fit "
                              "on");
  FittedWeights W = fitWeights(Samples);
  W.TrainedOn = std::to_string(Samples.size()) + " kernels of " +
                std::to_string(Cases) +
                " cases of the validation corpus' instructive families "
                "(stream, intensity, special, memlevels), " +
                Corpus.Dir;
  return W;
}

namespace {

/// The recording a request names and the device it was made on.
struct Recording {
  DeviceEntry Device;
  RecordedCorpus Corpus;
};

Expected<Recording> readRecording(const std::string &Dir,
                                  const std::string &Device,
                                  const DeviceRegistry &Registry) {
  auto D = Registry.lookup(Device);
  if (!D)
    return D.error();
  auto Corpus = readRecordedCorpus(Dir);
  if (!Corpus)
    return Corpus.error();
  return Recording{std::move(*D), std::move(*Corpus)};
}

} // namespace

Expected<ValidationResult> validateRecording(const ValidationRequest &Request,
                                             const DeviceRegistry &Registry) {
  Expected<Recording> Here =
      readRecording(Request.RecordedDir, Request.Device, Registry);
  if (!Here)
    return Here.error();
  const DeviceEntry *Device = &Here->Device;
  ValidationOptions Options;
  Options.Source = Request.Source;
  Options.Facts = Request.Facts.get();
  if (Device->Device.Fitted)
    Options.Fitted = &*Device->Device.Fitted;
  std::optional<Recording> From;
  if (Request.FromDir && Request.FromDevice) {
    Expected<Recording> F =
        readRecording(*Request.FromDir, *Request.FromDevice, Registry);
    if (!F)
      return F.error();
    From = std::move(*F);
    Options.From = &From->Corpus;
    Options.FromDevice = &From->Device.Device;
  }
  return validate(Here->Corpus, Device->Device, Options);
}

Expected<FittedWeights> fitRecording(const ValidationRequest &Request,
                                     const DeviceRegistry &Registry) {
  Expected<Recording> Here =
      readRecording(Request.RecordedDir, Request.Device, Registry);
  if (!Here)
    return Here.error();
  return fitOnCorpus(Here->Corpus, Here->Device.Device);
}

} // namespace headroom
