//===- GpuSpec.cpp - Published specifications of GPUs ---------------------===//

#include "devices/GpuSpec.h"

#include "devices/DeviceRegistry.h"
#include "support/JsonInput.h"

#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace headroom {

using nlohmann::json;

const SourcedValue *ArchitectureSpec::rate(std::string_view Quantity) const {
  auto It = Rates.find(Quantity);
  return It == Rates.end() ? nullptr : &It->second;
}

const ArchitectureSpec *SpecDatabase::architecture(std::string_view Id) const {
  for (const ArchitectureSpec &A : Architectures)
    if (A.Id == Id)
      return &A;
  return nullptr;
}

const GpuSpec *SpecDatabase::gpu(const std::string &Name) const {
  std::string Key = normalizeDeviceName(Name);
  for (const GpuSpec &G : Gpus) {
    if (normalizeDeviceName(G.Name) == Key)
      return &G;
    for (const std::string &A : G.Aliases)
      if (normalizeDeviceName(A) == Key)
        return &G;
  }
  return nullptr;
}

namespace {

constexpr const char *GpuSpecSchema = "headroom.spec/1";
constexpr const char *ArchitecturesSchema = "headroom.architectures/1";

Status requireSchema(const json &Doc, const char *Tag) {
  std::string Wanted = std::string("\"") + Tag + "\"";
  if (!Doc.is_object())
    return expectedError("", "an object with \"schema\": " + Wanted, Doc);
  const json *Schema = findMember(Doc, "schema");
  if (!Schema)
    return missingError("schema", Wanted);
  if (!Schema->is_string() || Schema->get<std::string>() != Tag)
    return expectedError("schema", Wanted, *Schema);
  return Status::success();
}

/// {"value": positive number, "source": non-empty string}; the source may
/// be left out where \p DefaultSource is given.
Expected<SourcedValue> readSourced(const json &Obj, const std::string &Path,
                                   const std::string *DefaultSource) {
  if (Status S = requireObject(Obj, Path); !S)
    return S.error();
  const json *V = findMember(Obj, "value");
  if (!V)
    return missingError(jsonPath(Path, "value"), "a positive number");
  Expected<double> Value = getPositiveNumber(*V, jsonPath(Path, "value"));
  if (!Value)
    return Value.error();
  SourcedValue Out{*Value, ""};
  if (DefaultSource && !findMember(Obj, "source")) {
    Out.Source = *DefaultSource;
    return Out;
  }
  Expected<std::string> Source = getString(Obj, "source", Path);
  if (!Source)
    return Source.error();
  Out.Source = *Source;
  return Out;
}

Expected<std::vector<std::string>>
readStrings(const json &Obj, std::string_view Key, const std::string &Path) {
  std::vector<std::string> Out;
  const json *A = findMember(Obj, Key);
  if (!A)
    return Out;
  std::string Where = jsonPath(Path, Key);
  if (!A->is_array())
    return expectedError(Where, "an array of strings", *A);
  for (std::size_t I = 0; I < A->size(); ++I) {
    if (!(*A)[I].is_string() || (*A)[I].get<std::string>().empty())
      return expectedError(jsonPath(Where, I), "a non-empty string", (*A)[I]);
    Out.push_back((*A)[I].get<std::string>());
  }
  return Out;
}

} // namespace

Expected<std::vector<ArchitectureSpec>> parseArchitectures(const json &Doc) {
  if (Status S = requireSchema(Doc, ArchitecturesSchema); !S)
    return S.error();
  const json *List = findMember(Doc, "architectures");
  if (!List)
    return missingError("architectures", "an array of architectures");
  if (!List->is_array())
    return expectedError("architectures", "an array of architectures", *List);
  std::vector<ArchitectureSpec> Out;
  for (std::size_t I = 0; I < List->size(); ++I) {
    const json &A = (*List)[I];
    std::string Path = jsonPath("architectures", I);
    if (Status S = requireObject(A, Path); !S)
      return S.error();
    ArchitectureSpec Arch;
    for (auto [Key, Into, NonEmpty] :
         {std::tuple<const char *, std::string *, bool>{"id", &Arch.Id, true},
          {"vendor", &Arch.Vendor, true},
          {"name", &Arch.Name, true},
          {"compute_capability", &Arch.ComputeCapability, false}}) {
      Expected<std::string> V =
          NonEmpty ? getString(A, Key, Path) : getOptionalString(A, Key, Path);
      if (!V)
        return V.error();
      *Into = *V;
    }
    Expected<std::string> Source = getString(A, "source", Path);
    if (!Source)
      return Source.error();
    for (const ArchitectureSpec &Seen : Out)
      if (Seen.Id == Arch.Id)
        return expectedError(jsonPath(Path, "id"), "an id not used before",
                             json(Arch.Id));
    const json *Rates = findMember(A, "rates");
    std::string RatesPath = jsonPath(Path, "rates");
    if (!Rates)
      return missingError(RatesPath, "an object of per-clock rates");
    if (Status S = requireObject(*Rates, RatesPath); !S)
      return S.error();
    for (const auto &[Key, Value] : Rates->items()) {
      Expected<SourcedValue> R =
          readSourced(Value, jsonPath(RatesPath, Key), &*Source);
      if (!R)
        return R.error();
      Arch.Rates.emplace(Key, std::move(*R));
    }
    for (const char *Needed : {"fp32_fma", "fp64_fma"})
      if (!Arch.rate(Needed))
        return missingError(jsonPath(RatesPath, Needed),
                            "the rate per clock per SM");
    Out.push_back(std::move(Arch));
  }
  return Out;
}

Expected<GpuSpec> parseGpuSpec(const json &Doc) {
  if (Status S = requireSchema(Doc, GpuSpecSchema); !S)
    return S.error();
  GpuSpec G;
  for (auto [Key, Into, NonEmpty] :
       {std::tuple<const char *, std::string *, bool>{"name", &G.Name, true},
        {"vendor", &G.Vendor, true},
        {"architecture", &G.Architecture, true},
        {"rates", &G.Rates, true},
        {"compute_capability", &G.ComputeCapability, false},
        {"product_name", &G.ProductName, false}}) {
    Expected<std::string> V =
        NonEmpty ? getString(Doc, Key, "") : getOptionalString(Doc, Key, "");
    if (!V)
      return V.error();
    *Into = *V;
  }
  Expected<std::vector<std::string>> Aliases = readStrings(Doc, "aliases", "");
  if (!Aliases)
    return Aliases.error();
  G.Aliases = std::move(*Aliases);

  const json *Specs = findMember(Doc, "specs");
  if (!Specs)
    return missingError("specs", "an object of published figures");
  if (Status S = requireObject(*Specs, "specs"); !S)
    return S.error();
  static const char *const Known[] = {"sm_count",
                                      "boost_clock_mhz",
                                      "fp32_tflops",
                                      "memory_bandwidth_gbs",
                                      "memory_bus_width_bits",
                                      "memory_clock_mhz",
                                      "l2_bytes"};
  for (const auto &[Key, Value] : Specs->items())
    if (std::find(std::begin(Known), std::end(Known), Key) == std::end(Known))
      return expectedError(jsonPath("specs", Key),
                           "one of sm_count, boost_clock_mhz, fp32_tflops, "
                           "memory_bandwidth_gbs, memory_bus_width_bits, "
                           "memory_clock_mhz, l2_bytes (an unknown figure "
                           "would be ignored)",
                           Value);
  auto Optional = [&](const char *Key,
                      std::optional<SourcedValue> &Out) -> Status {
    if (const json *M = findMember(*Specs, Key)) {
      Expected<SourcedValue> V =
          readSourced(*M, jsonPath("specs", Key), nullptr);
      if (!V)
        return V.error();
      Out = std::move(*V);
    }
    return Status::success();
  };
  std::optional<SourcedValue> Sms, Bandwidth;
  for (Status S :
       {Optional("sm_count", Sms), Optional("boost_clock_mhz", G.BoostClockMhz),
        Optional("fp32_tflops", G.Fp32Tflops),
        Optional("memory_bandwidth_gbs", Bandwidth),
        Optional("memory_bus_width_bits", G.MemoryBusWidthBits),
        Optional("memory_clock_mhz", G.MemoryClockMhz),
        Optional("l2_bytes", G.L2Bytes)})
    if (!S)
      return S.error();
  if (!Sms)
    return missingError("specs.sm_count", "the number of SMs (or CUs)");
  if (Sms->Value != static_cast<double>(static_cast<long long>(Sms->Value)))
    return expectedError("specs.sm_count.value", "a whole number",
                         json(Sms->Value));
  if (!Bandwidth)
    return missingError("specs.memory_bandwidth_gbs",
                        "the published DRAM bandwidth in GB/s");
  if (!G.BoostClockMhz && !G.Fp32Tflops)
    return missingError("specs.boost_clock_mhz",
                        "the boost clock, or specs.fp32_tflops to derive it");
  G.SmCount = std::move(*Sms);
  G.MemoryBandwidthGBs = std::move(*Bandwidth);
  return G;
}

Expected<SpecDatabase> readSpecDirectory(const std::string &Dir,
                                         std::vector<Error> *Problems) {
  SpecDatabase DB;
  std::error_code EC;
  if (Dir.empty() || !fs::is_directory(Dir, EC))
    return DB;
  std::string ArchPath = (fs::path(Dir) / ArchitecturesFileName).string();
  Expected<json> ArchDoc = readJsonFile(ArchPath);
  if (!ArchDoc)
    return ArchDoc.error().context(ArchPath);
  Expected<std::vector<ArchitectureSpec>> Archs = parseArchitectures(*ArchDoc);
  if (!Archs)
    return Archs.error().context(ArchPath);
  DB.Architectures = std::move(*Archs);

  std::vector<std::string> Files;
  for (fs::directory_iterator It(Dir, EC), End; !EC && It != End;
       It.increment(EC)) {
    std::error_code FileEC;
    if (It->path().extension() == ".json" && It->is_regular_file(FileEC) &&
        It->path().filename() != ArchitecturesFileName)
      Files.push_back(It->path().string());
  }
  std::sort(Files.begin(), Files.end());
  for (const std::string &Path : Files) {
    auto Skip = [&](const Error &E) {
      if (Problems)
        Problems->push_back(E.context(Path));
    };
    Expected<json> Doc = readJsonFile(Path);
    if (!Doc) {
      Skip(Doc.error());
      continue;
    }
    Expected<GpuSpec> G = parseGpuSpec(*Doc);
    if (!G) {
      Skip(G.error());
      continue;
    }
    if (!DB.architecture(G->Rates)) {
      Skip(expectedError("rates", "an architecture id of " + ArchPath,
                         json(G->Rates)));
      continue;
    }
    G->Path = Path;
    DB.Gpus.push_back(std::move(*G));
  }
  return DB;
}

} // namespace headroom
