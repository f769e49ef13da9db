//===- ProfileWriter.cpp - Writing headroom.profile/1 ---------------------===//

#include "schema/ProfileWriter.h"

#include "schema/SchemaTags.h"

namespace headroom {

using json = nlohmann::ordered_json;

namespace {

template <typename T> json orNull(const std::optional<T> &V) {
  return V ? json(*V) : json(nullptr);
}

json dim3(const std::array<unsigned, 3> &D) {
  return json::array({D[0], D[1], D[2]});
}

json processJson(const ProfileProcess &P) {
  json J;
  J["pid"] = orNull(P.Pid);
  J["host"] = orNull(P.Host);
  J["rank"] = orNull(P.Rank);
  J["command"] = orNull(P.Command);
  J["start_unix_ns"] = orNull(P.StartUnixNs);
  J["end_unix_ns"] = orNull(P.EndUnixNs);
  return J;
}

json deviceJson(const ProfileDevice &D, ProfileKeyOrder Order) {
  json J;
  J["index"] = D.Index;
  if (!D.Name.empty())
    J["name"] = D.Name;
  auto Uuids = [&] {
    if (!D.Uuid.empty())
      J["uuid"] = D.Uuid;
    if (!D.Uuids.empty())
      J["uuids"] = D.Uuids;
  };
  if (Order == ProfileKeyOrder::Documented)
    Uuids();
  if (!D.ComputeCapability.empty())
    J["compute_capability"] = D.ComputeCapability;
  if (D.SmCount)
    J["sm_count"] = *D.SmCount;
  if (!D.Chip.empty())
    J["chip"] = D.Chip;
  if (Order == ProfileKeyOrder::Merged)
    Uuids();
  return J;
}

json collectionJson(const ProfileCollection &C) {
  json J;
  J["mode"] = C.Mode;
  J["requested_mode"] = C.RequestedMode;
  J["sampling"] = C.Sampling;
  J["sampling_scope"] = C.SamplingScope;
  J["correlation"] = C.Correlation;
  J["trigger"] = C.Trigger;
  J["flush_interval_s"] = C.FlushIntervalS;
  J["metrics"] = C.Metrics;
  J["passes"] = orNull(C.Passes);
  json Dropped = json::array();
  for (const DroppedMetric &D : C.DroppedMetrics)
    Dropped.push_back({{"name", D.Name}, {"reason", D.Reason}});
  J["dropped_metrics"] = std::move(Dropped);
  J["warnings"] = C.Warnings;
  J["notes"] = C.Notes;
  J["dropped_records"] = C.DroppedRecords;
  json Diag = json::object();
  for (const auto &[Name, Value] : C.Diagnostics)
    Diag[Name] = Value;
  J["diagnostics"] = std::move(Diag);
  if (C.Limits)
    J["sampling_limits"] = {
        {"budget_pct", orNull(C.Limits->BudgetPct)},
        {"samples_per_kernel", orNull(C.Limits->SamplesPerKernel)},
        {"grouping", C.Limits->Grouping}};
  if (const std::optional<StallSamplingInfo> &S = C.StallSampling) {
    J["stall_sampling"] = {{"mode", S->Mode}, {"period", S->Period}};
    if (!S->Note.empty())
      J["stall_sampling"]["note"] = S->Note;
  }
  if (!C.Modes.empty()) {
    json Modes = json::object();
    for (const auto &[Name, Count] : C.Modes)
      Modes[Name] = Count;
    J["modes"] = std::move(Modes);
  }
  return J;
}

json siteJson(const ProfileSite &S, ProfileKeyOrder Order) {
  json J;
  if (Order == ProfileKeyOrder::Merged) {
    J = json::object();
    if (S.hasLaunch())
      J["column"] = S.Launch.Column;
    if (!S.Directory.empty())
      J["directory"] = S.Directory;
    if (S.hasLaunch())
      J["file"] = S.Launch.File;
    J["id"] = S.Id;
    J["kernel"] = S.Kernel;
    if (S.hasDefinition()) {
      J["kernel_column"] = S.Definition.Column;
      J["kernel_file"] = S.Definition.File;
      J["kernel_line"] = S.Definition.Line;
    }
    if (S.hasLaunch())
      J["line"] = S.Launch.Line;
    return J;
  }
  J = {{"id", S.Id}};
  if (S.hasLaunch()) {
    J["file"] = S.Launch.File;
    J["line"] = S.Launch.Line;
    J["column"] = S.Launch.Column;
  }
  J["kernel"] = S.Kernel;
  if (S.hasDefinition()) {
    J["kernel_file"] = S.Definition.File;
    J["kernel_line"] = S.Definition.Line;
    J["kernel_column"] = S.Definition.Column;
  }
  if (!S.Directory.empty())
    J["directory"] = S.Directory;
  return J;
}

json scopeJson(const ProfileScope &S, ProfileKeyOrder Order) {
  json J;
  if (Order == ProfileKeyOrder::Merged) {
    J = {{"column", S.Where.Column}};
    if (!S.Directory.empty())
      J["directory"] = S.Directory;
    J["file"] = S.Where.File;
    J["id"] = S.Id;
    J["line"] = S.Where.Line;
    J["name"] = S.Name;
    return J;
  }
  J = {{"id", S.Id},
       {"file", S.Where.File},
       {"line", S.Where.Line},
       {"column", S.Where.Column},
       {"name", S.Name}};
  if (!S.Directory.empty())
    J["directory"] = S.Directory;
  return J;
}

/// The durations of an entry: launches timed, where the times come from,
/// their sum, extremes, median and sample.
void timingJson(const ProfileKernel &K, json &J) {
  J["timed_launches"] = K.timedLaunches();
  J["timing"] = K.Timing;
  if (K.UntimedLaunches > 0)
    J["untimed_launches"] = K.UntimedLaunches;
  J["total_ns"] = K.TotalNs;
  J["min_ns"] = K.MinNs;
  J["max_ns"] = K.MaxNs;
  J["median_ns"] = K.MedianNs.value_or(0);
  J["duration_sample_ns"] = K.DurationSampleNs;
  if (K.ProfiledNs)
    J["profiled_ns"] = *K.ProfiledNs;
  if (K.ReplayRecords > 0)
    J["replay_records"] = K.ReplayRecords;
}

json stallSamplesJson(const StallSamples &S) {
  json Pcs = json::array();
  for (const StallSamplePc &P : S.Pcs) {
    json Pc = {{"function", P.Function}, {"offset", P.Offset}};
    if (!P.Where.File.empty()) {
      Pc["file"] = P.Where.File;
      Pc["line"] = P.Where.Line;
      if (!P.Directory.empty())
        Pc["directory"] = P.Directory;
    }
    json Stalls = json::object();
    for (const auto &[Reason, Count] : P.Stalls)
      Stalls[Reason] = Count;
    Pc["stalls"] = std::move(Stalls);
    Pcs.push_back(std::move(Pc));
  }
  return {{"launches", S.Launches},
          {"period", S.Period},
          {"dropped", S.Dropped},
          {"pcs", std::move(Pcs)}};
}

json kernelJson(const ProfileKernel &K) {
  json J;
  J["site"] = orNull(K.Site);
  J["scope"] = orNull(K.Scope);
  J["name"] = K.Name;
  J["demangled"] = K.Demangled;
  J["device"] = K.Device;
  J["grid"] = dim3(K.Grid);
  J["block"] = dim3(K.Block);
  J["dynamic_shared_bytes"] = K.DynamicSharedBytes;
  for (auto [Key, Value] :
       {std::pair{"static_shared_bytes", &K.StaticSharedBytes},
        std::pair{"registers_per_thread", &K.RegistersPerThread},
        std::pair{"local_bytes_per_thread", &K.LocalBytesPerThread}})
    if (*Value)
      J[Key] = **Value;
  J["launches"] = K.Launches;
  if (K.GraphLaunches > 0)
    J["graph_launches"] = K.GraphLaunches;
  timingJson(K, J);
  if (K.CounterLaunches || !K.Counters.empty()) {
    json Counters = json::object();
    for (const auto &[Name, Value] : K.Counters)
      Counters[Name] = Value;
    J["counters"] = std::move(Counters);
    if (K.CounterLaunches)
      J["counter_launches"] = *K.CounterLaunches;
  }
  if (!K.CounterError.empty())
    J["counter_error"] = K.CounterError;
  if (!K.CounterNote.empty())
    J["counter_note"] = K.CounterNote;
  if (const std::optional<CounterEstimate> &E = K.CountersEstimated) {
    json From;
    From["site"] = orNull(E->Site);
    From["scope"] = orNull(E->Scope);
    From["grid"] = dim3(E->Grid);
    From["block"] = dim3(E->Block);
    From["dynamic_shared_bytes"] = E->DynamicSharedBytes;
    J["counters_estimated"] = {{"from", std::move(From)}, {"scale", E->Scale}};
    if (E->ThroughGrid)
      J["counters_estimated"]["through_grid"] = dim3(*E->ThroughGrid);
  }
  if (K.Stalls)
    J["stall_samples"] = stallSamplesJson(*K.Stalls);
  if (K.ExaminedLaunches)
    J["examined_launches"] = *K.ExaminedLaunches;
  if (!K.Follows.empty()) {
    json Follows = json::array();
    for (const KernelFollow &F : K.Follows)
      Follows.push_back({{"site", orNull(F.Site)},
                         {"scope", orNull(F.Scope)},
                         {"name", F.Name},
                         {"launches", F.Launches},
                         {"shared_bytes", F.SharedBytes}});
    J["follows"] = std::move(Follows);
  }
  return J;
}

json sourceJson(const ProfileSource &S) {
  json J;
  J["path"] = S.Path;
  J["pid"] = orNull(S.Pid);
  J["host"] = orNull(S.Host);
  J["rank"] = orNull(S.Rank);
  J["command"] = orNull(S.Command);
  J["start_unix_ns"] = orNull(S.StartUnixNs);
  J["end_unix_ns"] = orNull(S.EndUnixNs);
  J["trigger"] = S.Trigger;
  J["mode"] = orNull(S.Mode);
  J["launches"] = S.Launches;
  return J;
}

/// An array of \p Items, each written by \p Write.
template <typename T, typename Fn>
json arrayOf(const std::vector<T> &Items, Fn Write) {
  json A = json::array();
  for (const T &Item : Items)
    A.push_back(Write(Item));
  return A;
}

} // namespace

json profileToJson(const ProfileDocument &Doc, ProfileKeyOrder Order) {
  json J;
  J["schema"] = ProfileSchema;
  J["runtime_version"] = Doc.RuntimeVersion;
  if (Doc.Process)
    J["process"] = processJson(*Doc.Process);
  J["devices"] = arrayOf(Doc.Devices, [&](const ProfileDevice &D) {
    return deviceJson(D, Order);
  });
  J["collection"] = collectionJson(Doc.Collection);
  J["sites"] = arrayOf(
      Doc.Sites, [&](const ProfileSite &S) { return siteJson(S, Order); });
  J["scopes"] = arrayOf(
      Doc.Scopes, [&](const ProfileScope &S) { return scopeJson(S, Order); });
  J["kernels"] = arrayOf(Doc.Kernels, kernelJson);
  if (!Doc.Sources.empty())
    J["sources"] = arrayOf(Doc.Sources, sourceJson);
  return J;
}

std::string profileText(const ProfileDocument &Doc, ProfileKeyOrder Order) {
  std::string Text =
      profileToJson(Doc, Order)
          .dump(1, ' ', false,
                nlohmann::ordered_json::error_handler_t::replace);
  Text.push_back('\n');
  return Text;
}

} // namespace headroom
