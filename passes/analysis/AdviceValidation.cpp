//===- AdviceValidation.cpp - Advice against the change applied -----------===//

#include "analysis/AdviceValidation.h"

#include "analysis/KernelBounds.h"
#include "support/InputFile.h"

#include <cmath>
#include <map>
#include <sstream>

namespace headroom {

namespace {

/// Pairs files are a few kilobytes.
constexpr std::uint64_t MaxPairsBytes = 1 << 20;

std::vector<std::string> tabFields(const std::string &Line) {
  std::vector<std::string> Fields;
  std::string Field;
  std::istringstream In(Line);
  while (std::getline(In, Field, '\t'))
    Fields.push_back(Field);
  return Fields;
}

/// An entry's time: the median launch times its launches.
double entryMs(const ProfileKernel &K) {
  return (K.MedianNs ? double(*K.MedianNs) * double(K.Launches)
                     : K.estimatedTotalNs()) /
         1e6;
}

/// A case's time: every launch of every kernel.
double caseMs(const RecordedCase &C) {
  double Ms = 0;
  for (const ProfileKernel &K : C.Profile.Kernels)
    Ms += entryMs(K);
  return Ms;
}

/// One kernel of a case: its entries' model input and their time.
struct CaseKernel {
  BoundsInput Input;
  double Ms = 0;
};

std::vector<CaseKernel> caseKernels(const RecordedCase &C,
                                    const StaticFactsIndex *Facts) {
  std::map<std::string, CaseKernel> ByName;
  for (const ProfileKernel &K : C.Profile.Kernels) {
    CaseKernel &Into = ByName[K.Demangled];
    Into.Ms += entryMs(K);
    if (!K.Counters.empty())
      Into.Input.add(K, Facts, &C.Profile);
  }
  std::vector<CaseKernel> Kernels;
  for (auto &[Name, K] : ByName)
    Kernels.push_back(std::move(K));
  return Kernels;
}

/// "none, register-tiling, bank-conflicts, ...".
std::string adviceKeys() {
  std::string Keys = "none";
  for (const WhatIf *W : whatIfs())
    Keys += ", " + std::string(W->info().Key);
  return Keys;
}

/// The pair's outcome: each kernel's time divided by the what-if's
/// estimated speedup where it applies there.
AdviceOutcome outcomeOf(const AdvicePair &P, const RecordedCase &Before,
                        const RecordedCase &After, const UnitRates &R,
                        const StaticFactsIndex *Facts) {
  AdviceOutcome O;
  O.Pair = P;
  O.Family = Before.Family;
  O.BeforeMs = caseMs(Before);
  O.AfterMs = caseMs(After);
  double Estimated = 0, LongestMs = -1, LongestAdvisedMs = -1;
  bool Offered = false;
  for (const CaseKernel &K : caseKernels(Before, Facts)) {
    std::vector<WhatIfEstimate> Advice =
        K.Input.groups().empty() ? std::vector<WhatIfEstimate>{}
                                 : estimateWhatIfs(K.Input.groups(), R);
    if (K.Ms > LongestMs) {
      LongestMs = K.Ms;
      O.Advice = Advice;
    }
    double Speedup = 1;
    for (const WhatIfEstimate &E : Advice)
      if (P.Advice && E.Id == *P.Advice) {
        Speedup = E.speedup();
        Offered = true;
        if (K.Ms > LongestAdvisedMs) {
          LongestAdvisedMs = K.Ms;
          O.Estimate = E;
        }
      }
    Estimated += K.Ms / Speedup;
  }
  if (Offered)
    O.EstimatedMs = Estimated;
  return O;
}

double geomean(const std::vector<double> &V) {
  if (V.empty())
    return 1;
  double Log = 0;
  for (double X : V)
    Log += std::log(X);
  return std::exp(Log / double(V.size()));
}

AdviceScore scoreOf(const std::vector<AdviceOutcome> &Outcomes) {
  AdviceScore S;
  double Sum = 0, OfferedSum = 0;
  std::vector<double> Measured, Estimated;
  for (const AdviceOutcome &O : Outcomes) {
    ++S.Pairs;
    Sum += O.absError();
    if (!O.EstimatedMs)
      continue;
    ++S.Offered;
    OfferedSum += O.absError();
    S.Slower += O.measuredSpeedup() < 1;
    Measured.push_back(O.measuredSpeedup());
    Estimated.push_back(O.estimatedSpeedup());
  }
  S.MeanAbsErrorPct = S.Pairs ? 100 * Sum / double(S.Pairs) : 0;
  S.OfferedMeanAbsErrorPct =
      S.Offered ? 100 * OfferedSum / double(S.Offered) : 0;
  S.GeomeanMeasured = geomean(Measured);
  S.GeomeanEstimated = geomean(Estimated);
  // Two optimizations applied to one case, at least one of them advised:
  // the one ranked first (the larger estimate; advice not offered ranks
  // last) should gain more.
  for (std::size_t I = 0; I < Outcomes.size(); ++I)
    for (std::size_t J = I + 1; J < Outcomes.size(); ++J) {
      const AdviceOutcome &A = Outcomes[I], &B = Outcomes[J];
      if (A.Pair.Before != B.Pair.Before || A.Pair.Advice == B.Pair.Advice ||
          (!A.EstimatedMs && !B.EstimatedMs) ||
          A.estimatedSpeedup() == B.estimatedSpeedup())
        continue;
      ++S.Ranked;
      S.RankedRight += (A.estimatedSpeedup() > B.estimatedSpeedup()) ==
                       (A.measuredSpeedup() > B.measuredSpeedup());
    }
  return S;
}

} // namespace

double AdviceOutcome::absError() const {
  double Measured = measuredSpeedup();
  return Measured > 0 ? std::abs(estimatedSpeedup() - Measured) / Measured : 0;
}

Expected<std::vector<AdvicePair>> readAdvicePairs(const std::string &Path) {
  Expected<std::string> Text = readInputFile(Path, MaxPairsBytes);
  if (!Text)
    return Text.error().context(Path);
  std::vector<AdvicePair> Pairs;
  std::istringstream In(*Text);
  std::string Line;
  unsigned Number = 0;
  bool Header = false;
  while (std::getline(In, Line)) {
    ++Number;
    if (Line.empty() || Line.front() == '#')
      continue;
    std::vector<std::string> Fields = tabFields(Line);
    auto Fail = [&](const std::string &What) {
      return Error(Path + ": line " + std::to_string(Number) + ": " + What);
    };
    if (Fields.size() != 3)
      return Fail("expected 3 tab-separated fields (before, after, advice), "
                  "got " +
                  std::to_string(Fields.size()));
    if (!Header) {
      Header = true;
      if (Fields[0] == "before")
        continue;
    }
    AdvicePair P{Fields[0], Fields[1], std::nullopt, Number};
    if (Fields[2] != "none") {
      P.Advice = whatIfByKey(Fields[2]);
      if (!P.Advice)
        return Fail("unknown advice '" + Fields[2] + "': expected one of " +
                    adviceKeys());
    }
    Pairs.push_back(std::move(P));
  }
  if (Pairs.empty())
    return Error(Path + ": no pairs");
  return Pairs;
}

Expected<AdviceValidation> validateAdvice(
    std::span<const RecordedCorpus> Recordings, const DeviceParameters &Device,
    const std::vector<AdvicePair> &Pairs, const StaticFactsIndex *Facts) {
  auto Rates = unitRates(Device);
  if (!Rates)
    return Rates.error();
  AdviceValidation V;
  for (const RecordedCorpus &C : Recordings)
    V.Recordings.push_back(C.Dir);
  V.Device = Device.Name;
  auto Find = [&](const std::string &Name) -> const RecordedCase * {
    for (const RecordedCorpus &C : Recordings)
      if (const RecordedCase *Found = C.find(Name))
        return Found;
    return nullptr;
  };
  for (const AdvicePair &P : Pairs) {
    const RecordedCase *Before = Find(P.Before), *After = Find(P.After);
    if (!Before || !After)
      V.Unrecorded.push_back(P);
    else
      V.Outcomes.push_back(outcomeOf(P, *Before, *After, *Rates, Facts));
  }
  V.Score = scoreOf(V.Outcomes);
  return V;
}

Expected<AdviceValidation> validateAdviceRecordings(
    const std::vector<std::string> &Dirs, const std::string &Device,
    const std::string &PairsPath, const StaticFactsIndex *Facts,
    const DeviceRegistry &Registry) {
  auto Pairs = readAdvicePairs(PairsPath);
  if (!Pairs)
    return Pairs.error();
  auto Entry = Registry.lookup(Device);
  if (!Entry)
    return Entry.error();
  std::vector<RecordedCorpus> Recordings;
  for (const std::string &Dir : Dirs) {
    auto Corpus = readRecordedCorpus(Dir);
    if (!Corpus)
      return Corpus.error();
    Recordings.push_back(std::move(*Corpus));
  }
  Expected<AdviceValidation> V =
      validateAdvice(Recordings, Entry->Device, *Pairs, Facts);
  if (V)
    V->PairsFile = PairsPath;
  return V;
}

} // namespace headroom
