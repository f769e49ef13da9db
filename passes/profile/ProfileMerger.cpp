//===- ProfileMerger.cpp - One profile from many processes ----------------===//

#include "profile/ProfileMerger.h"

#include "profile/DurationMerge.h"
#include "profile/ProfileDocument.h"

#include "support/JsonInput.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace headroom::profile {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

namespace {

Status expectUnsigned(const json &J, const std::string &Field,
                      const std::string &Path, bool Required = true) {
  auto It = J.find(Field);
  if (It == J.end() || It->is_null()) {
    if (Required)
      return Error(jsonPath(Path, Field) + ": expected a non-negative integer");
    return Status::success();
  }
  if (!It->is_number_unsigned() &&
      !(It->is_number_integer() && It->get<long long>() >= 0))
    return Error(jsonPath(Path, Field) +
                 ": expected a non-negative integer, got " + It->dump());
  return Status::success();
}

Status expectString(const json &J, const std::string &Field,
                    const std::string &Path, bool Required = true) {
  auto It = J.find(Field);
  if (It == J.end() || It->is_null()) {
    if (Required)
      return Error(jsonPath(Path, Field) + ": expected a string");
    return Status::success();
  }
  if (!It->is_string())
    return Error(jsonPath(Path, Field) + ": expected a string, got " +
                 It->dump());
  return Status::success();
}

Status expectDim3(const json &J, const std::string &Field,
                  const std::string &Path) {
  // As strict as the profile reader of `headroom report`: every size is
  // positive and fits in 32 bits.
  auto It = J.find(Field);
  if (It == J.end() || !It->is_array() || It->size() != 3)
    return Error(jsonPath(Path, Field) +
                 ": expected an array of 3 positive integers");
  for (std::size_t I = 0; I < 3; ++I) {
    const json &V = (*It)[I];
    if (!V.is_number_integer() || V.get<long long>() <= 0 ||
        V.get<std::uint64_t>() > 0xffffffffu)
      return Error(jsonPath(jsonPath(Path, Field), I) +
                   ": expected a positive integer, got " + V.dump());
  }
  return Status::success();
}

std::uint64_t u64(const json &J, const char *Field, std::uint64_t Default = 0) {
  auto It = J.find(Field);
  if (It == J.end() || !It->is_number())
    return Default;
  return It->get<std::uint64_t>();
}

std::string str(const json &J, const char *Field) {
  auto It = J.find(Field);
  return It != J.end() && It->is_string() ? It->get<std::string>() : "";
}

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

int modeRank(const std::string &Mode) {
  if (Mode == "counters")
    return 2;
  if (Mode == "time")
    return 1;
  return 0;
}

/// The processes a profile stands for: its own, or its sources if merged.
std::vector<json> processesOf(const json &P) {
  if (auto It = P.find("sources"); It != P.end() && It->is_array())
    return std::vector<json>(It->begin(), It->end());
  json Source = P.value("process", json::object());
  return {Source};
}

std::string processKey(const json &Process) {
  return Process.value("host", json()).dump() + "|" +
         Process.value("pid", json()).dump() + "|" +
         Process.value("start_unix_ns", json()).dump();
}

Status checkProfile(const json &P) {
  if (Status S = checkProfileEnvelope(P); !S)
    return S;
  auto Process = P.find("process");
  if (Process == P.end() || !Process->is_object())
    return Error("process: expected an object");
  const json &Sites = P["sites"];
  for (std::size_t I = 0; I < Sites.size(); ++I) {
    std::string Path = jsonPath("sites", I);
    if (!Sites[I].is_object())
      return Error(Path + ": expected an object");
    for (const char *F : {"file", "kernel"})
      if (Status S = expectString(Sites[I], F, Path); !S)
        return S;
    for (const char *F : {"line", "column"})
      if (Status S = expectUnsigned(Sites[I], F, Path); !S)
        return S;
    if (Status S = expectUnsigned(Sites[I], "id", Path); !S)
      return S;
    if (Sites[I]["id"].get<std::uint64_t>() != I)
      return Error(jsonPath(Path, "id") + ": expected " + std::to_string(I) +
                   " (ids are the positions in sites)");
  }
  std::size_t NumScopes = 0;
  if (auto Scopes = P.find("scopes"); Scopes != P.end()) {
    if (!Scopes->is_array())
      return Error("scopes: expected an array");
    NumScopes = Scopes->size();
    for (std::size_t I = 0; I < NumScopes; ++I) {
      std::string Path = jsonPath("scopes", I);
      if (!(*Scopes)[I].is_object())
        return Error(Path + ": expected an object");
      for (const char *F : {"file", "name"})
        if (Status S = expectString((*Scopes)[I], F, Path); !S)
          return S;
      for (const char *F : {"line", "column"})
        if (Status S = expectUnsigned((*Scopes)[I], F, Path); !S)
          return S;
    }
  }
  std::set<std::uint64_t> DeviceIndices;
  const json &Devices = P["devices"];
  for (std::size_t I = 0; I < Devices.size(); ++I) {
    std::string Path = jsonPath("devices", I);
    if (!Devices[I].is_object())
      return Error(Path + ": expected an object");
    if (Status S = expectUnsigned(Devices[I], "index", Path); !S)
      return S;
    DeviceIndices.insert(Devices[I]["index"].get<std::uint64_t>());
  }
  const json &Kernels = P["kernels"];
  for (std::size_t I = 0; I < Kernels.size(); ++I) {
    std::string Path = jsonPath("kernels", I);
    const json &K = Kernels[I];
    if (!K.is_object())
      return Error(Path + ": expected an object");
    if (Status S = expectString(K, "name", Path); !S)
      return S;
    for (const char *F : {"grid", "block"})
      if (Status S = expectDim3(K, F, Path); !S)
        return S;
    for (const char *F : {"launches", "total_ns", "min_ns", "max_ns"})
      if (Status S = expectUnsigned(K, F, Path); !S)
        return S;
    for (const char *F :
         {"device", "dynamic_shared_bytes", "timed_launches", "median_ns",
          "untimed_launches", "graph_launches", "replay_records", "profiled_ns",
          "counter_launches", "static_shared_bytes", "registers_per_thread",
          "local_bytes_per_thread"})
      if (Status S = expectUnsigned(K, F, Path, /*Required=*/false); !S)
        return S;
    if (Status S = expectString(K, "timing", Path, false); !S)
      return S;
    if (K["min_ns"].get<std::uint64_t>() > K["max_ns"].get<std::uint64_t>())
      return Error(jsonPath(Path, "min_ns") + ": expected at most max_ns");
    if (Status S = expectUnsigned(K, "site", Path, false); !S)
      return S;
    if (K.contains("site") && !K["site"].is_null() &&
        K["site"].get<std::uint64_t>() >= Sites.size())
      return Error(jsonPath(Path, "site") +
                   ": expected the id of an entry in sites");
    if (Status S = expectUnsigned(K, "scope", Path, false); !S)
      return S;
    if (K.contains("scope") && !K["scope"].is_null() &&
        K["scope"].get<std::uint64_t>() >= NumScopes)
      return Error(jsonPath(Path, "scope") +
                   ": expected the id of an entry in scopes");
    if (K.contains("device") && !DeviceIndices.empty() &&
        !DeviceIndices.count(K["device"].get<std::uint64_t>()))
      return Error(jsonPath(Path, "device") +
                   ": expected the index of an entry in devices");
    if (auto C = K.find("counters"); C != K.end()) {
      if (!C->is_object())
        return Error(jsonPath(Path, "counters") + ": expected an object");
      for (auto It = C->begin(); It != C->end(); ++It)
        if (!It->is_number())
          return Error(jsonPath(jsonPath(Path, "counters"), It.key()) +
                       ": expected a number");
    }
    if (auto D = K.find("duration_sample_ns"); D != K.end()) {
      if (!D->is_array())
        return Error(jsonPath(Path, "duration_sample_ns") +
                     ": expected an array of integers");
      for (const json &V : *D)
        if (!V.is_number_unsigned() && !(V.is_number_integer() && V >= 0))
          return Error(jsonPath(Path, "duration_sample_ns") +
                       ": expected an array of integers");
    }
  }
  return Status::success();
}

/// The device key: the model, or the physical device.
std::string deviceKey(const json &D, bool KeepDevices,
                      const std::string &Source) {
  if (KeepDevices) {
    std::string Uuid = str(D, "uuid");
    if (!Uuid.empty())
      return Uuid;
    return Source + "#" + D["index"].dump();
  }
  return str(D, "name") + "|" + str(D, "compute_capability") + "|" +
         D.value("sm_count", json()).dump() + "|" + str(D, "chip");
}

/// Accumulates one merged kernel entry.
struct KernelAcc {
  ojson First;
  std::uint64_t Launches = 0, Untimed = 0, Graph = 0, Replays = 0;
  int BestTiming = -1;
  std::string BestTimingName = "none";
  std::uint64_t Timed = 0, Total = 0, Min = 0, Max = 0;
  bool HaveMinMax = false;
  std::vector<DurationSampleInput> Samples;
  double ProfiledSum = 0;
  std::uint64_t ProfiledWeight = 0;
  std::map<std::string, std::pair<double, double>> Counters; // sum, weight
  std::vector<std::string> CounterOrder;
  std::uint64_t CounterLaunches = 0;
  std::string Error, Note;
};

} // namespace

Status ProfileMerger::add(const json &Profile, const std::string &Source) {
  if (Status S = addChecked(Profile, Source); !S)
    return S.error().context(Source);
  return Status::success();
}

Status ProfileMerger::addChecked(const json &Profile,
                                 const std::string &Source) {
  if (Status S = checkProfile(Profile); !S)
    return S;
  std::vector<std::string> Keys;
  for (const json &Process : processesOf(Profile)) {
    if (!Process.is_object())
      return Error("sources: expected objects");
    std::string Key = processKey(Process);
    auto It = Processes.find(Key);
    if (It != Processes.end() ||
        std::find(Keys.begin(), Keys.end(), Key) != Keys.end())
      return Error("the same process (host " +
                   Process.value("host", json()).dump() + ", pid " +
                   Process.value("pid", json()).dump() + ") as " +
                   (It != Processes.end() ? It->second : Source));
    Keys.push_back(Key);
  }
  for (const std::string &Key : Keys)
    Processes[Key] = Source;
  Inputs.emplace_back(Source, Profile);
  return Status::success();
}

ojson ProfileMerger::result() const {
  ojson Out;
  Out["schema"] = ProfileSchemaTag;

  // runtime_version and process.
  std::set<std::string> Versions, Hosts, Commands;
  std::uint64_t Start = UINT64_MAX, End = 0;
  ojson Sources = ojson::array();
  for (const auto &[Path, P] : Inputs) {
    Versions.insert(str(P, "runtime_version"));
    std::uint64_t Launches = 0;
    for (const json &K : P["kernels"])
      Launches += K["launches"].get<std::uint64_t>();
    const json &C = P["collection"];
    for (const json &Proc : processesOf(P)) {
      if (Proc.contains("host") && Proc["host"].is_string())
        Hosts.insert(Proc["host"].get<std::string>());
      if (Proc.contains("command") && Proc["command"].is_string())
        Commands.insert(Proc["command"].get<std::string>());
      Start = std::min(Start, u64(Proc, "start_unix_ns", UINT64_MAX));
      End = std::max(End, u64(Proc, "end_unix_ns"));
      ojson S;
      S["path"] =
          Proc.contains("path") ? Proc["path"].get<std::string>() : Path;
      for (const char *F :
           {"pid", "host", "rank", "command", "start_unix_ns", "end_unix_ns"})
        S[F] = Proc.value(F, json());
      S["trigger"] = Proc.contains("trigger")
                         ? Proc["trigger"]
                         : C.value("trigger", json("exit"));
      S["mode"] =
          Proc.contains("mode") ? Proc["mode"] : C.value("mode", json());
      S["launches"] =
          Proc.contains("launches") ? Proc["launches"] : json(Launches);
      Sources.push_back(std::move(S));
    }
  }
  Out["runtime_version"] = Versions.size() == 1 ? *Versions.begin() : "mixed";
  ojson Process;
  Process["pid"] = nullptr;
  Process["host"] = Hosts.size() == 1 ? ojson(*Hosts.begin()) : ojson(nullptr);
  Process["rank"] = nullptr;
  Process["command"] = Commands.size() == 1 ? *Commands.begin() : "";
  Process["start_unix_ns"] = Start == UINT64_MAX ? 0 : Start;
  Process["end_unix_ns"] = End;
  Out["process"] = std::move(Process);

  // Devices.
  ojson Devices = ojson::array();
  std::map<std::string, std::size_t> DeviceIds;
  std::vector<std::map<std::uint64_t, std::size_t>> DeviceMap(Inputs.size());
  std::vector<std::vector<std::string>> Uuids;
  for (std::size_t I = 0; I < Inputs.size(); ++I) {
    const auto &[Path, P] = Inputs[I];
    for (const json &D : P["devices"]) {
      std::string Key = deviceKey(D, Opts.KeepDevices, Path);
      auto [It, New] = DeviceIds.try_emplace(Key, Devices.size());
      if (New) {
        ojson M;
        M["index"] = It->second;
        for (const char *F : {"name", "compute_capability", "sm_count", "chip"})
          if (D.contains(F))
            M[F] = D[F];
        Devices.push_back(std::move(M));
        Uuids.emplace_back();
      }
      DeviceMap[I][D["index"].get<std::uint64_t>()] = It->second;
      std::vector<std::string> Theirs;
      if (D.contains("uuids") && D["uuids"].is_array())
        for (const json &U : D["uuids"])
          Theirs.push_back(U.get<std::string>());
      else if (!str(D, "uuid").empty())
        Theirs.push_back(str(D, "uuid"));
      for (const std::string &U : Theirs)
        if (std::find(Uuids[It->second].begin(), Uuids[It->second].end(), U) ==
            Uuids[It->second].end())
          Uuids[It->second].push_back(U);
    }
  }
  for (std::size_t D = 0; D < Devices.size(); ++D) {
    if (Uuids[D].size() == 1)
      Devices[D]["uuid"] = Uuids[D][0];
    if (!Uuids[D].empty())
      Devices[D]["uuids"] = Uuids[D];
  }

  // Collection.
  ojson C;
  auto Common = [&](const char *Field, const char *Default) -> ojson {
    std::set<std::string> Values;
    for (const auto &[Path, P] : Inputs)
      Values.insert(P["collection"].value(Field, std::string(Default)));
    if (Values.empty())
      return Default;
    return Values.size() == 1 ? *Values.begin() : "mixed";
  };
  std::string Mode = "counters";
  std::map<std::string, std::uint64_t> Modes;
  for (const auto &[Path, P] : Inputs) {
    std::string M = P["collection"].value("mode", std::string("sites"));
    // A merged input counts the processes behind it, as its sources do.
    auto PM = P["collection"].find("modes");
    if (P.contains("sources") && PM != P["collection"].end() &&
        PM->is_object()) {
      for (auto It = PM->begin(); It != PM->end(); ++It)
        if (It->is_number_integer() && It->get<long long>() >= 0)
          Modes[It.key()] += It->get<std::uint64_t>();
    } else {
      ++Modes[M];
    }
    if (modeRank(M) < modeRank(Mode))
      Mode = M;
  }
  C["mode"] = Inputs.empty() ? "sites" : Mode;
  C["requested_mode"] = Common("requested_mode", "counters");
  C["sampling"] = Common("sampling", "first");
  C["sampling_scope"] = Common("sampling_scope", "sites");
  C["correlation"] = Common("correlation", "callback");
  C["trigger"] = "merge";
  double Flush = 0;
  std::vector<std::string> Metrics, Warnings, Notes;
  std::map<std::string, std::string> Dropped;
  std::vector<std::string> DroppedOrder;
  std::optional<std::uint64_t> Passes;
  std::uint64_t DroppedRecords = 0;
  std::map<std::string, std::uint64_t> Diagnostics;
  for (const auto &[Path, P] : Inputs) {
    const json &PC = P["collection"];
    if (PC.contains("flush_interval_s") && PC["flush_interval_s"].is_number())
      Flush = std::max(Flush, PC["flush_interval_s"].get<double>());
    if (PC.contains("metrics") && PC["metrics"].is_array())
      for (const json &M : PC["metrics"])
        if (M.is_string() && std::find(Metrics.begin(), Metrics.end(),
                                       M.get<std::string>()) == Metrics.end())
          Metrics.push_back(M.get<std::string>());
    if (PC.contains("passes") && PC["passes"].is_number_integer() &&
        PC["passes"].get<long long>() >= 0)
      Passes = std::max(Passes.value_or(0), PC["passes"].get<std::uint64_t>());
    if (PC.contains("dropped_metrics") && PC["dropped_metrics"].is_array())
      for (const json &D : PC["dropped_metrics"])
        if (D.is_object() && !Dropped.count(str(D, "name"))) {
          Dropped[str(D, "name")] = str(D, "reason");
          DroppedOrder.push_back(str(D, "name"));
        }
    std::string Who = Path;
    if (P.contains("process") && P["process"].contains("rank") &&
        P["process"]["rank"].is_number())
      Who = "rank " + P["process"]["rank"].dump() + " (" + Path + ")";
    if (PC.contains("warnings") && PC["warnings"].is_array())
      for (const json &W : PC["warnings"])
        if (W.is_string()) {
          std::string Line = P.contains("sources")
                                 ? W.get<std::string>()
                                 : Who + ": " + W.get<std::string>();
          if (std::find(Warnings.begin(), Warnings.end(), Line) ==
              Warnings.end())
            Warnings.push_back(Line);
        }
    if (PC.contains("notes") && PC["notes"].is_array())
      for (const json &N : PC["notes"])
        if (N.is_string() && std::find(Notes.begin(), Notes.end(),
                                       N.get<std::string>()) == Notes.end())
          Notes.push_back(N.get<std::string>());
    DroppedRecords += u64(PC, "dropped_records");
    if (PC.contains("diagnostics") && PC["diagnostics"].is_object())
      for (auto It = PC["diagnostics"].begin(); It != PC["diagnostics"].end();
           ++It)
        if (It->is_number_integer() && It->get<long long>() >= 0)
          Diagnostics[It.key()] += It->get<std::uint64_t>();
  }
  C["flush_interval_s"] = Flush;
  C["metrics"] = Metrics;
  C["passes"] = Passes ? ojson(*Passes) : ojson(nullptr);
  ojson DroppedJ = ojson::array();
  for (const std::string &Name : DroppedOrder)
    DroppedJ.push_back({{"name", Name}, {"reason", Dropped[Name]}});
  C["dropped_metrics"] = std::move(DroppedJ);
  C["warnings"] = Warnings;
  C["notes"] = Notes;
  C["dropped_records"] = DroppedRecords;
  ojson Diag = ojson::object();
  for (const auto &[Name, Value] : Diagnostics)
    Diag[Name] = Value;
  C["diagnostics"] = std::move(Diag);
  ojson ModesJ = ojson::object();
  for (const auto &[Name, Count] : Modes)
    ModesJ[Name] = Count;
  C["modes"] = std::move(ModesJ);
  Out["devices"] = std::move(Devices);
  Out["collection"] = std::move(C);

  // Sites and scopes.
  ojson Sites = ojson::array(), Scopes = ojson::array();
  std::map<std::string, std::size_t> SiteIds, ScopeIds;
  std::vector<std::vector<std::size_t>> SiteMap(Inputs.size()),
      ScopeMap(Inputs.size());
  for (std::size_t I = 0; I < Inputs.size(); ++I) {
    const json &P = Inputs[I].second;
    for (const json &S : P["sites"]) {
      std::string Key = S["file"].dump() + "|" + S["line"].dump() + "|" +
                        S["column"].dump() + "|" + S["kernel"].dump() + "|" +
                        S.value("kernel_file", json()).dump() + "|" +
                        S.value("kernel_line", json()).dump() + "|" +
                        S.value("kernel_column", json()).dump();
      auto [It, New] = SiteIds.try_emplace(Key, Sites.size());
      if (New) {
        ojson M = ojson::parse(S.dump());
        M["id"] = It->second;
        Sites.push_back(std::move(M));
      }
      SiteMap[I].push_back(It->second);
    }
    if (P.contains("scopes"))
      for (const json &S : P["scopes"]) {
        std::string Key = S["file"].dump() + "|" + S["line"].dump() + "|" +
                          S["column"].dump() + "|" + S["name"].dump();
        auto [It, New] = ScopeIds.try_emplace(Key, Scopes.size());
        if (New) {
          ojson M = ojson::parse(S.dump());
          M["id"] = It->second;
          Scopes.push_back(std::move(M));
        }
        ScopeMap[I].push_back(It->second);
      }
  }
  Out["sites"] = std::move(Sites);
  Out["scopes"] = std::move(Scopes);

  // Kernels.
  std::map<std::string, std::size_t> KernelIds;
  std::vector<KernelAcc> Accs;
  for (std::size_t I = 0; I < Inputs.size(); ++I) {
    const json &P = Inputs[I].second;
    for (const json &K : P["kernels"]) {
      ojson Site = K.contains("site") && !K["site"].is_null()
                       ? ojson(SiteMap[I][K["site"].get<std::size_t>()])
                       : ojson(nullptr);
      ojson Scope = K.contains("scope") && !K["scope"].is_null()
                        ? ojson(ScopeMap[I][K["scope"].get<std::size_t>()])
                        : ojson(nullptr);
      std::uint64_t InDevice = u64(K, "device");
      auto Dev = DeviceMap[I].find(InDevice);
      ojson Device =
          Dev != DeviceMap[I].end() ? ojson(Dev->second) : ojson(InDevice);
      std::string Key = Site.dump() + "|" + Scope.dump() + "|" +
                        K["name"].dump() + "|" + Device.dump() + "|" +
                        K["grid"].dump() + "|" + K["block"].dump() + "|" +
                        std::to_string(u64(K, "dynamic_shared_bytes"));
      auto [It, New] = KernelIds.try_emplace(Key, Accs.size());
      if (New) {
        Accs.emplace_back();
        ojson &F = Accs.back().First;
        F["site"] = Site;
        F["scope"] = Scope;
        F["name"] = K["name"];
        F["demangled"] = K.value("demangled", K["name"]);
        F["device"] = Device;
        F["grid"] = ojson::parse(K["grid"].dump());
        F["block"] = ojson::parse(K["block"].dump());
        F["dynamic_shared_bytes"] = u64(K, "dynamic_shared_bytes");
      }
      KernelAcc &A = Accs[It->second];
      // Resources the runtime could not learn are left out, not made 0: the
      // first input that has one gives it.
      for (const char *F : {"static_shared_bytes", "registers_per_thread",
                            "local_bytes_per_thread"})
        if (!A.First.contains(F) && K.contains(F) && !K[F].is_null())
          A.First[F] = K[F].get<std::uint64_t>();
      std::uint64_t Launches = K["launches"].get<std::uint64_t>();
      A.Launches += Launches;
      A.Untimed += u64(K, "untimed_launches");
      A.Graph += u64(K, "graph_launches");
      A.Replays += u64(K, "replay_records");
      std::string Timing = str(K, "timing");
      if (Timing.empty())
        Timing = K["total_ns"].get<std::uint64_t>() > 0 ? "unprofiled" : "none";
      int Rank = timingRank(Timing);
      if (Rank > 0) {
        if (Rank > A.BestTiming) {
          A.BestTiming = Rank;
          A.BestTimingName = Timing;
          A.Timed = A.Total = A.Min = A.Max = 0;
          A.HaveMinMax = false;
          A.Samples.clear();
        }
        if (Rank == A.BestTiming) {
          std::uint64_t Timed =
              u64(K, "timed_launches", Timing == "counters" ? 0 : Launches);
          A.Timed += Timed;
          A.Total += K["total_ns"].get<std::uint64_t>();
          std::uint64_t Min = K["min_ns"], Max = K["max_ns"];
          A.Min = A.HaveMinMax ? std::min(A.Min, Min) : Min;
          A.Max = A.HaveMinMax ? std::max(A.Max, Max) : Max;
          A.HaveMinMax = true;
          DurationSampleInput In;
          In.Launches = Timing == "counters"
                            ? std::max<std::uint64_t>(Launches, 1)
                            : Timed;
          if (K.contains("duration_sample_ns") &&
              !K["duration_sample_ns"].empty())
            for (const json &V : K["duration_sample_ns"])
              In.Values.push_back(V.get<std::uint64_t>());
          else if (K.contains("median_ns"))
            In.Values.push_back(K["median_ns"].get<std::uint64_t>());
          else if (Timed > 0)
            In.Values.push_back(K["total_ns"].get<std::uint64_t>() / Timed);
          A.Samples.push_back(std::move(In));
        }
      } else if (A.BestTiming < 0) {
        A.BestTiming = 0;
      }
      std::uint64_t Sampled = u64(K, "counter_launches", 1);
      if (K.contains("profiled_ns")) {
        A.ProfiledSum +=
            static_cast<double>(u64(K, "profiled_ns")) *
            static_cast<double>(std::max<std::uint64_t>(Sampled, 1));
        A.ProfiledWeight += std::max<std::uint64_t>(Sampled, 1);
      }
      if (K.contains("counters")) {
        double W = static_cast<double>(std::max<std::uint64_t>(Sampled, 1));
        for (auto C = K["counters"].begin(); C != K["counters"].end(); ++C) {
          auto [Slot, NewMetric] = A.Counters.try_emplace(C.key(), 0.0, 0.0);
          if (NewMetric)
            A.CounterOrder.push_back(C.key());
          Slot->second.first += C->get<double>() * W;
          Slot->second.second += W;
        }
        A.CounterLaunches += std::max<std::uint64_t>(Sampled, 1);
      }
      if (A.Error.empty())
        A.Error = str(K, "counter_error");
      if (A.Note.empty())
        A.Note = str(K, "counter_note");
    }
  }
  ojson Kernels = ojson::array();
  for (KernelAcc &A : Accs) {
    ojson K = std::move(A.First);
    K["launches"] = A.Launches;
    if (A.Graph > 0)
      K["graph_launches"] = A.Graph;
    K["timed_launches"] = A.Timed;
    K["timing"] = A.BestTiming > 0 ? A.BestTimingName : "none";
    if (A.Untimed > 0)
      K["untimed_launches"] = A.Untimed;
    K["total_ns"] = A.Total;
    K["min_ns"] = A.Min;
    K["max_ns"] = A.Max;
    MergedDurations D = mergeDurations(A.Samples);
    K["median_ns"] = D.MedianNs;
    K["duration_sample_ns"] = D.SampleNs;
    if (A.ProfiledWeight > 0)
      K["profiled_ns"] = static_cast<std::uint64_t>(
          std::llround(A.ProfiledSum / static_cast<double>(A.ProfiledWeight)));
    if (A.Replays > 0)
      K["replay_records"] = A.Replays;
    if (!A.Counters.empty()) {
      ojson Counters = ojson::object();
      for (const std::string &Name : A.CounterOrder) {
        const auto &[Sum, Weight] = A.Counters[Name];
        Counters[Name] = Sum / Weight;
      }
      K["counters"] = std::move(Counters);
      K["counter_launches"] = A.CounterLaunches;
    } else {
      if (!A.Error.empty())
        K["counter_error"] = A.Error;
      if (!A.Note.empty())
        K["counter_note"] = A.Note;
    }
    Kernels.push_back(std::move(K));
  }
  Out["kernels"] = std::move(Kernels);
  Out["sources"] = std::move(Sources);
  return Out;
}

} // namespace headroom::profile
