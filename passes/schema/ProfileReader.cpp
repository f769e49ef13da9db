//===- ProfileReader.cpp - Reading headroom.profile/1 ---------------------===//

#include "schema/ProfileReader.h"

#include "schema/SchemaTags.h"
#include "support/JsonInput.h"
#include "support/Paths.h"

#include <cmath>
#include <functional>
#include <set>

namespace headroom {

using nlohmann::json;

namespace {

/// A value as this reader's messages show it: scalars as JSON text ("many"
/// in quotes, -3), containers by kind.
std::string shown(const json &V) {
  if (V.is_object())
    return "an object";
  if (V.is_array())
    return "an array";
  std::string Text = V.dump(-1, ' ', false, json::error_handler_t::replace);
  if (V.is_string() && Text.size() > 40)
    Text = Text.substr(0, 36) + "...\"";
  return Text;
}

Error expected(const std::string &Path, std::string_view What, const json &V) {
  return Error((Path.empty() ? std::string("top level") : Path) +
               ": expected " + std::string(What) + ", got " + shown(V));
}

/// A non-negative integer of at most MaxProfileCount.
bool isCount(const json &V) {
  if (V.is_number_unsigned())
    return V.get<std::uint64_t>() <= MaxProfileCount;
  return V.is_number_integer() && V.get<std::int64_t>() >= 0 &&
         std::uint64_t(V.get<std::int64_t>()) <= MaxProfileCount;
}

/// What isCount wants, for messages.
constexpr const char *CountWanted = "a non-negative integer of at most 2^62";

/// Reads the members of one JSON object at a JSON path into typed values.
/// The first problem is kept in the error slot the readers of one document
/// share; after it every accessor returns a default, so a reader reads its
/// fields in the order their problems should be reported and checks the
/// slot once at the end.
class ObjectReader {
public:
  ObjectReader(const json &Obj, std::string Path, std::optional<Error> &Err)
      : Obj(Obj), Path(std::move(Path)), Err(Err) {
    if (!Obj.is_object())
      fail(expected(this->Path, "an object", Obj));
  }

  bool failed() const { return Err.has_value(); }
  void fail(Error E) {
    if (!Err)
      Err = std::move(E);
  }
  const std::string &path() const { return Path; }
  std::string path(std::string_view Key) const { return jsonPath(Path, Key); }

  /// The member \p Key, or null when absent (or after an error).
  const json *member(std::string_view Key) const {
    return failed() ? nullptr : findMember(Obj, Key);
  }
  /// The member \p Key when present and not null.
  const json *given(std::string_view Key) const {
    const json *M = member(Key);
    return M && !M->is_null() ? M : nullptr;
  }

  std::uint64_t count(std::string_view Key) {
    const json *M = member(Key);
    if (!M)
      return missing(Key, "a non-negative integer"), 0;
    return countValue(*M, path(Key));
  }
  std::optional<std::uint64_t> optionalCount(std::string_view Key) {
    const json *M = given(Key);
    if (!M)
      return std::nullopt;
    std::uint64_t V = countValue(*M, path(Key));
    return failed() ? std::nullopt : std::optional(V);
  }
  /// A non-negative integer below 2^32 (line numbers, ids, indexes).
  unsigned index(std::string_view Key, bool Required = true) {
    const json *M = member(Key);
    if (!M) {
      if (Required)
        missing(Key, "a non-negative integer");
      return 0;
    }
    std::uint64_t V = countValue(*M, path(Key));
    if (!failed() && V > 0xffffffffu)
      fail(expected(path(Key), "an integer below 2^32", *M));
    return failed() ? 0 : unsigned(V);
  }
  /// A duration: a non-negative number of nanoseconds, to the nanosecond.
  std::uint64_t nanoseconds(std::string_view Key) {
    const json *M = member(Key);
    if (!M)
      return missing(Key, "a duration in nanoseconds"), 0;
    if (isCount(*M))
      return M->get<std::uint64_t>();
    // An integer is exact; a float (1e6) is rounded to the nanosecond.
    if (!M->is_number_float() || !std::isfinite(M->get<double>()) ||
        M->get<double>() < 0 || M->get<double>() > double(MaxProfileCount))
      return fail(expected(path(Key), "a non-negative number of at most 2^62",
                           *M)),
             0;
    return static_cast<std::uint64_t>(std::llround(M->get<double>()));
  }
  double nonNegativeNumber(std::string_view Key) {
    const json *M = member(Key);
    if (!M)
      return 0;
    if (!M->is_number() || M->get<double>() < 0)
      return fail(expected(path(Key), "a non-negative number", *M)), 0;
    if (std::optional<std::string> Problem = quantityProblem(M->get<double>()))
      return fail(expected(path(Key), *Problem, *M)), 0;
    return M->get<double>();
  }
  std::string string(std::string_view Key) {
    const json *M = member(Key);
    if (!M)
      return missing(Key, "a non-empty string"), std::string();
    if (!M->is_string() || M->get<std::string>().empty())
      return fail(expected(path(Key), "a non-empty string", *M)), std::string();
    return M->get<std::string>();
  }
  std::string optionalString(std::string_view Key) {
    const json *M = member(Key);
    if (!M)
      return std::string();
    if (!M->is_string())
      return fail(expected(path(Key), "a string", *M)), std::string();
    return M->get<std::string>();
  }
  /// An optional string that must be one of \p Values (or "every:N", a
  /// positive N, when \p EveryN): the enumerations of docs/formats.md.
  std::string optionalChoice(std::string_view Key,
                             std::initializer_list<std::string_view> Values,
                             bool EveryN = false) {
    const json *M = member(Key);
    // "" is absent, as in ProfileDocument (and as the writer writes it).
    if (!M || (M->is_string() && M->get_ref<const std::string &>().empty()))
      return std::string();
    std::string What;
    for (std::string_view V : Values)
      What += (What.empty() ? "" : ", ") + std::string("\"") + std::string(V) +
              "\"";
    if (EveryN)
      What += ", \"every:N\"";
    What = "one of " + What;
    if (!M->is_string())
      return fail(expected(path(Key), What, *M)), std::string();
    const std::string &S = M->get_ref<const std::string &>();
    for (std::string_view V : Values)
      if (S == V)
        return S;
    if (EveryN && S.rfind("every:", 0) == 0 && S.size() > 6 && S.size() < 26 &&
        S.find_first_not_of("0123456789", 6) == std::string::npos &&
        S.find_first_not_of('0', 6) != std::string::npos)
      return S;
    return fail(expected(path(Key), What, *M)), std::string();
  }
  std::optional<std::string> nullableString(std::string_view Key) {
    if (!given(Key))
      return std::nullopt;
    std::string S = optionalString(Key);
    return failed() ? std::nullopt : std::optional(S);
  }
  std::optional<std::int64_t> nullableInteger(std::string_view Key) {
    const json *M = given(Key);
    if (!M)
      return std::nullopt;
    if (!M->is_number_integer() ||
        (M->is_number_unsigned() &&
         M->get<std::uint64_t>() > std::uint64_t(INT64_MAX)))
      return fail(expected(path(Key), "an integer or null", *M)), std::nullopt;
    return M->get<std::int64_t>();
  }
  /// An optional array of strings; \p What names it in messages.
  std::vector<std::string> strings(std::string_view Key,
                                   std::string_view What = "an array of "
                                                           "strings") {
    std::vector<std::string> Out;
    const json *M = member(Key);
    if (!M)
      return Out;
    if (!M->is_array())
      return fail(expected(path(Key), What, *M)), Out;
    for (std::size_t I = 0; I < M->size() && !failed(); ++I) {
      if (!(*M)[I].is_string())
        fail(expected(jsonPath(path(Key), I), "a string", (*M)[I]));
      else
        Out.push_back((*M)[I].get<std::string>());
    }
    return Out;
  }
  /// An optional object of non-negative integers.
  std::map<std::string, std::uint64_t> counts(std::string_view Key) {
    std::map<std::string, std::uint64_t> Out;
    const json *M = member(Key);
    if (!M)
      return Out;
    if (!M->is_object())
      return fail(expected(path(Key), "an object of counts", *M)), Out;
    for (const auto &[Name, V] : M->items()) {
      Out[Name] = countValue(V, jsonPath(path(Key), Name));
      if (failed())
        break;
    }
    return Out;
  }
  /// A grid or block shape within CUDA's limits (\p Max per dimension).
  std::array<unsigned, 3> dim3(std::string_view Key,
                               const std::array<unsigned, 3> &Max) {
    const char *What = "an array of 3 positive integers";
    const json *M = member(Key);
    if (!M)
      return missing(Key, What), std::array<unsigned, 3>{1, 1, 1};
    if (!M->is_array() || M->size() != 3)
      return fail(Error(path(Key) + ": expected " + What)),
             std::array<unsigned, 3>{1, 1, 1};
    std::array<unsigned, 3> Dims{1, 1, 1};
    for (std::size_t I = 0; I < 3 && !failed(); ++I) {
      const json &D = (*M)[I];
      if (!isCount(D) || D.get<std::uint64_t>() == 0)
        fail(expected(jsonPath(path(Key), I), "a positive integer", D));
      else if (D.get<std::uint64_t>() > Max[I])
        fail(expected(jsonPath(path(Key), I),
                      "a positive integer of at most " +
                          std::to_string(Max[I]) + " (CUDA's limit)",
                      D));
      else
        Dims[I] = unsigned(D.get<std::uint64_t>());
    }
    return Dims;
  }
  /// Reads each element of the array \p Key with \p Read; a missing array
  /// is an error when \p Required.
  template <typename T>
  std::vector<T>
  array(std::string_view Key, bool Required,
        const std::function<T(const json &, const std::string &)> &Read) {
    std::vector<T> Out;
    const json *M = member(Key);
    if (!M) {
      if (Required)
        missing(Key, "an array");
      return Out;
    }
    if (!M->is_array())
      return fail(expected(path(Key), "an array", *M)), Out;
    for (std::size_t I = 0; I < M->size() && !failed(); ++I) {
      T Element = Read((*M)[I], jsonPath(path(Key), I));
      if (!failed())
        Out.push_back(std::move(Element));
    }
    return Out;
  }

private:
  void missing(std::string_view Key, std::string_view What) {
    fail(missingError(path(Key), What));
  }
  std::uint64_t countValue(const json &V, const std::string &Where) {
    if (!isCount(V))
      return fail(expected(Where,
                           V.is_number_unsigned() ? CountWanted
                                                  : "a non-negative integer",
                           V)),
             0;
    return V.get<std::uint64_t>();
  }

  const json &Obj;
  std::string Path;
  std::optional<Error> &Err;
};

/// Reads one document; the readers of its parts share Err.
class DocumentReader {
public:
  Expected<ProfileDocument> read(const json &Root);

private:
  SourceLocation location(ObjectReader &R, const char *File, const char *Line,
                          const char *Column) {
    SourceLocation L;
    // As recorded, normalized once here ("k/./a.cu" is "k/a.cu").
    L.File = normalizedPath(R.string(File));
    L.Line = R.index(Line);
    L.Column = R.index(Column);
    return L;
  }
  ProfileProcess process(const json &J, const std::string &Path);
  ProfileDevice device(const json &J, const std::string &Path);
  ProfileCollection collection(const json &J, const std::string &Path);
  ProfileSite site(const json &J, const std::string &Path);
  ProfileScope scope(const json &J, const std::string &Path);
  SamplingLimits samplingLimits(const json &J, const std::string &Path);
  StallSamplingInfo stallSampling(const json &J, const std::string &Path);
  ProfileKernel kernel(const json &J, const std::string &Path);
  CounterEstimate counterEstimate(const json &J, const std::string &Path);
  StallSamples stallSamples(const json &J, const std::string &Path);
  StallSamplePc stallSamplePc(const json &J, const std::string &Path);
  ProfileSource source(const json &J, const std::string &Path);
  /// The site and scope of a kernel entry (or of a CounterEstimate's
  /// source), checked against the document's sites and scopes.
  template <typename Entry> void kernelReferences(ObjectReader &R, Entry &K);
  void kernelFollows(ObjectReader &R, ProfileKernel &K);
  void kernelCounters(ObjectReader &R, ProfileKernel &K);
  /// Checks that every entry's id is unique.
  template <typename Entry>
  void uniqueIds(const std::vector<Entry> &Entries, const char *Array);

  std::optional<Error> Err;
  ProfileDocument Doc;
};

ProfileProcess DocumentReader::process(const json &J, const std::string &Path) {
  ObjectReader R(J, Path, Err);
  ProfileProcess P;
  P.Pid = R.nullableInteger("pid");
  P.Host = R.nullableString("host");
  P.Rank = R.nullableInteger("rank");
  P.Command = R.nullableString("command");
  P.StartUnixNs = R.optionalCount("start_unix_ns");
  P.EndUnixNs = R.optionalCount("end_unix_ns");
  return P;
}

ProfileDevice DocumentReader::device(const json &J, const std::string &Path) {
  ObjectReader R(J, Path, Err);
  ProfileDevice D;
  D.Index = R.index("index");
  D.Name = R.optionalString("name");
  D.Uuid = R.optionalString("uuid");
  D.Uuids = R.strings("uuids");
  D.ComputeCapability = R.optionalString("compute_capability");
  D.SmCount = R.optionalCount("sm_count");
  D.Chip = R.optionalString("chip");
  return D;
}

ProfileCollection DocumentReader::collection(const json &J,
                                             const std::string &Path) {
  ObjectReader R(J, Path, Err);
  ProfileCollection C;
  // "mixed": a merged profile's inputs disagreed.
  C.Mode = R.optionalChoice("mode", {"counters", "time", "sites"});
  C.RequestedMode =
      R.optionalChoice("requested_mode", {"counters", "time", "off", "mixed"});
  C.Sampling = R.optionalChoice("sampling", {"first", "all", "off", "mixed"},
                                /*EveryN=*/true);
  C.SamplingScope =
      R.optionalChoice("sampling_scope", {"sites", "scopes", "all", "mixed"});
  C.Correlation = R.optionalChoice(
      "correlation", {"callback", "callback-runtime", "external", "mixed"});
  C.Trigger = R.optionalString("trigger");
  C.FlushIntervalS = R.nonNegativeNumber("flush_interval_s");
  C.Metrics = R.strings("metrics");
  C.Passes = R.optionalCount("passes");
  C.DroppedMetrics = R.array<DroppedMetric>(
      "dropped_metrics", false, [&](const json &E, const std::string &At) {
        ObjectReader M(E, At, Err);
        return DroppedMetric{M.optionalString("name"),
                             M.optionalString("reason")};
      });
  C.Warnings = R.strings("warnings");
  C.Notes = R.strings("notes");
  C.DroppedRecords = R.optionalCount("dropped_records").value_or(0);
  C.Diagnostics = R.counts("diagnostics");
  if (const json *L = R.given("sampling_limits"))
    C.Limits = samplingLimits(*L, R.path("sampling_limits"));
  if (const json *S = R.given("stall_sampling"))
    C.StallSampling = stallSampling(*S, R.path("stall_sampling"));
  C.Modes = R.counts("modes");
  for (const auto &[Name, Count] : C.Modes)
    if (!R.failed() && Name != "counters" && Name != "time" && Name != "sites")
      R.fail(Error(jsonPath(R.path("modes"), Name) +
                   ": expected a mode: \"counters\", \"time\" or \"sites\""));
  return C;
}

SamplingLimits DocumentReader::samplingLimits(const json &J,
                                              const std::string &Path) {
  ObjectReader R(J, Path, Err);
  SamplingLimits L;
  if (R.given("budget_pct"))
    L.BudgetPct = R.nonNegativeNumber("budget_pct");
  L.SamplesPerKernel = R.optionalCount("samples_per_kernel");
  L.Grouping = R.optionalChoice("grouping", {"size", "exact"});
  return L;
}

StallSamplingInfo DocumentReader::stallSampling(const json &J,
                                                const std::string &Path) {
  ObjectReader R(J, Path, Err);
  StallSamplingInfo S;
  // "mixed": a merged profile's inputs disagreed.
  S.Mode = R.optionalChoice("mode", {"on", "off", "unavailable", "mixed"});
  if (!R.failed() && S.Mode.empty())
    R.fail(missingError(R.path("mode"), "one of \"on\", \"off\", "
                                        "\"unavailable\", \"mixed\""));
  S.Period = R.optionalCount("period").value_or(0);
  S.Note = R.optionalString("note");
  return S;
}

ProfileSite DocumentReader::site(const json &J, const std::string &Path) {
  ObjectReader R(J, Path, Err);
  ProfileSite S;
  S.Id = R.index("id");
  // A site whose launches are unknown (a profile that `headroom import` made
  // of Nsight Compute's export, which has no launch locations) has no file,
  // line and column: only its kernel's definition.
  if (R.given("file") || R.given("line") || R.given("column"))
    S.Launch = location(R, "file", "line", "column");
  S.Kernel = R.string("kernel");
  // A launch through a function pointer has no definition: absent, or
  // (as runtimes before 2026-11-25 wrote it) an empty file at line 0.
  const json *DefinitionFile = R.given("kernel_file");
  bool Unknown = !DefinitionFile ||
                 (DefinitionFile->is_string() &&
                  DefinitionFile->get_ref<const std::string &>().empty() &&
                  J.value("kernel_line", json(0)) == json(0));
  if (!Unknown)
    S.Definition = location(R, "kernel_file", "kernel_line", "kernel_column");
  S.Directory = normalizedPath(R.optionalString("directory"));
  if (!S.Directory.empty() && S.Directory.front() != '/')
    R.fail(expected(R.path("directory"), "an absolute directory",
                    J.at("directory")));
  return S;
}

ProfileScope DocumentReader::scope(const json &J, const std::string &Path) {
  ObjectReader R(J, Path, Err);
  ProfileScope S;
  S.Id = R.index("id");
  S.Where = location(R, "file", "line", "column");
  S.Name = R.string("name");
  S.Directory = normalizedPath(R.optionalString("directory"));
  if (!S.Directory.empty() && S.Directory.front() != '/')
    R.fail(expected(R.path("directory"), "an absolute directory",
                    J.at("directory")));
  return S;
}

template <typename Entry>
void DocumentReader::kernelReferences(ObjectReader &R, Entry &K) {
  for (auto [Key, Slot, What] :
       {std::tuple{"site", &K.Site, "the id of an entry in sites"},
        std::tuple{"scope", &K.Scope, "the id of an entry in scopes"}}) {
    if (!R.given(Key))
      continue;
    unsigned Id = R.index(Key);
    if (R.failed())
      return;
    bool Known = std::string_view(Key) == "site"
                     ? Doc.siteIndex(Id).has_value()
                     : Doc.scopeIndex(Id).has_value();
    if (!Known)
      return R.fail(Error(R.path(Key) + ": expected " + What + ", got " +
                          std::to_string(Id)));
    *Slot = Id;
  }
}

void DocumentReader::kernelCounters(ObjectReader &R, ProfileKernel &K) {
  const json *Counters = R.member("counters");
  if (!Counters)
    return;
  if (!Counters->is_object())
    return R.fail(
        expected(R.path("counters"), "an object of metric values", *Counters));
  for (const auto &[Metric, Value] : Counters->items()) {
    std::string Where = jsonPath(R.path("counters"), Metric);
    if (!Value.is_number() || Value.get<double>() < 0)
      return R.fail(expected(Where, "a non-negative number", Value));
    if (std::optional<std::string> Problem =
            quantityProblem(Value.get<double>()))
      return R.fail(expected(Where, *Problem, Value));
    K.Counters[Metric] = Value.get<double>();
  }
}

ProfileKernel DocumentReader::kernel(const json &J, const std::string &Path) {
  ObjectReader R(J, Path, Err);
  ProfileKernel K;
  kernelReferences(R, K);
  K.Name = R.string("name");
  K.Demangled = R.optionalString("demangled");
  if (K.Demangled.empty())
    K.Demangled = K.Name;
  K.Device = R.index("device", /*Required=*/false);
  // Without one, the kernel ran on the first device listed (the writer then
  // names it, so that the profile reads back the same).
  if (!R.member("device") && !Doc.Devices.empty())
    K.Device = Doc.Devices.front().Index;
  if (!R.failed() && R.member("device") && !Doc.Devices.empty() &&
      !Doc.device(K.Device))
    R.fail(Error(R.path("device") +
                 ": expected the index of an entry in devices, got " +
                 std::to_string(K.Device)));
  K.Grid = R.dim3("grid", {2147483647u, 65535u, 65535u});
  K.Block = R.dim3("block", {1024u, 1024u, 64u});
  if (!R.failed() && K.threadsPerBlock() > 1024)
    R.fail(Error(R.path("block") +
                 ": expected at most 1024 threads per block (CUDA's limit), "
                 "got " +
                 std::to_string(K.threadsPerBlock())));
  K.DynamicSharedBytes = R.optionalCount("dynamic_shared_bytes").value_or(0);
  K.StaticSharedBytes = R.optionalCount("static_shared_bytes");
  K.RegistersPerThread = R.optionalCount("registers_per_thread");
  K.LocalBytesPerThread = R.optionalCount("local_bytes_per_thread");
  K.Launches = R.count("launches");
  K.GraphLaunches = R.optionalCount("graph_launches").value_or(0);
  K.TimedLaunches = R.optionalCount("timed_launches");
  if (!R.failed() && K.TimedLaunches && *K.TimedLaunches > K.Launches)
    R.fail(Error(R.path("timed_launches") + ": expected at most launches (" +
                 std::to_string(K.Launches) + "), got " +
                 std::to_string(*K.TimedLaunches)));
  K.Timing = R.optionalChoice("timing",
                              {"unprofiled", "profiled", "counters", "none"});
  K.UntimedLaunches = R.optionalCount("untimed_launches").value_or(0);
  K.TotalNs = R.nanoseconds("total_ns");
  K.MinNs = R.nanoseconds("min_ns");
  K.MaxNs = R.nanoseconds("max_ns");
  if (!R.failed() && K.MinNs > K.MaxNs)
    R.fail(Error(R.path("min_ns") + ": expected at most max_ns (" +
                 std::to_string(K.MaxNs) + "), got " +
                 std::to_string(K.MinNs)));
  K.MedianNs = R.optionalCount("median_ns");
  if (const json *Sample = R.member("duration_sample_ns")) {
    if (!Sample->is_array())
      R.fail(Error(R.path("duration_sample_ns") +
                   ": expected an array of integers"));
    for (std::size_t I = 0; !R.failed() && I < Sample->size(); ++I) {
      if (!isCount((*Sample)[I]))
        R.fail(Error(R.path("duration_sample_ns") +
                     ": expected an array of integers"));
      else
        K.DurationSampleNs.push_back((*Sample)[I].get<std::uint64_t>());
    }
  }
  K.ProfiledNs = R.optionalCount("profiled_ns");
  K.ReplayRecords = R.optionalCount("replay_records").value_or(0);
  kernelCounters(R, K);
  K.CounterLaunches = R.optionalCount("counter_launches");
  K.CounterError = R.optionalString("counter_error");
  K.CounterNote = R.optionalString("counter_note");
  if (const json *E = R.given("counters_estimated"))
    K.CountersEstimated = counterEstimate(*E, R.path("counters_estimated"));
  if (const json *S = R.given("stall_samples"))
    K.Stalls = stallSamples(*S, R.path("stall_samples"));
  kernelFollows(R, K);
  return K;
}

void DocumentReader::kernelFollows(ObjectReader &R, ProfileKernel &K) {
  K.ExaminedLaunches = R.optionalCount("examined_launches");
  if (!R.failed() && K.ExaminedLaunches && *K.ExaminedLaunches > K.Launches)
    return R.fail(Error(R.path("examined_launches") +
                        ": expected at most launches (" +
                        std::to_string(K.Launches) + "), got " +
                        std::to_string(*K.ExaminedLaunches)));
  K.Follows = R.array<KernelFollow>(
      "follows", false, [&](const json &E, const std::string &At) {
        ObjectReader F(E, At, Err);
        KernelFollow Follow;
        kernelReferences(F, Follow);
        Follow.Name = F.string("name");
        Follow.Launches = F.count("launches");
        if (!F.failed() && Follow.Launches == 0)
          F.fail(expected(F.path("launches"), "a positive integer",
                          E.at("launches")));
        Follow.SharedBytes = F.count("shared_bytes");
        return Follow;
      });
  if (R.failed() || K.Follows.empty())
    return;
  // Each examined launch follows at most one launch.
  std::uint64_t Following = 0;
  for (const KernelFollow &F : K.Follows)
    Following += F.Launches;
  if (!K.ExaminedLaunches || Following > *K.ExaminedLaunches)
    R.fail(Error(R.path("follows") + ": expected at most examined_launches (" +
                 std::to_string(K.ExaminedLaunches.value_or(0)) +
                 ") launches in all, got " + std::to_string(Following)));
}

StallSamples DocumentReader::stallSamples(const json &J,
                                          const std::string &Path) {
  ObjectReader R(J, Path, Err);
  StallSamples S;
  S.Launches = R.count("launches");
  S.Period = R.count("period");
  S.Dropped = R.optionalCount("dropped").value_or(0);
  S.Pcs = R.array<StallSamplePc>("pcs", true,
                                 [&](const json &E, const std::string &At) {
                                   return stallSamplePc(E, At);
                                 });
  // The analyses add an entry's samples in 64 bits.
  std::uint64_t Total = 0;
  for (const StallSamplePc &P : S.Pcs)
    for (const auto &[Reason, Count] : P.Stalls)
      if ((Total += Count) > MaxProfileCount && !R.failed())
        R.fail(Error(R.path("pcs") +
                     ": expected at most 2^62 samples in all, got more"));
  return S;
}

StallSamplePc DocumentReader::stallSamplePc(const json &J,
                                            const std::string &Path) {
  ObjectReader R(J, Path, Err);
  StallSamplePc P;
  P.Function = R.string("function");
  P.Offset = R.count("offset");
  // An unresolved instruction has no file, line and directory.
  if (R.given("file")) {
    P.Where.File = normalizedPath(R.string("file"));
    P.Where.Line = R.index("line");
    if (!R.failed() && P.Where.Line == 0)
      R.fail(expected(R.path("line"), "a line number of at least 1",
                      J.at("line")));
    P.Directory = normalizedPath(R.optionalString("directory"));
  } else {
    for (const char *Key : {"line", "directory"})
      if (!R.failed() && R.given(Key))
        R.fail(Error(R.path(Key) + ": expected only with \"file\""));
  }
  P.Stalls = R.counts("stalls");
  if (!R.failed() && !R.member("stalls"))
    R.fail(missingError(R.path("stalls"), "an object of counts"));
  if (!R.failed() && P.Stalls.count(""))
    R.fail(Error(jsonPath(R.path("stalls"), "") +
                 ": expected a stall reason's name, got \"\""));
  return P;
}

CounterEstimate DocumentReader::counterEstimate(const json &J,
                                                const std::string &Path) {
  ObjectReader R(J, Path, Err);
  CounterEstimate E;
  if (const json *From = R.member("from")) {
    ObjectReader F(*From, R.path("from"), Err);
    kernelReferences(F, E);
    E.Grid = F.dim3("grid", {2147483647u, 65535u, 65535u});
    E.Block = F.dim3("block", {1024u, 1024u, 64u});
    E.DynamicSharedBytes = F.optionalCount("dynamic_shared_bytes").value_or(0);
  } else {
    R.fail(Error(R.path("from") +
                 ": expected the sampled entry the counters come from"));
  }
  E.Scale = R.nonNegativeNumber("scale");
  if (!R.failed() && !(E.Scale > 0))
    R.fail(Error(R.path("scale") + ": expected a positive number"));
  if (R.given("through_grid"))
    E.ThroughGrid = R.dim3("through_grid", {2147483647u, 65535u, 65535u});
  return E;
}

ProfileSource DocumentReader::source(const json &J, const std::string &Path) {
  ObjectReader R(J, Path, Err);
  ProfileSource S;
  S.Path = R.optionalString("path");
  S.Pid = R.nullableInteger("pid");
  S.Host = R.nullableString("host");
  S.Rank = R.nullableInteger("rank");
  S.Command = R.nullableString("command");
  S.StartUnixNs = R.optionalCount("start_unix_ns");
  S.EndUnixNs = R.optionalCount("end_unix_ns");
  S.Trigger = R.optionalString("trigger");
  if (R.given("mode"))
    S.Mode = R.optionalChoice("mode", {"counters", "time", "sites"});
  S.Launches = R.optionalCount("launches").value_or(0);
  return S;
}

template <typename Entry>
void DocumentReader::uniqueIds(const std::vector<Entry> &Entries,
                               const char *Array) {
  std::set<std::uint64_t> Seen;
  for (std::size_t I = 0; I < Entries.size() && !Err; ++I)
    if (!Seen.insert(Entries[I].Id).second)
      Err = Error(jsonPath(jsonPath(Array, I), "id") +
                  ": expected a unique id, got " +
                  std::to_string(Entries[I].Id) + " a second time");
}

Expected<ProfileDocument> DocumentReader::read(const json &Root) {
  ObjectReader R(Root, "", Err);
  if (R.failed())
    return *Err;
  std::string Wanted = std::string("\"") + ProfileSchema + "\"";
  const json *Schema = R.member("schema");
  if (!Schema)
    return missingError("schema", Wanted);
  if (!Schema->is_string() || Schema->get<std::string>() != ProfileSchema)
    return expected("schema", Wanted, *Schema);
  using std::placeholders::_1;
  using std::placeholders::_2;
  Doc.RuntimeVersion = R.optionalString("runtime_version");
  if (const json *P = R.member("process"))
    Doc.Process = process(*P, "process");
  Doc.Devices = R.array<ProfileDevice>(
      "devices", true, std::bind(&DocumentReader::device, this, _1, _2));
  if (const json *C = R.member("collection"))
    Doc.Collection = collection(*C, "collection");
  Doc.Sites = R.array<ProfileSite>(
      "sites", true, std::bind(&DocumentReader::site, this, _1, _2));
  uniqueIds(Doc.Sites, "sites");
  Doc.Scopes = R.array<ProfileScope>(
      "scopes", false, std::bind(&DocumentReader::scope, this, _1, _2));
  uniqueIds(Doc.Scopes, "scopes");
  Doc.Kernels = R.array<ProfileKernel>(
      "kernels", true, std::bind(&DocumentReader::kernel, this, _1, _2));
  Doc.Sources = R.array<ProfileSource>(
      "sources", false, std::bind(&DocumentReader::source, this, _1, _2));
  if (Err)
    return *Err;
  return std::move(Doc);
}

} // namespace

Expected<ProfileDocument> parseProfile(const json &Doc) {
  return DocumentReader().read(Doc);
}

Expected<ProfileDocument> readProfileFile(const std::string &Path) {
  Expected<json> Root = readJsonFile(Path);
  if (!Root)
    return Root.error().context(Path);
  Expected<ProfileDocument> P = parseProfile(*Root);
  if (!P)
    return P.error().context(Path);
  P->Path = Path;
  return P;
}

bool isProfileDocument(const json &Doc) {
  const json *Schema = findMember(Doc, "schema");
  return Schema && Schema->is_string() &&
         Schema->get<std::string>() == ProfileSchema;
}

} // namespace headroom
