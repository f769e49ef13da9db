//===- ProfileBuilder.cpp - A profile of Nsight Compute's launches --------===//

#include "import/ProfileBuilder.h"

#include "analysis/SourcePaths.h"
#include "import/KernelNames.h"
#include "support/InputFile.h"
#include "support/JsonInput.h"
#include "support/Paths.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

namespace headroom::ncu {

namespace {

/// At most this many durations are kept per entry, as the runtime keeps
/// (docs/formats.md, duration_sample_ns).
constexpr std::size_t DurationSampleSize = 64;

/// What tells one entry of a kernel from another.
using EntryKey =
    std::tuple<unsigned, std::string, std::array<unsigned, 3>,
               std::array<unsigned, 3>, std::optional<std::uint64_t>,
               std::optional<std::uint64_t>, std::optional<std::uint64_t>>;

EntryKey keyOf(const NcuLaunch &L) {
  return {L.Device.Index,
          L.Kernel,
          L.Grid,
          L.Block,
          L.DynamicSharedBytes,
          L.StaticSharedBytes,
          L.RegistersPerThread};
}

std::uint64_t nanoseconds(double Ns) {
  return std::uint64_t(std::llround(std::min(Ns, double(MaxProfileCount))));
}

/// The median of ascending \p Sorted: the mean of the two middle ones for
/// an even count, as the runtime takes it.
std::uint64_t medianOf(const std::vector<std::uint64_t> &Sorted) {
  std::size_t N = Sorted.size();
  if (N == 0)
    return 0;
  if (N % 2)
    return Sorted[N / 2];
  return Sorted[N / 2 - 1] / 2 + Sorted[N / 2] / 2 +
         (Sorted[N / 2 - 1] % 2 + Sorted[N / 2] % 2) / 2;
}

/// The entry of the launches \p Launches (of one key).
ProfileKernel entryOf(const std::vector<const NcuLaunch *> &Launches,
                      std::uint64_t Site) {
  const NcuLaunch &First = *Launches.front();
  ProfileKernel K;
  K.Site = Site;
  K.Name = First.Kernel;
  K.Demangled = demanglerSpelling(First.Kernel);
  K.Device = First.Device.Index;
  K.Grid = First.Grid;
  K.Block = First.Block;
  K.DynamicSharedBytes = First.DynamicSharedBytes.value_or(0);
  K.StaticSharedBytes = First.StaticSharedBytes;
  K.RegistersPerThread = First.RegistersPerThread;
  K.Launches = Launches.size();
  // Every launch ran, and was timed, under the profiler.
  K.TimedLaunches = K.Launches;
  K.Timing = "profiled";
  std::vector<std::uint64_t> Durations;
  double Total = 0;
  for (const NcuLaunch *L : Launches) {
    Durations.push_back(nanoseconds(L->DurationNs));
    Total += L->DurationNs;
  }
  K.TotalNs = nanoseconds(Total);
  K.MinNs = *std::min_element(Durations.begin(), Durations.end());
  K.MaxNs = *std::max_element(Durations.begin(), Durations.end());
  K.ProfiledNs = nanoseconds(Total / double(Launches.size()));
  // An even spread over the launches, in launch order, then sorted.
  std::size_t N = Durations.size();
  std::size_t Kept = std::min(N, DurationSampleSize);
  for (std::size_t I = 0; I < Kept; ++I)
    K.DurationSampleNs.push_back(Durations[I * N / Kept]);
  std::sort(K.DurationSampleNs.begin(), K.DurationSampleNs.end());
  K.MedianNs = medianOf(K.DurationSampleNs);
  // Each counter's mean over the launches that have it.
  std::map<std::string, std::pair<double, std::size_t>> Sums;
  std::vector<std::string> Order;
  std::uint64_t Counted = 0;
  for (const NcuLaunch *L : Launches) {
    Counted += !L->Counters.empty();
    for (const auto &[Name, Value] : L->Counters) {
      auto [It, New] = Sums.try_emplace(Name, 0.0, 0);
      if (New)
        Order.push_back(Name);
      It->second.first += Value;
      ++It->second.second;
    }
  }
  for (const std::string &Name : Order) {
    double Mean = Sums[Name].first / double(Sums[Name].second);
    // Below what a profile holds (support/JsonInput.h): nothing counted.
    K.Counters[Name] = std::fabs(Mean) < MinQuantity ? 0.0 : Mean;
  }
  if (Counted > 0)
    K.CounterLaunches = Counted;
  else
    K.CounterNote = "Nsight Compute recorded none of the model's metrics "
                    "for these launches";
  return K;
}

/// Line \p Line of the file \p Path, when it can be read.
std::optional<std::string> lineOf(const std::string &Path, unsigned Line) {
  if (!isRegularFile(Path))
    return std::nullopt;
  Expected<std::string> Text = readInputFile(Path, MaxTextFileBytes);
  if (!Text)
    return std::nullopt;
  std::istringstream In(*Text);
  std::string L;
  for (unsigned I = 1; std::getline(In, L); ++I)
    if (I == Line)
      return L;
  return std::nullopt;
}

/// Where the site of \p Source points: its file on this machine where
/// found, and the column of the kernel's name on the line found there, else
/// on the line as the page prints it.
SourceLocation definitionOf(const SourcePageFile &Page,
                            const BuildOptions &Options, std::string &Directory,
                            std::vector<std::string> &Warnings) {
  const KernelSource &S = Page.Source;
  SourceLocation L{normalizedPath(S.File), S.Line, 0};
  if (L.File.empty() || L.File == ".")
    return {}; // names no file
  if (!Options.SourceRoot.empty()) {
    std::string Here =
        L.File.front() == '/'
            ? locateUnder(L.File, Options.SourceRoot)
            : (isRegularFile(Options.SourceRoot + "/" + L.File)
                   ? normalizedPath(Options.SourceRoot + "/" + L.File)
                   : std::string());
    if (Here.empty())
      Warnings.push_back("the source of kernel '" + launchedName(S.Function) +
                         "', " + L.File + ", is not under --source-root " +
                         Options.SourceRoot + ": its path is kept as recorded");
    else
      L.File = Here;
    // Found relative to here: the profile says where here is, as the
    // runtime records the directory a compile ran in.
    if (!Here.empty() && L.File.front() != '/')
      Directory = absolutePath(".");
  }
  std::string Identifier = kernelIdentifierOf(S.Function);
  if (std::optional<std::string> Text = lineOf(L.File, L.Line))
    L.Column = columnOfIdentifier(*Text, Identifier);
  if (L.Column == 0)
    L.Column = S.NameColumn > 0 ? S.NameColumn : 1;
  return L;
}

void fillProcess(ProfileDocument &P, const NcuRawPage &Raw) {
  ProfileProcess Process;
  const NcuLaunch &First = Raw.Launches.front();
  bool SamePid = true, SameName = true, SameHost = true;
  for (const NcuLaunch &L : Raw.Launches) {
    SamePid &= L.Pid == First.Pid;
    SameName &= L.Process == First.Process;
    SameHost &= L.Host == First.Host;
  }
  if (SamePid)
    Process.Pid = First.Pid;
  if (SameName && !First.Process.empty())
    Process.Command = First.Process;
  if (SameHost && !First.Host.empty())
    Process.Host = First.Host;
  P.Process = Process;
}

} // namespace

Expected<ImportedProfile> buildProfile(const NcuRawPage &Raw,
                                       const std::vector<SourcePageFile> &Pages,
                                       const BuildOptions &Options) {
  ImportedProfile Out;
  ProfileDocument &P = Out.Profile;
  Out.Launches = Raw.Launches.size();
  // Kernels and devices in the order of their first launch.
  std::vector<std::string> Kernels;
  std::map<std::string, std::uint64_t> SiteOf;
  std::set<unsigned> Devices;
  std::map<EntryKey, std::vector<const NcuLaunch *>> Entries;
  std::vector<EntryKey> EntryOrder;
  std::set<std::string> Metrics;
  for (const NcuLaunch &L : Raw.Launches) {
    if (SiteOf.try_emplace(L.Kernel, Kernels.size()).second)
      Kernels.push_back(L.Kernel);
    if (Devices.insert(L.Device.Index).second)
      P.Devices.push_back({L.Device.Index,
                           L.Device.Name,
                           "",
                           {},
                           L.Device.ComputeCapability,
                           L.Device.SmCount,
                           ""});
    auto [It, New] = Entries.try_emplace(keyOf(L));
    if (New)
      EntryOrder.push_back(It->first);
    It->second.push_back(&L);
    for (const auto &[Name, Value] : L.Counters)
      Metrics.insert(Name);
  }
  // Each source page to its kernel.
  std::map<std::string, const SourcePageFile *> PageOf;
  for (const SourcePageFile &Page : Pages) {
    const std::string &F = Page.Source.Function;
    auto Named =
        std::find_if(Kernels.begin(), Kernels.end(), [&](const std::string &K) {
          return K == F || demanglerSpelling(K) == demanglerSpelling(F);
        });
    std::string Where =
        Page.Path + ": line " + std::to_string(Page.Source.FunctionLine);
    if (Named == Kernels.end())
      return Error(Where + ": a source page of kernel '" + printable(F, 200) +
                   "', which the raw page has no launch of");
    auto [It, New] = PageOf.try_emplace(*Named, &Page);
    if (!New)
      return Error(Where + ": a second source page of kernel '" +
                   printable(F, 200) + "' (the first: " + It->second->Path +
                   ")");
  }
  for (std::size_t I = 0; I < Kernels.size(); ++I) {
    ProfileSite S;
    S.Id = I;
    S.Kernel = launchedName(Kernels[I]);
    if (S.Kernel.empty())
      S.Kernel = Kernels[I];
    if (auto It = PageOf.find(Kernels[I]); It != PageOf.end())
      S.Definition =
          definitionOf(*It->second, Options, S.Directory, Out.Warnings);
    else
      Out.Warnings.push_back(
          "no source page of kernel '" + S.Kernel +
          "': its diagnostics have no location (export one with ncu "
          "--import REPORT --csv --page source --print-source sass,cuda -k " +
          kernelIdentifierOf(Kernels[I]) + " -c 1)");
    P.Sites.push_back(std::move(S));
  }
  for (const EntryKey &Key : EntryOrder)
    P.Kernels.push_back(entryOf(Entries[Key], SiteOf[std::get<1>(Key)]));
  fillProcess(P, Raw);
  ProfileCollection &C = P.Collection;
  C.Mode = "counters";
  C.RequestedMode = "counters";
  C.Sampling = "all";
  C.SamplingScope = "all";
  C.Trigger = "import";
  C.Metrics.assign(Metrics.begin(), Metrics.end());
  C.Notes.push_back("imported by headroom import from Nsight Compute's raw "
                    "page " +
                    fileName(Options.RawPath) +
                    ": every launch profiled, launch sites unknown");
  C.Warnings = Out.Warnings;
  return Out;
}

} // namespace headroom::ncu
