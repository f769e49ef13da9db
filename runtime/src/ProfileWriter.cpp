//===- ProfileWriter.cpp - headroom.profile/1 as JSON ---------------------===//

#include "ProfileWriter.h"

#include "AtomicFile.h"
#include "Demangle.h"

#include <cmath>

namespace headroom::rt {

using json = nlohmann::ordered_json;

namespace {

json dim3(const Dim3 &D) { return json::array({D.X, D.Y, D.Z}); }

json processJson(const ProcessInfo &P) {
  json J;
  J["pid"] = P.Pid;
  J["host"] = P.Host;
  J["rank"] = P.Rank ? json(*P.Rank) : json(nullptr);
  J["command"] = P.Command;
  J["start_unix_ns"] = P.StartUnixNs;
  J["end_unix_ns"] = P.EndUnixNs;
  return J;
}

json deviceJson(const DeviceIdentity &D) {
  json J;
  J["index"] = D.Index;
  if (!D.Name.empty())
    J["name"] = D.Name;
  if (!D.Uuid.empty())
    J["uuid"] = D.Uuid;
  if (D.ComputeMajor > 0)
    J["compute_capability"] =
        std::to_string(D.ComputeMajor) + "." + std::to_string(D.ComputeMinor);
  if (D.SmCount > 0)
    J["sm_count"] = D.SmCount;
  if (!D.Chip.empty())
    J["chip"] = D.Chip;
  return J;
}

json collectionJson(const CollectionInfo &C) {
  json J;
  J["mode"] = C.Mode;
  J["requested_mode"] = C.RequestedMode;
  J["sampling"] = C.Sampling;
  J["sampling_scope"] = C.SamplingScope;
  J["correlation"] = C.Correlation;
  J["trigger"] = C.Trigger;
  J["flush_interval_s"] = C.FlushIntervalS;
  J["metrics"] = C.Metrics;
  J["passes"] = C.Passes ? json(*C.Passes) : json(nullptr);
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
  return J;
}

json siteJson(const SiteEntry &S) {
  return {{"id", S.Id},
          {"file", S.LaunchFile},
          {"line", S.LaunchLine},
          {"column", S.LaunchColumn},
          {"kernel", S.Kernel},
          {"kernel_file", S.KernelFile},
          {"kernel_line", S.KernelLine},
          {"kernel_column", S.KernelColumn}};
}

json scopeJson(const ScopeEntry &S) {
  return {{"id", S.Id},
          {"file", S.File},
          {"line", S.Line},
          {"column", S.Column},
          {"name", S.Name}};
}

json kernelJson(const KernelStats &K) {
  json J;
  J["site"] = K.Key.Site == NoSite ? json(nullptr) : json(K.Key.Site);
  J["scope"] = K.Key.Scope == NoScope ? json(nullptr) : json(K.Key.Scope);
  J["name"] = K.Key.Kernel;
  J["demangled"] = demangle(K.Key.Kernel);
  J["device"] = K.Key.Device;
  J["grid"] = dim3(K.Key.Grid);
  J["block"] = dim3(K.Key.Block);
  J["dynamic_shared_bytes"] = K.Key.DynamicSharedBytes;
  J["static_shared_bytes"] = K.StaticSharedBytes;
  J["registers_per_thread"] = K.RegistersPerThread;
  J["local_bytes_per_thread"] = K.LocalBytesPerThread;
  J["launches"] = K.Launches;
  if (K.GraphLaunches > 0)
    J["graph_launches"] = K.GraphLaunches;
  KernelStats::Timing T = K.reportedTiming();
  J["timed_launches"] = T.Count;
  J["timing"] = T.Source;
  if (K.Untimed > 0)
    J["untimed_launches"] = K.Untimed;
  // 0 when nothing was timed (timing "none"): readers may rely on numbers.
  J["total_ns"] = T.TotalNs;
  J["min_ns"] = T.MinNs;
  J["max_ns"] = T.MaxNs;
  J["median_ns"] = T.MedianNs;
  J["duration_sample_ns"] = T.SampleNs;
  if (std::optional<std::uint64_t> P = K.profiledNs())
    J["profiled_ns"] = *P;
  if (K.ReplayRecords > 0)
    J["replay_records"] = K.ReplayRecords;
  if (K.Counters) {
    json Counters = json::object();
    // A metric CUPTI could not evaluate (NaN/inf) is left out.
    for (const auto &[Name, Value] : *K.Counters)
      if (std::isfinite(Value))
        Counters[Name] = Value;
    J["counters"] = std::move(Counters);
    J["counter_launches"] = K.CounterLaunches;
  }
  if (!K.CounterError.empty())
    J["counter_error"] = K.CounterError;
  if (!K.CounterNote.empty())
    J["counter_note"] = K.CounterNote;
  return J;
}

} // namespace

json profileToJson(const ProfileData &Data) {
  json J;
  J["schema"] = ProfileSchema;
  J["runtime_version"] = Data.RuntimeVersion;
  J["process"] = processJson(Data.Process);
  json Devices = json::array();
  for (const DeviceIdentity &D : Data.Devices)
    Devices.push_back(deviceJson(D));
  J["devices"] = std::move(Devices);
  J["collection"] = collectionJson(Data.Collection);
  json Sites = json::array();
  for (const SiteEntry &S : Data.Sites)
    Sites.push_back(siteJson(S));
  J["sites"] = std::move(Sites);
  json ScopesJ = json::array();
  for (const ScopeEntry &S : Data.Scopes)
    ScopesJ.push_back(scopeJson(S));
  J["scopes"] = std::move(ScopesJ);
  json Kernels = json::array();
  for (const KernelStats &K : Data.Kernels)
    Kernels.push_back(kernelJson(K));
  J["kernels"] = std::move(Kernels);
  return J;
}

bool writeProfile(const ProfileData &Data, const std::string &Path,
                  std::string &Error) {
  try {
    // Replace invalid UTF-8 (odd kernel or file names) instead of throwing.
    std::string Text = profileToJson(Data).dump(
        1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    Text.push_back('\n');
    return writeFileAtomically(Path, Text, Error);
  } catch (const std::exception &E) {
    Error = std::string("cannot serialize the profile: ") + E.what();
  } catch (...) {
    Error = "cannot serialize the profile";
  }
  return false;
}

} // namespace headroom::rt
