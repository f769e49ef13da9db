//===- ProfileExport.cpp - The runtime's profile as a document ------------===//

#include "ProfileExport.h"

#include "AtomicFile.h"
#include "Demangle.h"

#include "schema/ProfileWriter.h"

#include <cmath>

namespace headroom::rt {

namespace {

ProfileProcess process(const ProcessInfo &P) {
  ProfileProcess Out;
  Out.Pid = P.Pid;
  Out.Host = P.Host;
  if (P.Rank)
    Out.Rank = *P.Rank;
  Out.Command = P.Command;
  Out.StartUnixNs = P.StartUnixNs;
  Out.EndUnixNs = P.EndUnixNs;
  return Out;
}

ProfileDevice device(const DeviceIdentity &D) {
  ProfileDevice Out;
  Out.Index = D.Index;
  Out.Name = D.Name;
  Out.Uuid = D.Uuid;
  if (D.ComputeMajor > 0)
    Out.ComputeCapability =
        std::to_string(D.ComputeMajor) + "." + std::to_string(D.ComputeMinor);
  if (D.SmCount > 0)
    Out.SmCount = static_cast<std::uint64_t>(D.SmCount);
  Out.Chip = D.Chip;
  return Out;
}

ProfileCollection collection(const CollectionInfo &C) {
  ProfileCollection Out;
  Out.Mode = C.Mode;
  Out.RequestedMode = C.RequestedMode;
  Out.Sampling = C.Sampling;
  Out.SamplingScope = C.SamplingScope;
  Out.Correlation = C.Correlation;
  Out.Trigger = C.Trigger;
  Out.FlushIntervalS = C.FlushIntervalS;
  Out.Metrics = C.Metrics;
  if (C.Passes)
    Out.Passes = *C.Passes;
  for (const rt::DroppedMetric &D : C.DroppedMetrics)
    Out.DroppedMetrics.push_back({D.Name, D.Reason});
  Out.Warnings = C.Warnings;
  Out.Notes = C.Notes;
  Out.DroppedRecords = C.DroppedRecords;
  Out.Diagnostics = C.Diagnostics;
  Out.Limits = C.Limits;
  Out.StallSampling = C.StallSampling;
  return Out;
}

ProfileKernel kernel(const KernelStats &K) {
  ProfileKernel Out;
  if (K.Key.Site != NoSite)
    Out.Site = K.Key.Site;
  if (K.Key.Scope != NoScope)
    Out.Scope = K.Key.Scope;
  Out.Name = K.Key.Kernel;
  Out.Demangled = demangle(K.Key.Kernel);
  Out.Device = K.Key.Device;
  Out.Grid = {K.Key.Grid.X, K.Key.Grid.Y, K.Key.Grid.Z};
  Out.Block = {K.Key.Block.X, K.Key.Block.Y, K.Key.Block.Z};
  Out.DynamicSharedBytes = K.Key.DynamicSharedBytes;
  Out.StaticSharedBytes = K.StaticSharedBytes;
  Out.RegistersPerThread = K.RegistersPerThread;
  Out.LocalBytesPerThread = K.LocalBytesPerThread;
  Out.Launches = K.Launches;
  Out.GraphLaunches = K.GraphLaunches;
  // 0 when nothing was timed (timing "none"): readers may rely on numbers.
  KernelStats::Timing T = K.reportedTiming();
  Out.TimedLaunches = T.Count;
  Out.Timing = T.Source;
  Out.UntimedLaunches = K.Untimed;
  Out.TotalNs = T.TotalNs;
  Out.MinNs = T.MinNs;
  Out.MaxNs = T.MaxNs;
  Out.MedianNs = T.MedianNs;
  Out.DurationSampleNs = T.SampleNs;
  Out.ProfiledNs = K.profiledNs();
  Out.ReplayRecords = K.ReplayRecords;
  if (K.Counters) {
    // A metric CUPTI could not evaluate (NaN/inf) is left out.
    for (const auto &[Name, Value] : *K.Counters)
      if (std::isfinite(Value))
        Out.Counters[Name] = Value;
    Out.CounterLaunches = K.CounterLaunches;
  }
  Out.CounterError = K.CounterError;
  Out.CounterNote = K.CounterNote;
  if (K.Estimated) {
    const LaunchKey &From = K.Estimated->From;
    CounterEstimate E;
    if (From.Site != NoSite)
      E.Site = From.Site;
    if (From.Scope != NoScope)
      E.Scope = From.Scope;
    E.Grid = {From.Grid.X, From.Grid.Y, From.Grid.Z};
    E.Block = {From.Block.X, From.Block.Y, From.Block.Z};
    E.DynamicSharedBytes = From.DynamicSharedBytes;
    E.Scale = K.Estimated->Scale;
    if (const std::optional<Dim3> &G = K.Estimated->Through)
      E.ThroughGrid = std::array<unsigned, 3>{G->X, G->Y, G->Z};
    Out.CountersEstimated = E;
  }
  Out.Stalls = K.Stalls;
  if (K.Follows.examined() > 0) {
    Out.ExaminedLaunches = K.Follows.examined();
    Out.Follows = K.Follows.follows();
  }
  return Out;
}

} // namespace

ProfileDocument profileDocument(const ProfileData &Data) {
  ProfileDocument Doc;
  Doc.RuntimeVersion = Data.RuntimeVersion;
  Doc.Process = process(Data.Process);
  for (const DeviceIdentity &D : Data.Devices)
    Doc.Devices.push_back(device(D));
  Doc.Collection = collection(Data.Collection);
  for (const SiteEntry &S : Data.Sites)
    Doc.Sites.push_back({S.Id,
                         {S.LaunchFile, S.LaunchLine, S.LaunchColumn},
                         S.Kernel,
                         {S.KernelFile, S.KernelLine, S.KernelColumn},
                         S.Directory});
  for (const ScopeEntry &S : Data.Scopes)
    Doc.Scopes.push_back(
        {S.Id, {S.File, S.Line, S.Column}, S.Name, S.Directory});
  for (const KernelStats &K : Data.Kernels)
    Doc.Kernels.push_back(kernel(K));
  return Doc;
}

nlohmann::ordered_json profileToJson(const ProfileData &Data) {
  return headroom::profileToJson(profileDocument(Data));
}

bool writeProfile(const ProfileData &Data, const std::string &Path,
                  std::string &Error) {
  try {
    return writeFileAtomically(Path, profileText(profileDocument(Data)), Error);
  } catch (const std::exception &E) {
    Error = std::string("cannot serialize the profile: ") + E.what();
  } catch (...) {
    Error = "cannot serialize the profile";
  }
  return false;
}

} // namespace headroom::rt
