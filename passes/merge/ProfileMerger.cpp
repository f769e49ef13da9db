//===- ProfileMerger.cpp - One profile from many processes ----------------===//

#include "merge/ProfileMerger.h"

#include "merge/MergedKernel.h"

#include <algorithm>
#include <limits>
#include <set>

namespace headroom::merge {

namespace {

int modeRank(const std::string &Mode) {
  if (Mode == "counters")
    return 2;
  if (Mode == "time")
    return 1;
  return 0;
}

std::uint64_t launchesOf(const ProfileDocument &P) {
  std::uint64_t Launches = 0;
  for (const ProfileKernel &K : P.Kernels)
    addCount(Launches, K.Launches);
  return Launches;
}

/// The processes \p P stands for: its sources if it was merged, else its
/// own process as the source \p Path.
std::vector<ProfileSource> processesOf(const ProfileDocument &P,
                                       const std::string &Path) {
  if (!P.Sources.empty())
    return P.Sources;
  ProfileSource S;
  S.Path = Path;
  if (P.Process) {
    S.Pid = P.Process->Pid;
    S.Host = P.Process->Host;
    S.Rank = P.Process->Rank;
    S.Command = P.Process->Command;
    S.StartUnixNs = P.Process->StartUnixNs;
    S.EndUnixNs = P.Process->EndUnixNs;
  }
  S.Trigger = P.Collection.Trigger.empty() ? "exit" : P.Collection.Trigger;
  if (!P.Collection.Mode.empty())
    S.Mode = P.Collection.Mode;
  S.Launches = launchesOf(P);
  return {S};
}

/// \p Value added to \p List unless it is there already.
void addOnce(std::vector<std::string> &List, const std::string &Value) {
  if (std::find(List.begin(), List.end(), Value) == List.end())
    List.push_back(Value);
}

/// The one value all inputs agree on (\p Default for an input without one),
/// else "mixed".
template <typename Get>
std::string common(const std::vector<const ProfileDocument *> &Docs, Get Field,
                   const char *Default) {
  std::set<std::string> Values;
  for (const ProfileDocument *P : Docs) {
    const std::string &V = Field(P->Collection);
    Values.insert(V.empty() ? std::string(Default) : V);
  }
  if (Values.empty())
    return Default;
  return Values.size() == 1 ? *Values.begin() : "mixed";
}

} // namespace

Status ProfileMerger::add(ProfileDocument Profile, const std::string &Source) {
  std::vector<ProcessKey> Keys;
  for (const ProfileSource &Process : processesOf(Profile, Source)) {
    ProcessKey Key{Process.Host, Process.Pid, Process.StartUnixNs};
    auto It = Processes.find(Key);
    if (It != Processes.end() ||
        std::find(Keys.begin(), Keys.end(), Key) != Keys.end())
      return Error("the same process (host " +
                   (Process.Host ? nlohmann::json(*Process.Host).dump()
                                 : std::string("null")) +
                   ", pid " +
                   (Process.Pid ? std::to_string(*Process.Pid) : "null") +
                   ") as " + (It != Processes.end() ? It->second : Source))
          .context(Source);
    Keys.push_back(Key);
  }
  for (const ProcessKey &Key : Keys)
    Processes[Key] = Source;
  Inputs.push_back({Source, std::move(Profile)});
  return Status::success();
}

std::vector<ProfileSource> ProfileMerger::sources() const {
  std::vector<ProfileSource> All;
  for (const Input &In : Inputs)
    for (ProfileSource &S : processesOf(In.Doc, In.Source))
      All.push_back(std::move(S));
  return All;
}

ProfileProcess
ProfileMerger::process(const std::vector<ProfileSource> &Sources) {
  std::set<std::string> Hosts, Commands;
  std::uint64_t Start = std::numeric_limits<std::uint64_t>::max(), End = 0;
  for (const ProfileSource &S : Sources) {
    if (S.Host)
      Hosts.insert(*S.Host);
    if (S.Command)
      Commands.insert(*S.Command);
    Start = std::min(Start, S.StartUnixNs.value_or(Start));
    End = std::max(End, S.EndUnixNs.value_or(0));
  }
  ProfileProcess P;
  if (Hosts.size() == 1)
    P.Host = *Hosts.begin();
  P.Command = Commands.size() == 1 ? *Commands.begin() : "";
  P.StartUnixNs =
      Start == std::numeric_limits<std::uint64_t>::max() ? 0 : Start;
  P.EndUnixNs = End;
  return P;
}

std::string ProfileMerger::runtimeVersion() const {
  std::set<std::string> Versions;
  for (const Input &In : Inputs)
    Versions.insert(In.Doc.RuntimeVersion);
  return Versions.size() == 1 ? *Versions.begin() : "mixed";
}

std::vector<ProfileDevice> ProfileMerger::devices(IdMaps &Ids) const {
  std::vector<ProfileDevice> Out;
  // The model (name, compute capability, SM count, chip), or with
  // KeepDevices the physical device (its UUID, else its input and index).
  using DeviceKey = std::tuple<std::string, std::string, std::string,
                               std::optional<std::uint64_t>, std::string>;
  std::map<DeviceKey, unsigned> Known;
  Ids.Devices.resize(Inputs.size());
  for (std::size_t I = 0; I < Inputs.size(); ++I)
    for (const ProfileDevice &D : Inputs[I].Doc.Devices) {
      DeviceKey Key =
          !Opts.KeepDevices
              ? DeviceKey{D.Name, D.ComputeCapability, "", D.SmCount, D.Chip}
          : !D.Uuid.empty()
              ? DeviceKey{"", "", D.Uuid, std::nullopt, ""}
              : DeviceKey{"", "",
                          Inputs[I].Source + "#" + std::to_string(D.Index),
                          std::nullopt, ""};
      auto [It, New] = Known.try_emplace(Key, unsigned(Out.size()));
      if (New) {
        ProfileDevice M = D;
        M.Index = It->second;
        M.Uuid.clear();
        M.Uuids.clear();
        Out.push_back(std::move(M));
      }
      Ids.Devices[I][D.Index] = It->second;
      ProfileDevice &M = Out[It->second];
      if (!D.Uuids.empty())
        for (const std::string &U : D.Uuids)
          addOnce(M.Uuids, U);
      else if (!D.Uuid.empty())
        addOnce(M.Uuids, D.Uuid);
    }
  for (ProfileDevice &D : Out)
    if (D.Uuids.size() == 1)
      D.Uuid = D.Uuids.front();
  return Out;
}

ProfileCollection ProfileMerger::collection() const {
  std::vector<const ProfileDocument *> Docs;
  for (const Input &In : Inputs)
    Docs.push_back(&In.Doc);
  ProfileCollection C;
  std::string Mode = "counters";
  for (const ProfileDocument *P : Docs) {
    std::string M = P->Collection.Mode.empty() ? "sites" : P->Collection.Mode;
    // A merged input counts the processes behind it, as its sources do.
    if (!P->Sources.empty() && !P->Collection.Modes.empty())
      for (const auto &[Name, Count] : P->Collection.Modes)
        addCount(C.Modes[Name], Count);
    else
      ++C.Modes[M];
    if (modeRank(M) < modeRank(Mode))
      Mode = M;
  }
  C.Mode = Docs.empty() ? "sites" : Mode;
  C.RequestedMode =
      common(Docs, [](const auto &X) { return X.RequestedMode; }, "counters");
  C.Sampling = common(Docs, [](const auto &X) { return X.Sampling; }, "first");
  C.SamplingScope =
      common(Docs, [](const auto &X) { return X.SamplingScope; }, "sites");
  C.Correlation =
      common(Docs, [](const auto &X) { return X.Correlation; }, "callback");
  C.Trigger = "merge";
  collectionLists(C);
  C.StallSampling = stallSampling();
  return C;
}

std::optional<StallSamplingInfo> ProfileMerger::stallSampling() const {
  // Inputs of runtimes before stall sampling say nothing about it.
  std::optional<StallSamplingInfo> Out;
  for (const Input &In : Inputs) {
    const std::optional<StallSamplingInfo> &S = In.Doc.Collection.StallSampling;
    if (!S)
      continue;
    if (!Out) {
      Out = S;
      continue;
    }
    if (Out->Mode != S->Mode)
      Out->Mode = "mixed";
    // The shortest period, as the merged entries' samples (MergedKernel.h).
    if (S->Period > 0 && (Out->Period == 0 || S->Period < Out->Period))
      Out->Period = S->Period;
    if (Out->Note.empty())
      Out->Note = S->Note;
  }
  return Out;
}

void ProfileMerger::collectionLists(ProfileCollection &C) const {
  for (const Input &In : Inputs) {
    const ProfileCollection &PC = In.Doc.Collection;
    C.FlushIntervalS = std::max(C.FlushIntervalS, PC.FlushIntervalS);
    for (const std::string &M : PC.Metrics)
      addOnce(C.Metrics, M);
    if (PC.Passes)
      C.Passes = std::max(C.Passes.value_or(0), *PC.Passes);
    for (const DroppedMetric &D : PC.DroppedMetrics)
      if (std::none_of(
              C.DroppedMetrics.begin(), C.DroppedMetrics.end(),
              [&](const DroppedMetric &X) { return X.Name == D.Name; }))
        C.DroppedMetrics.push_back(D);
    // Each warning says whose it is, unless a merged input said so already.
    std::string Who = In.Source;
    if (In.Doc.Process && In.Doc.Process->Rank)
      Who = "rank " + std::to_string(*In.Doc.Process->Rank) + " (" + In.Source +
            ")";
    for (const std::string &W : PC.Warnings)
      addOnce(C.Warnings, In.Doc.Sources.empty() ? Who + ": " + W : W);
    for (const std::string &N : PC.Notes)
      addOnce(C.Notes, N);
    addCount(C.DroppedRecords, PC.DroppedRecords);
    for (const auto &[Name, Value] : PC.Diagnostics)
      addCount(C.Diagnostics[Name], Value);
  }
}

std::vector<ProfileSite> ProfileMerger::sites(IdMaps &Ids) const {
  std::vector<ProfileSite> Out;
  // The directory too: "a.cu" compiled in two directories is two files.
  using SiteKey = std::tuple<std::string, unsigned, unsigned, std::string,
                             std::string, unsigned, unsigned, std::string>;
  std::map<SiteKey, std::uint64_t> Known;
  for (const Input &In : Inputs) {
    Ids.Sites.emplace_back();
    for (const ProfileSite &S : In.Doc.Sites) {
      SiteKey Key{S.Launch.File,       S.Launch.Line,
                  S.Launch.Column,     S.Kernel,
                  S.Definition.File,   S.Definition.Line,
                  S.Definition.Column, S.Directory};
      auto [It, New] = Known.try_emplace(Key, Out.size());
      if (New) {
        Out.push_back(S);
        Out.back().Id = It->second;
      }
      Ids.Sites.back().push_back(It->second);
    }
  }
  return Out;
}

std::vector<ProfileScope> ProfileMerger::scopes(IdMaps &Ids) const {
  std::vector<ProfileScope> Out;
  // The directory too, as for sites.
  using ScopeKey =
      std::tuple<std::string, unsigned, unsigned, std::string, std::string>;
  std::map<ScopeKey, std::uint64_t> Known;
  for (const Input &In : Inputs) {
    Ids.Scopes.emplace_back();
    for (const ProfileScope &S : In.Doc.Scopes) {
      ScopeKey Key{S.Where.File, S.Where.Line, S.Where.Column, S.Name,
                   S.Directory};
      auto [It, New] = Known.try_emplace(Key, Out.size());
      if (New) {
        Out.push_back(S);
        Out.back().Id = It->second;
      }
      Ids.Scopes.back().push_back(It->second);
    }
  }
  return Out;
}

std::vector<ProfileKernel> ProfileMerger::kernels(const IdMaps &Ids) const {
  std::map<KernelKey, std::size_t> Known;
  std::vector<MergedKernel> Merged;
  for (std::size_t I = 0; I < Inputs.size(); ++I) {
    const ProfileDocument &P = Inputs[I].Doc;
    for (const ProfileKernel &K : P.Kernels) {
      std::optional<std::uint64_t> Site, Scope;
      if (K.Site)
        Site = Ids.Sites[I][*P.siteIndex(*K.Site)];
      if (K.Scope)
        Scope = Ids.Scopes[I][*P.scopeIndex(*K.Scope)];
      auto Dev = Ids.Devices[I].find(K.Device);
      unsigned Device = Dev != Ids.Devices[I].end() ? Dev->second : K.Device;
      KernelKey Key{
          Site, Scope, K.Name, Device, K.Grid, K.Block, K.DynamicSharedBytes};
      auto [It, New] = Known.try_emplace(Key, Merged.size());
      if (New)
        Merged.emplace_back(K, Site, Scope, Device);
      if (K.Follows.empty()) {
        Merged[It->second].add(K);
        continue;
      }
      // The previous launches' sites and scopes, as merged.
      ProfileKernel Remapped = K;
      for (KernelFollow &F : Remapped.Follows) {
        if (F.Site)
          F.Site = Ids.Sites[I][*P.siteIndex(*F.Site)];
        if (F.Scope)
          F.Scope = Ids.Scopes[I][*P.scopeIndex(*F.Scope)];
      }
      Merged[It->second].add(Remapped);
    }
  }
  std::vector<ProfileKernel> Out;
  for (const MergedKernel &M : Merged)
    Out.push_back(M.result());
  return Out;
}

ProfileDocument ProfileMerger::result() const {
  ProfileDocument Out;
  Out.Sources = sources();
  Out.RuntimeVersion = runtimeVersion();
  Out.Process = process(Out.Sources);
  IdMaps Ids;
  Out.Devices = devices(Ids);
  Out.Collection = collection();
  Out.Sites = sites(Ids);
  Out.Scopes = scopes(Ids);
  Out.Kernels = kernels(Ids);
  return Out;
}

} // namespace headroom::merge
