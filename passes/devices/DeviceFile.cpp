//===- DeviceFile.cpp - Reading and writing headroom.device/1 -------------===//

#include "devices/DeviceFile.h"

#include "devices/FittedModelJson.h"
#include "support/JsonInput.h"

#include <cerrno>
#include <cstring>
#include <fstream>

namespace headroom {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

Status readIdentity(const json &Obj, const std::string &Path,
                    DeviceIdentity &Id) {
  if (Status S = requireObject(Obj, Path); !S)
    return S;
  auto Int = [&](const char *Key, std::optional<std::int64_t> &Out) -> Status {
    if (const json *M = findMember(Obj, Key)) {
      Expected<std::uint64_t> V = getPositiveInteger(*M, jsonPath(Path, Key));
      if (!V)
        return V.error();
      Out = static_cast<std::int64_t>(*V);
    }
    return Status::success();
  };
  auto Real = [&](const char *Key, std::optional<double> &Out) -> Status {
    if (const json *M = findMember(Obj, Key)) {
      Expected<double> V = getPositiveNumber(*M, jsonPath(Path, Key));
      if (!V)
        return V.error();
      Out = *V;
    }
    return Status::success();
  };
  auto Text = [&](const char *Key, std::string &Out) -> Status {
    Expected<std::string> V = getOptionalString(Obj, Key, Path);
    if (!V)
      return V.error();
    Out = *V;
    return Status::success();
  };
  for (Status S :
       {Text("product_name", Id.ProductName), Int("sm_count", Id.SmCount),
        Int("sp_count", Id.SpCount), Real("sm_clock_mhz", Id.SmClockMhz),
        Real("memory_clock_mhz", Id.MemoryClockMhz),
        Int("memory_bus_width_bits", Id.MemoryBusWidthBits),
        Int("l2_bytes", Id.L2Bytes), Text("driver_version", Id.DriverVersion),
        Text("cuda_version", Id.CudaVersion)})
    if (!S)
      return S;
  if (const json *M = findMember(Obj, "ecc")) {
    Expected<bool> V = getBool(*M, jsonPath(Path, "ecc"));
    if (!V)
      return V.error();
    Id.Ecc = *V;
  }
  return Status::success();
}

Status readProvenance(const json &Obj, const std::string &Path, Provenance &P) {
  if (Status S = requireObject(Obj, Path); !S)
    return S;
  Expected<std::string> Source = getString(Obj, "source", Path);
  if (!Source)
    return Source.error();
  P.Source = *Source;
  for (auto [Key, Out] :
       {std::pair<const char *, std::string *>{"date", &P.Date},
        {"tool", &P.Tool},
        {"commit", &P.Commit},
        {"command", &P.Command}}) {
    Expected<std::string> V = getOptionalString(Obj, Key, Path);
    if (!V)
      return V.error();
    *Out = *V;
  }
  return Status::success();
}

Status readParameters(const json &Obj, const std::string &Path,
                      DeviceParameters &D) {
  if (Status S = requireObject(Obj, Path); !S)
    return S;
  for (const DeviceParameterInfo &Info : deviceParameterInfos()) {
    std::string Key(Info.Key), Unit(Info.Unit);
    std::string Where = jsonPath(Path, Key);
    std::string What =
        "an object {\"value\": <positive number>, \"unit\": \"" + Unit + "\"}";
    const json *P = findMember(Obj, Key);
    if (!P)
      return missingError(Where, What);
    if (!P->is_object())
      return expectedError(Where, What, *P);
    const json *Value = findMember(*P, "value");
    if (!Value)
      return missingError(jsonPath(Where, "value"), "a positive number");
    Expected<double> V = getPositiveNumber(*Value, jsonPath(Where, "value"));
    if (!V)
      return V.error();
    const json *UnitField = findMember(*P, "unit");
    if (!UnitField)
      return missingError(jsonPath(Where, "unit"), "\"" + Unit + "\"");
    if (!UnitField->is_string() || UnitField->get<std::string>() != Unit)
      return expectedError(jsonPath(Where, "unit"), "\"" + Unit + "\"",
                           *UnitField);
    D.setValue(Info.Id, *V);
    ParameterDetail Detail;
    if (const json *Spread = findMember(*P, "spread_pct")) {
      Expected<double> S =
          getNonNegativeNumber(*Spread, jsonPath(Where, "spread_pct"));
      if (!S)
        return S.error();
      Detail.SpreadPct = *S;
    }
    Expected<std::string> Method = getOptionalString(*P, "method", Where);
    if (!Method)
      return Method.error();
    Detail.Method = *Method;
    if (Detail.SpreadPct || !Detail.Method.empty())
      D.Details[Key] = Detail;
  }
  return Status::success();
}

Expected<Measurement> readMeasurement(const json &Obj,
                                      const std::string &Path) {
  if (Status S = requireObject(Obj, Path); !S)
    return S.error();
  Measurement M;
  Expected<std::string> Name = getString(Obj, "name", Path);
  if (!Name)
    return Name.error();
  M.Name = *Name;
  const json *Value = findMember(Obj, "value");
  if (!Value)
    return missingError(jsonPath(Path, "value"), "a number");
  Expected<double> V = getNumber(*Value, jsonPath(Path, "value"));
  if (!V)
    return V.error();
  M.Value = *V;
  Expected<std::string> Unit = getString(Obj, "unit", Path, false);
  if (!Unit)
    return Unit.error();
  M.Unit = *Unit;
  if (const json *Spread = findMember(Obj, "spread_pct")) {
    Expected<double> S =
        getNonNegativeNumber(*Spread, jsonPath(Path, "spread_pct"));
    if (!S)
      return S.error();
    M.SpreadPct = *S;
  }
  Expected<std::string> Method = getOptionalString(Obj, "method", Path);
  if (!Method)
    return Method.error();
  M.Method = *Method;
  if (const json *T = findMember(Obj, "theoretical")) {
    Expected<double> Th = getNumber(*T, jsonPath(Path, "theoretical"));
    if (!Th)
      return Th.error();
    M.Theoretical = *Th;
  }
  if (const json *Points = findMember(Obj, "points")) {
    std::string Where = jsonPath(Path, "points");
    if (!Points->is_array())
      return expectedError(Where, "an array of [x, y] pairs", *Points);
    for (std::size_t I = 0; I < Points->size(); ++I) {
      const json &P = (*Points)[I];
      if (!P.is_array() || P.size() != 2 || !P[0].is_number() ||
          !P[1].is_number())
        return expectedError(jsonPath(Where, I), "a pair [x, y] of numbers", P);
      M.Points.emplace_back(P[0].get<double>(), P[1].get<double>());
    }
  }
  return M;
}

} // namespace

Expected<DeviceParameters> parseDevice(const json &Doc) {
  if (!Doc.is_object())
    return expectedError(
        "", "an object with \"schema\": \"" + std::string(DeviceSchema) + "\"",
        Doc);
  std::string Wanted = std::string("\"") + DeviceSchema + "\"";
  const json *Schema = findMember(Doc, "schema");
  if (!Schema)
    return missingError("schema", Wanted);
  if (!Schema->is_string() || Schema->get<std::string>() != DeviceSchema)
    return expectedError("schema", Wanted, *Schema);

  DeviceParameters D;
  Expected<std::string> Name = getString(Doc, "name", "");
  if (!Name)
    return Name.error();
  D.Name = *Name;
  if (const json *Aliases = findMember(Doc, "aliases")) {
    if (!Aliases->is_array())
      return expectedError("aliases", "an array of names", *Aliases);
    for (std::size_t I = 0; I < Aliases->size(); ++I) {
      const json &A = (*Aliases)[I];
      if (!A.is_string() || A.get<std::string>().empty())
        return expectedError(jsonPath("aliases", I), "a non-empty string", A);
      D.Aliases.push_back(A.get<std::string>());
    }
  }
  for (auto [Key, Out] :
       {std::pair<const char *, std::string *>{"vendor", &D.Vendor},
        {"architecture", &D.Architecture},
        {"compute_capability", &D.ComputeCapability}}) {
    Expected<std::string> V = getOptionalString(Doc, Key, "");
    if (!V)
      return V.error();
    *Out = *V;
  }
  if (const json *Identity = findMember(Doc, "identity"))
    if (Status S = readIdentity(*Identity, "identity", D.Identity); !S)
      return S.error();

  const json *Origin = findMember(Doc, "provenance");
  if (!Origin)
    return missingError("provenance",
                        "an object with a \"source\" saying where the "
                        "numbers come from");
  if (Status S = readProvenance(*Origin, "provenance", D.Origin); !S)
    return S.error();

  const json *Parameters = findMember(Doc, "parameters");
  if (!Parameters)
    return missingError("parameters", "an object with T_SP, T_DP, T_int, "
                                      "T_add, T_ldst and B_mem");
  if (Status S = readParameters(*Parameters, "parameters", D); !S)
    return S.error();

  if (const json *Measurements = findMember(Doc, "measurements")) {
    if (!Measurements->is_array())
      return expectedError("measurements", "an array", *Measurements);
    for (std::size_t I = 0; I < Measurements->size(); ++I) {
      Expected<Measurement> M =
          readMeasurement((*Measurements)[I], jsonPath("measurements", I));
      if (!M)
        return M.error();
      D.Measurements.push_back(std::move(*M));
    }
  }
  if (const json *Fitted = findMember(Doc, "fitted_model")) {
    Expected<FittedWeights> W = readFittedModel(*Fitted, "fitted_model");
    if (!W)
      return W.error();
    D.Fitted = std::move(*W);
  }
  return D;
}

Expected<DeviceParameters> readDeviceFile(const std::string &Path) {
  Expected<json> Doc = readJsonFile(Path);
  if (!Doc)
    return Doc.error().context(Path);
  Expected<DeviceParameters> D = parseDevice(*Doc);
  if (!D)
    return D.error().context(Path);
  return D;
}

ordered_json deviceToJson(const DeviceParameters &D) {
  ordered_json Doc;
  Doc["schema"] = DeviceSchema;
  Doc["name"] = D.Name;
  if (!D.Aliases.empty())
    Doc["aliases"] = D.Aliases;
  if (!D.Vendor.empty())
    Doc["vendor"] = D.Vendor;
  if (!D.Architecture.empty())
    Doc["architecture"] = D.Architecture;
  if (!D.ComputeCapability.empty())
    Doc["compute_capability"] = D.ComputeCapability;

  ordered_json Id = ordered_json::object();
  const DeviceIdentity &I = D.Identity;
  if (!I.ProductName.empty())
    Id["product_name"] = I.ProductName;
  if (I.SmCount)
    Id["sm_count"] = *I.SmCount;
  if (I.SpCount)
    Id["sp_count"] = *I.SpCount;
  if (I.SmClockMhz)
    Id["sm_clock_mhz"] = *I.SmClockMhz;
  if (I.MemoryClockMhz)
    Id["memory_clock_mhz"] = *I.MemoryClockMhz;
  if (I.MemoryBusWidthBits)
    Id["memory_bus_width_bits"] = *I.MemoryBusWidthBits;
  if (I.L2Bytes)
    Id["l2_bytes"] = *I.L2Bytes;
  if (I.Ecc)
    Id["ecc"] = *I.Ecc;
  if (!I.DriverVersion.empty())
    Id["driver_version"] = I.DriverVersion;
  if (!I.CudaVersion.empty())
    Id["cuda_version"] = I.CudaVersion;
  if (!Id.empty())
    Doc["identity"] = Id;

  ordered_json Origin;
  Origin["source"] = D.Origin.Source;
  for (auto [Key, Value] :
       {std::pair<const char *, const std::string *>{"date", &D.Origin.Date},
        {"tool", &D.Origin.Tool},
        {"commit", &D.Origin.Commit},
        {"command", &D.Origin.Command}})
    if (!Value->empty())
      Origin[Key] = *Value;
  Doc["provenance"] = Origin;

  ordered_json Parameters;
  for (const DeviceParameterInfo &Info : deviceParameterInfos()) {
    ordered_json P;
    P["value"] = D.value(Info.Id);
    P["unit"] = Info.Unit;
    if (auto It = D.Details.find(std::string(Info.Key));
        It != D.Details.end()) {
      if (It->second.SpreadPct)
        P["spread_pct"] = *It->second.SpreadPct;
      if (!It->second.Method.empty())
        P["method"] = It->second.Method;
    }
    Parameters[std::string(Info.Key)] = P;
  }
  Doc["parameters"] = Parameters;

  if (!D.Measurements.empty()) {
    ordered_json Measurements = ordered_json::array();
    for (const Measurement &M : D.Measurements) {
      ordered_json J;
      J["name"] = M.Name;
      J["value"] = M.Value;
      J["unit"] = M.Unit;
      if (M.SpreadPct)
        J["spread_pct"] = *M.SpreadPct;
      if (!M.Method.empty())
        J["method"] = M.Method;
      if (M.Theoretical)
        J["theoretical"] = *M.Theoretical;
      if (!M.Points.empty()) {
        ordered_json Points = ordered_json::array();
        for (auto [X, Y] : M.Points)
          Points.push_back({X, Y});
        J["points"] = Points;
      }
      Measurements.push_back(J);
    }
    Doc["measurements"] = Measurements;
  }
  if (D.Fitted)
    Doc["fitted_model"] = fittedModelToJson(*D.Fitted);
  return Doc;
}

Status writeDeviceFile(const std::string &Path, const DeviceParameters &D) {
  std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
  if (!Out)
    return Error(Path + ": cannot write file: " + std::strerror(errno));
  Out << deviceToJson(D).dump(2) << "\n";
  Out.close();
  if (!Out)
    return Error(Path + ": cannot write file: " + std::strerror(errno));
  return Status::success();
}

} // namespace headroom
