//===- AdviceValidation.h - Advice against the change applied ---*- C++ -*-===//
///
/// \file
/// `headroom validate --advice`: the gain a what-if (model/WhatIf.h)
/// estimates for a recorded case of the validation corpus, against the
/// measured speedup of a second case that is the first with that one
/// optimization applied (test/validation/advice-pairs.tsv). Scored as
/// docs/perf/advice.md reports it: the mean absolute error of the
/// estimated speedup, advice whose applied change was slower, and, where
/// two optimizations were applied to one case, whether the one ranked
/// first gained more.
///
/// A case's time is the time of all its launches (every kernel, the
/// profile's median per launch times its launches); its estimated time
/// divides each kernel's share by that kernel's estimated speedup, so a
/// case of several kernels gains what the program would.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_ADVICEVALIDATION_H
#define HEADROOM_ANALYSIS_ADVICEVALIDATION_H

#include "analysis/RecordedCorpus.h"
#include "analysis/Validation.h"
#include "devices/DeviceRegistry.h"
#include "model/DeviceParameters.h"
#include "model/StaticFacts.h"
#include "model/WhatIf.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace headroom {

/// One row of the pairs file.
struct AdvicePair {
  std::string Before, After;
  /// The what-if the pair checks; nullopt for `none`: a change that should
  /// gain too little to be advised.
  std::optional<WhatIfId> Advice;
  unsigned Line = 0;
};

/// Reads a pairs file (tab-separated: before, after, advice key; `#`
/// comments and a header row); errors name the file, the line and what was
/// expected.
Expected<std::vector<AdvicePair>> readAdvicePairs(const std::string &Path);

/// What the model and the GPU said of one pair.
struct AdviceOutcome {
  AdvicePair Pair;
  std::string Family;
  /// Both cases' time, all launches.
  double BeforeMs = 0, AfterMs = 0;
  /// The case's time as the pair's what-if estimates it; nullopt where the
  /// what-if was not offered on any of its kernels.
  std::optional<double> EstimatedMs;
  /// The pair's what-if on the case's longest kernel it applies to.
  std::optional<WhatIfEstimate> Estimate;
  /// Every piece of advice on the before case's longest kernel, ranked.
  std::vector<WhatIfEstimate> Advice;

  double measuredSpeedup() const {
    return AfterMs > 0 ? BeforeMs / AfterMs : 1;
  }
  /// 1 where the what-if was not offered: no gain was promised.
  double estimatedSpeedup() const {
    return EstimatedMs && *EstimatedMs > 0 ? BeforeMs / *EstimatedMs : 1;
  }
  /// |estimated - measured| / measured.
  double absError() const;
};

/// The scores of a validation.
struct AdviceScore {
  std::size_t Pairs = 0, Offered = 0;
  /// Over every pair, and over the pairs whose advice was offered.
  double MeanAbsErrorPct = 0, OfferedMeanAbsErrorPct = 0;
  /// Pairs whose advice was offered but whose applied change was slower.
  std::size_t Slower = 0;
  /// Pairs of pairs with the same before case and different advice, at
  /// least one offered, and how many of them the one ranked first (advice
  /// not offered ranks last) gained more in.
  std::size_t Ranked = 0, RankedRight = 0;
  /// The geometric mean of the measured speedups of offered advice.
  double GeomeanMeasured = 1, GeomeanEstimated = 1;
};

struct AdviceValidation {
  /// The recordings, in the order their cases were looked up.
  std::vector<std::string> Recordings;
  std::string Device, PairsFile;
  std::vector<AdviceOutcome> Outcomes;
  /// Pairs with a case none of the recordings has.
  std::vector<AdvicePair> Unrecorded;
  AdviceScore Score;
};

/// Scores \p Pairs on \p Recordings, made on \p Device, with what \p Facts
/// (the corpus' SASS) says of its kernels. A case is taken from the first
/// recording that has it (a later recording of a family goes first); a pair
/// with a case none has is listed as unrecorded.
Expected<AdviceValidation> validateAdvice(
    std::span<const RecordedCorpus> Recordings, const DeviceParameters &Device,
    const std::vector<AdvicePair> &Pairs, const StaticFactsIndex *Facts);

/// Reads the recordings \p Dirs and \p PairsPath, finds \p Device in
/// \p Registry and validates the advice.
Expected<AdviceValidation> validateAdviceRecordings(
    const std::vector<std::string> &Dirs, const std::string &Device,
    const std::string &PairsPath, const StaticFactsIndex *Facts,
    const DeviceRegistry &Registry);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_ADVICEVALIDATION_H
