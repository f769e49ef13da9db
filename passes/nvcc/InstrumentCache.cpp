//===- InstrumentCache.cpp - Instrumented sources kept between builds -----===//

#include "nvcc/InstrumentCache.h"

#include "support/Paths.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <unistd.h>

namespace headroom::nvcc {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

/// FNV-1a, 64 bits: a key, not a defence against collisions made on
/// purpose; no hashing library is linked here (the wrapper builds without
/// LLVM too).
struct Fnv1a {
  std::uint64_t State = 14695981039346656037ull;
  void add(const std::string &Text) {
    for (unsigned char C : Text) {
      State ^= C;
      State *= 1099511628211ull;
    }
    // A separator, so that ("ab", "c") and ("a", "bc") differ.
    State ^= 0xff;
    State *= 1099511628211ull;
  }
};

/// Size and modification time of \p Path, or nothing.
std::optional<std::pair<std::uint64_t, std::int64_t>>
stamp(const std::string &Path) {
  std::error_code EC;
  std::uint64_t Size = fs::file_size(Path, EC);
  if (EC)
    return std::nullopt;
  fs::file_time_type Time = fs::last_write_time(Path, EC);
  if (EC)
    return std::nullopt;
  return std::make_pair(
      Size, static_cast<std::int64_t>(Time.time_since_epoch().count()));
}

/// Writes \p Text to \p Path through a temporary name, so that a compile
/// of the same source at the same time never reads half a file.
Status writeAtomically(const std::string &Path, const std::string &Text) {
  std::string Temp = Path + ".tmp" + std::to_string(::getpid());
  if (Status S = writeFile(Temp, Text); !S)
    return S;
  std::error_code EC;
  fs::rename(Temp, Path, EC);
  if (EC) {
    fs::remove(Temp, EC);
    return Error("cannot write '" + Path + "'");
  }
  return Status::success();
}

} // namespace

std::optional<InstrumentCache> InstrumentCache::fromEnvironment(
    const std::function<const char *(const char *)> &Getenv) {
  auto Env = [&](const char *Name) -> std::string {
    const char *V = Getenv(Name);
    return V ? V : "";
  };
  std::string Switch = Env("HEADROOM_CACHE");
  if (Switch == "0" || Switch == "off" || Switch == "no" || Switch == "false")
    return std::nullopt;
  std::string Root = directoryFromEnvironment(Getenv);
  if (Root.empty())
    return std::nullopt;
  InstrumentCache Cache(Root);
  if (std::string Max = Env("HEADROOM_CACHE_MAX_SIZE"); !Max.empty()) {
    if (Expected<std::uint64_t> Bytes = parseCacheSize(Max))
      Cache.MaxSize = *Bytes;
    else
      Cache.Problem = "HEADROOM_CACHE_MAX_SIZE: " + Bytes.error().message() +
                      "; the cache keeps to " +
                      formatCacheSize(DefaultCacheMaxSize);
  }
  return Cache;
}

std::string InstrumentCache::directoryFromEnvironment(
    const std::function<const char *(const char *)> &Getenv) {
  auto Env = [&](const char *Name) -> std::string {
    const char *V = Getenv(Name);
    return V ? V : "";
  };
  if (std::string Dir = Env("HEADROOM_CACHE_DIR"); !Dir.empty())
    return absolutePath(Dir);
  if (std::string Xdg = Env("XDG_CACHE_HOME"); !Xdg.empty())
    return absolutePath(Xdg) + "/headroom/nvcc";
  if (std::string Home = Env("HOME"); !Home.empty())
    return absolutePath(Home) + "/.cache/headroom/nvcc";
  return "";
}

std::string InstrumentCache::key(const std::vector<std::string> &Parts,
                                 const std::string &SourceText) {
  Fnv1a H;
  for (const std::string &P : Parts)
    H.add(P);
  H.add(SourceText);
  char Hex[17];
  std::snprintf(Hex, sizeof(Hex), "%016llx",
                static_cast<unsigned long long>(H.State));
  return Hex;
}

std::string InstrumentCache::entryDirectory(const std::string &Key) const {
  return Root + "/" + Key;
}

namespace {

/// The source checks' findings and the kernels, kept with the copy: a
/// rebuild from the cache prints the same warnings without parsing.
json analysisToJson(const SourceAnalysis &A) {
  json Kernels = json::array();
  for (const KernelDeclaration &K : A.Kernels)
    Kernels.push_back({K.MangledName, K.Name, K.File, K.Line, K.Column});
  return {{"checked", A.Checked},
          {"findings", A.Findings},
          {"skipped", A.Skipped},
          {"problem", A.Problem},
          {"kernels", std::move(Kernels)}};
}

/// The inverse of analysisToJson; throws json::exception on another shape.
SourceAnalysis analysisFromJson(const json &J) {
  SourceAnalysis A;
  A.Checked = J.at("checked").get<bool>();
  A.Findings = J.at("findings").get<std::string>();
  A.Skipped = J.at("skipped").get<std::string>();
  A.Problem = J.at("problem").get<std::string>();
  for (const json &K : J.at("kernels"))
    A.Kernels.push_back({K.at(0).get<std::string>(), K.at(1).get<std::string>(),
                         K.at(2).get<std::string>(), K.at(3).get<unsigned>(),
                         K.at(4).get<unsigned>()});
  return A;
}

} // namespace

std::optional<CachedInstrumentation>
InstrumentCache::lookup(const std::string &Key) const {
  Expected<std::string> Text = readFile(entryDirectory(Key) + "/manifest.json");
  if (!Text)
    return std::nullopt;
  json M = json::parse(*Text, nullptr, /*allow_exceptions=*/false);
  if (!M.is_object())
    return std::nullopt;
  try {
    CachedInstrumentation C;
    C.Copy = M.at("copy").get<std::string>();
    C.Outcome.InstrumentedLaunches = M.at("launches").get<unsigned>();
    C.Outcome.InstrumentedCalls = M.at("calls").get<unsigned>();
    if (C.Outcome.rewritten() && !isRegularFile(C.Copy))
      return std::nullopt;
    for (const json &I : M.at("inputs")) {
      std::optional<std::pair<std::uint64_t, std::int64_t>> Now =
          stamp(I.at(0).get<std::string>());
      if (!Now || Now->first != I.at(1).get<std::uint64_t>() ||
          Now->second != I.at(2).get<std::int64_t>())
        return std::nullopt;
      C.Outcome.Inputs.push_back(I.at(0).get<std::string>());
    }
    for (const json &H : M.at("headers")) {
      PathSubstitution S;
      S.Temporary = H.at(0).get<std::string>();
      S.Original = H.at(1).get<std::string>();
      if (!isRegularFile(S.Temporary))
        return std::nullopt;
      C.Outcome.Headers.push_back(std::move(S));
    }
    C.Outcome.Messages = M.at("messages").get<std::vector<std::string>>();
    C.Outcome.Analysis = analysisFromJson(M.at("analysis"));
    // Used now: the size limit removes the entries used longest ago.
    std::error_code EC;
    fs::last_write_time(entryDirectory(Key) + "/manifest.json",
                        fs::file_time_type::clock::now(), EC);
    return C;
  } catch (const json::exception &) {
    // A manifest of another version, or damaged: instrument again.
    return std::nullopt;
  }
}

Status InstrumentCache::store(const std::string &Key,
                              const InstrumentOutcome &Outcome,
                              const std::string &Copy) const {
  json M;
  M["copy"] = Copy;
  M["launches"] = Outcome.InstrumentedLaunches;
  M["calls"] = Outcome.InstrumentedCalls;
  M["messages"] = Outcome.Messages;
  M["analysis"] = analysisToJson(Outcome.Analysis);
  json Headers = json::array();
  for (const PathSubstitution &H : Outcome.Headers)
    Headers.push_back({H.Temporary, H.Original});
  M["headers"] = std::move(Headers);
  json Inputs = json::array();
  for (const std::string &F : Outcome.Inputs) {
    std::optional<std::pair<std::uint64_t, std::int64_t>> S = stamp(F);
    if (!S)
      return Error("cannot read '" + F + "'");
    Inputs.push_back({F, S->first, S->second});
  }
  M["inputs"] = std::move(Inputs);
  if (Status S =
          writeAtomically(entryDirectory(Key) + "/manifest.json", M.dump(1));
      !S)
    return S;
  CacheSizeLimit(Root, MaxSize)
      .added(Key, CacheSizeLimit::sizeOf(entryDirectory(Key)));
  return Status::success();
}

} // namespace headroom::nvcc
