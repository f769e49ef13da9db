//===- CountersFile.cpp - Reading headroom.counters/1 files ---------------===//

#include "model/CountersFile.h"

#include "support/Format.h"
#include "support/JsonInput.h"

#include <cmath>
#include <map>

namespace headroom {

using nlohmann::json;

namespace {

/// The names a user may give for model input \p C, for "missing" messages.
std::string acceptedNames(Counter C) {
  const CounterInfo &Info = counterInfo(C);
  std::string Names = std::string(Info.LegacyName) + ", " +
                      std::string(Info.HopperName) + " or " +
                      std::string(Info.Symbol);
  if (C == Counter::TranRead)
    Names = std::string(Info.LegacyName) + ", " + std::string(Info.HopperName) +
            ", " + std::string(counterInfo(Counter::DramBytesRead).HopperName) +
            " (bytes) or " + std::string(Info.Symbol);
  if (C == Counter::TranWrite)
    Names = std::string(Info.LegacyName) + ", " + std::string(Info.HopperName) +
            ", " +
            std::string(counterInfo(Counter::DramBytesWrite).HopperName) +
            " (bytes) or " + std::string(Info.Symbol);
  return Names;
}

bool nearlyEqual(double A, double B) {
  return std::fabs(A - B) <= 1e-6 * std::max({std::fabs(A), std::fabs(B), 1.0});
}

/// Reads the "counters" object of one kernel into totals over \p Launches.
Expected<KernelCounters> parseKernelCounters(const json &Obj,
                                             const std::string &Path,
                                             std::uint64_t Launches,
                                             bool PerLaunch) {
  if (Status S = requireObject(Obj, Path); !S)
    return S.error();
  KernelCounters C;
  C.Launches = Launches;
  std::map<Counter, double> Given;
  std::map<Counter, std::string> GivenAs;
  for (const auto &[Key, Value] : Obj.items()) {
    std::string Where = jsonPath(Path, Key);
    Expected<double> V = getNonNegativeNumber(Value, Where);
    if (!V)
      return V.error();
    CounterMatch Match = findCounter(Key);
    if (!Match) {
      C.Unrecognized[Key] = *V;
      continue;
    }
    Counter Id = Match.Info->Id;
    if (auto It = GivenAs.find(Id); It != GivenAs.end())
      return Error(Path + ": " + std::string(Match.Info->Symbol) +
                   " given twice, as '" + It->second + "' and as '" + Key +
                   "'; give one");
    GivenAs[Id] = Key;
    Given[Id] = Match.Kind == CounterNameKind::Legacy
                    ? *V * Match.Info->LegacyScale
                    : *V;
  }

  // DRAM traffic may come as bytes instead of 32-byte sectors.
  for (auto [Sectors, Bytes] :
       {std::pair{Counter::TranRead, Counter::DramBytesRead},
        std::pair{Counter::TranWrite, Counter::DramBytesWrite}}) {
    auto S = Given.find(Sectors), B = Given.find(Bytes);
    if (B == Given.end())
      continue;
    if (S == Given.end()) {
      Given[Sectors] = B->second / 32;
      continue;
    }
    if (!nearlyEqual(B->second, 32 * S->second))
      return Error(Path + ": conflicting values: '" + GivenAs[Sectors] +
                   "' = " + formatGeneral(S->second) + " sectors but '" +
                   GivenAs[Bytes] + "' = " + formatGeneral(B->second) +
                   " bytes (expected 32 bytes per sector)");
  }

  double Scale = PerLaunch ? static_cast<double>(Launches) : 1.0;
  for (std::size_t I = 0; I < NumModelCounters; ++I) {
    Counter Id = static_cast<Counter>(I);
    auto It = Given.find(Id);
    if (It == Given.end())
      return Error(Path + ": missing " + std::string(counterInfo(Id).Symbol) +
                   " (give " + acceptedNames(Id) + ")");
    C.setInput(Id, It->second * Scale);
  }
  for (const auto &[Id, Value] : Given) {
    if (isModelInput(Id))
      continue;
    C.Carried[Id] =
        counterInfo(Id).Combine == Aggregation::Sum ? Value * Scale : Value;
  }
  return C;
}

/// Reads the "parameters" object of one kernel (thesis table 4.2 values).
Expected<KernelParameters> parseKernelParameters(const json &Obj,
                                                 const std::string &Path,
                                                 std::uint64_t Launches,
                                                 bool PerLaunch) {
  if (Status S = requireObject(Obj, Path); !S)
    return S.error();
  KernelParameters P;
  P.Launches = Launches;
  Expected<std::string> Type = getString(Obj, "K_type", Path);
  if (!Type)
    return Type.error();
  std::optional<KernelType> K = parseKernelType(*Type);
  if (!K)
    return expectedError(jsonPath(Path, "K_type"),
                         "\"fp32\", \"fp64\" or \"int\"", Obj["K_type"]);
  P.Type = *K;

  auto Number = [&](const char *Key, bool Required,
                    double Default) -> Expected<double> {
    const json *Member = findMember(Obj, Key);
    if (!Member) {
      if (Required)
        return missingError(jsonPath(Path, Key), "a non-negative number");
      return Default;
    }
    return getNonNegativeNumber(*Member, jsonPath(Path, Key));
  };
  double Scale = PerLaunch ? static_cast<double>(Launches) : 1.0;
  Expected<double> WComp = Number("W_comp", true, 0);
  if (!WComp)
    return WComp.error();
  Expected<double> WTraf = Number("W_traf", true, 0);
  if (!WTraf)
    return WTraf.error();
  Expected<double> EMix = Number("E_mix", P.Type != KernelType::Int, 0.5);
  if (!EMix)
    return EMix.error();
  Expected<double> DOps = Number("D_ops", true, 0);
  if (!DOps)
    return DOps.error();
  Expected<double> DLdSt = Number("D_ldst", true, 0);
  if (!DLdSt)
    return DLdSt.error();
  Expected<double> DOther = Number("D_other", false, 1 - *DOps - *DLdSt);
  if (!DOther)
    return DOther.error();
  P.WComp = *WComp * Scale;
  P.WTraf = *WTraf * Scale;
  P.EMix = *EMix;
  P.DOps = *DOps;
  P.DLdSt = *DLdSt;
  P.DOther = *DOther;
  return P;
}

Expected<KernelEntry> parseKernel(const json &Obj, const std::string &Path) {
  if (Status S = requireObject(Obj, Path); !S)
    return S.error();
  KernelEntry Entry;
  Expected<std::string> Name = getString(Obj, "name", Path);
  if (!Name)
    return Name.error();

  const json *LaunchesField = findMember(Obj, "launches");
  if (!LaunchesField)
    return missingError(jsonPath(Path, "launches"), "a positive integer");
  Expected<std::uint64_t> Launches =
      getPositiveInteger(*LaunchesField, jsonPath(Path, "launches"));
  if (!Launches)
    return Launches.error();

  const json *PerLaunchField = findMember(Obj, "per_launch");
  if (!PerLaunchField)
    return missingError(jsonPath(Path, "per_launch"),
                        "true (values are per-launch averages) or false "
                        "(totals over the launches)");
  Expected<bool> PerLaunch =
      getBool(*PerLaunchField, jsonPath(Path, "per_launch"));
  if (!PerLaunch)
    return PerLaunch.error();

  if (const json *Measured = findMember(Obj, "measured_ms")) {
    Expected<double> Ms =
        getPositiveNumber(*Measured, jsonPath(Path, "measured_ms"));
    if (!Ms)
      return Ms.error();
    Entry.MeasuredMs = *Ms;
  }

  const json *Counters = findMember(Obj, "counters");
  const json *Parameters = findMember(Obj, "parameters");
  if (Counters && Parameters)
    return Error(Path + ": give either 'counters' or 'parameters', not both");
  if (Parameters) {
    Expected<KernelParameters> P = parseKernelParameters(
        *Parameters, jsonPath(Path, "parameters"), *Launches, *PerLaunch);
    if (!P)
      return P.error();
    P->Name = *Name;
    if (Status S = validateKernelParameters(*P); !S)
      return S.error().context(jsonPath(Path, "parameters"));
    Entry.Parameters = std::move(*P);
    return Entry;
  }
  if (!Counters)
    return missingError(jsonPath(Path, "counters"),
                        "an object of counter values, or 'parameters'");
  Expected<KernelCounters> C = parseKernelCounters(
      *Counters, jsonPath(Path, "counters"), *Launches, *PerLaunch);
  if (!C)
    return C.error();
  C->Name = *Name;
  C->MeasuredMs = Entry.MeasuredMs;
  Expected<KernelParameters> P = deriveKernelParameters(*C);
  if (!P)
    return P.error().context(Path);
  Entry.Parameters = std::move(*P);
  Entry.Counters = std::move(*C);
  return Entry;
}

} // namespace

Expected<CountersFile> parseCounters(const json &Doc) {
  if (!Doc.is_object())
    return expectedError("",
                         "an object with \"schema\": \"" +
                             std::string(CountersSchema) + "\"",
                         Doc);
  const json *Schema = findMember(Doc, "schema");
  std::string Wanted = std::string("\"") + CountersSchema + "\"";
  if (!Schema)
    return missingError("schema", Wanted);
  if (!Schema->is_string() || Schema->get<std::string>() != CountersSchema)
    return expectedError("schema", Wanted, *Schema);

  const json *Kernels = findMember(Doc, "kernels");
  if (!Kernels)
    return missingError("kernels", "a non-empty array of kernels");
  if (!Kernels->is_array())
    return expectedError("kernels", "a non-empty array of kernels", *Kernels);
  if (Kernels->empty())
    return Error("kernels: expected a non-empty array of kernels, got an "
                 "empty array");

  CountersFile File;
  std::map<std::string, std::size_t> Seen;
  for (std::size_t I = 0; I < Kernels->size(); ++I) {
    std::string Path = jsonPath("kernels", I);
    Expected<KernelEntry> Entry = parseKernel((*Kernels)[I], Path);
    if (!Entry)
      return Entry.error();
    const std::string &Name = Entry->Parameters.Name;
    if (auto It = Seen.find(Name); It != Seen.end())
      return Error(jsonPath(Path, "name") + ": duplicate kernel name '" + Name +
                   "' (also kernels[" + std::to_string(It->second) + "])");
    Seen[Name] = I;
    File.Kernels.push_back(std::move(*Entry));
  }
  return File;
}

Expected<CountersFile> readCountersFile(const std::string &Path) {
  Expected<json> Doc = readJsonFile(Path);
  if (!Doc)
    return Doc.error().context(Path);
  Expected<CountersFile> File = parseCounters(*Doc);
  if (!File)
    return File.error().context(Path);
  return File;
}

} // namespace headroom
