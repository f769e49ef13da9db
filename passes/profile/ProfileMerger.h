//===- ProfileMerger.h - One profile from many processes --------*- C++ -*-===//
///
/// \file
/// Combines the headroom.profile/1 documents of several processes or ranks
/// (`headroom merge`) into one headroom.profile/1 document that every reader
/// of profiles takes as it is:
///
///  - sites and scopes are united by source location (and kernel), and
///    renumbered in order of first appearance;
///  - devices of the same model (name, compute capability, SM count, chip)
///    become one device listing every UUID, or, with KeepDevices, each
///    physical device (UUID) stays apart;
///  - kernel entries with the same site or scope, kernel, device and
///    configuration are summed: launches, timed launches, totals, minimum
///    and maximum; the median comes from the entries' duration samples
///    weighted by the launches they stand for (DurationMerge.h); only the
///    best timing source present contributes ("unprofiled" over "profiled"
///    over "counters"), so measured and estimated durations never mix;
///  - counters are averaged, weighted by each entry's counter_launches (the
///    number of sampled launches behind its values), and counter_launches
///    is summed;
///  - the collection section sums records, drops and diagnostics, unites
///    metrics and warnings (each warning prefixed with its source), keeps
///    the largest pass count, and says "mixed" where the inputs disagree;
///  - "sources" lists every input process (path, pid, host, rank, command,
///    trigger, mode); merging merged profiles carries their sources over,
///    and the same process given twice is an error.
///
/// Not thread-safe. Inputs are validated field by field; an error names the
/// source, the JSON path and what was expected, and leaves the merger as it
/// was before that input.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_PROFILE_PROFILEMERGER_H
#define HEADROOM_PROFILE_PROFILEMERGER_H

#include "support/Error.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace headroom::profile {

struct MergeOptions {
  /// Keep each physical device (UUID) apart instead of merging devices of
  /// the same model.
  bool KeepDevices = false;
};

class ProfileMerger {
public:
  explicit ProfileMerger(MergeOptions Opts = {}) : Opts(Opts) {}

  /// Adds one profile; \p Source names it in errors, warnings and sources
  /// (normally its path).
  Status add(const nlohmann::json &Profile, const std::string &Source);

  /// How many profiles were added.
  std::size_t size() const { return Inputs.size(); }

  /// The merged headroom.profile/1 document.
  nlohmann::ordered_json result() const;

private:
  Status addChecked(const nlohmann::json &Profile, const std::string &Source);

  MergeOptions Opts;
  /// The validated inputs, with their source names, in order.
  std::vector<std::pair<std::string, nlohmann::json>> Inputs;
  /// Processes seen (host, pid, start) -> source, to refuse duplicates.
  std::map<std::string, std::string> Processes;
};

} // namespace headroom::profile

#endif // HEADROOM_PROFILE_PROFILEMERGER_H
