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
///    configuration are summed (MergedKernel.h);
///  - the collection section sums records, drops and diagnostics, unites
///    metrics and warnings (each warning prefixed with its source), keeps
///    the largest pass count, and says "mixed" where the inputs disagree;
///  - "sources" lists every input process (path, pid, host, rank, command,
///    trigger, mode); merging merged profiles carries their sources over,
///    and the same process given twice is an error.
///
/// The inputs are typed documents that the profile reader validated
/// (schema/ProfileReader.h). Not thread-safe.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MERGE_PROFILEMERGER_H
#define HEADROOM_MERGE_PROFILEMERGER_H

#include "schema/ProfileDocument.h"
#include "support/Error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace headroom::merge {

struct MergeOptions {
  /// Keep each physical device (UUID) apart instead of merging devices of
  /// the same model.
  bool KeepDevices = false;
};

class ProfileMerger {
public:
  explicit ProfileMerger(MergeOptions Opts = {}) : Opts(Opts) {}

  /// Adds one profile; \p Source names it in errors, warnings and sources
  /// (normally its path). Fails, naming \p Source and leaving the merger as
  /// it was, when a process it stands for was added already.
  Status add(ProfileDocument Profile, const std::string &Source);

  /// How many profiles were added.
  std::size_t size() const { return Inputs.size(); }

  /// The merged headroom.profile/1 document.
  ProfileDocument result() const;

private:
  /// A process as merge tells processes apart: host, pid and start time.
  using ProcessKey =
      std::tuple<std::optional<std::string>, std::optional<std::int64_t>,
                 std::optional<std::uint64_t>>;
  struct Input {
    std::string Source;
    ProfileDocument Doc;
  };
  /// Input positions of sites, scopes and devices -> merged ids.
  struct IdMaps {
    std::vector<std::vector<std::uint64_t>> Sites, Scopes;
    std::vector<std::map<unsigned, unsigned>> Devices;
  };

  std::vector<ProfileSource> sources() const;
  static ProfileProcess process(const std::vector<ProfileSource> &Sources);
  std::string runtimeVersion() const;
  std::vector<ProfileDevice> devices(IdMaps &Ids) const;
  ProfileCollection collection() const;
  void collectionLists(ProfileCollection &C) const;
  /// collection.stall_sampling: the inputs' mode ("mixed" where they
  /// disagree), their shortest period and the first note.
  std::optional<StallSamplingInfo> stallSampling() const;
  std::vector<ProfileSite> sites(IdMaps &Ids) const;
  std::vector<ProfileScope> scopes(IdMaps &Ids) const;
  std::vector<ProfileKernel> kernels(const IdMaps &Ids) const;

  MergeOptions Opts;
  /// The inputs with their source names, in order.
  std::vector<Input> Inputs;
  /// Processes seen -> the source that holds them, to refuse duplicates.
  std::map<ProcessKey, std::string> Processes;
};

} // namespace headroom::merge

#endif // HEADROOM_MERGE_PROFILEMERGER_H
