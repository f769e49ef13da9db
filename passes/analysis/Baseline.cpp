//===- Baseline.cpp - headroom.baseline/1 ---------------------------------===//

#include "analysis/Baseline.h"

#include "support/InputFile.h"
#include "support/JsonInput.h"

#include <fstream>
#include <map>
#include <set>

namespace headroom {

using nlohmann::json;
using nlohmann::ordered_json;

const BaselineKernel *Baseline::find(const std::string &Key) const {
  if (Index.size() != Kernels.size()) {
    Index.clear();
    for (std::size_t I = 0; I < Kernels.size(); ++I)
      Index.emplace(Kernels[I].Key, I);
  }
  auto It = Index.find(Key);
  return It == Index.end() ? nullptr : &Kernels[It->second];
}

std::vector<std::string> baselineKeys(const Analysis &A) {
  std::vector<std::string> Keys;
  std::map<std::string, unsigned> Uses;
  // A kernel a library call ran is keyed by the call's file (and line,
  // when the file calls it twice), grouping by call.
  for (const KernelReport &K : A.Report.Kernels) {
    std::optional<SourceLocation> Where = K.where();
    std::string Key = (Where ? Where->File : "") + "::" + K.Kernel;
    Keys.push_back(Key);
    ++Uses[Key];
  }
  for (std::size_t I = 0; I < Keys.size(); ++I) {
    std::optional<SourceLocation> Where = A.Report.Kernels[I].where();
    if (Uses[Keys[I]] > 1 && Where)
      Keys[I] += ":" + std::to_string(Where->Line);
  }
  return Keys;
}

Baseline makeBaseline(const Analysis &A) {
  Baseline B;
  B.Device = A.Device.Device.Name;
  std::vector<std::string> Keys = baselineKeys(A);
  for (std::size_t I = 0; I < Keys.size(); ++I) {
    const KernelReport &K = A.Report.Kernels[I];
    BaselineKernel E;
    E.Key = Keys[I];
    E.Kernel = K.Kernel;
    E.Definition = K.where();
    E.Launches = K.Launches;
    if (K.Launches && K.TotalNs > 0)
      E.MeasuredMsPerLaunch = K.TotalNs / 1e6 / double(K.Launches);
    if (const std::optional<KernelFinding> &F = K.Finding;
        F && K.ModeledLaunches) {
      E.PredictedMsPerLaunch = F->PredictedMs / double(K.ModeledLaunches);
      E.Bound = regimeName(F->Verdict);
      E.Model = modelKindKey(F->Model);
      E.Headroom = F->headroomToRoof();
      E.CapHeadroom = F->headroomToCap();
    }
    B.Kernels.push_back(std::move(E));
  }
  return B;
}

ordered_json baselineToJson(const Baseline &B) {
  auto Opt = [](const std::optional<double> &V) {
    return V ? ordered_json(*V) : ordered_json(nullptr);
  };
  ordered_json Doc;
  Doc["schema"] = BaselineSchema;
  Doc["device"] = B.Device;
  ordered_json Kernels = ordered_json::array();
  for (const BaselineKernel &K : B.Kernels) {
    ordered_json J;
    J["key"] = K.Key;
    J["kernel"] = K.Kernel;
    if (K.Definition) {
      J["file"] = K.Definition->File;
      J["line"] = K.Definition->Line;
    }
    J["launches"] = K.Launches;
    J["measured_ms_per_launch"] = Opt(K.MeasuredMsPerLaunch);
    J["predicted_ms_per_launch"] = Opt(K.PredictedMsPerLaunch);
    J["bound"] =
        K.Bound.empty() ? ordered_json(nullptr) : ordered_json(K.Bound);
    J["model"] =
        K.Model.empty() ? ordered_json(nullptr) : ordered_json(K.Model);
    J["headroom_to_roof"] = Opt(K.Headroom);
    J["headroom_to_cap"] = Opt(K.CapHeadroom);
    Kernels.push_back(J);
  }
  Doc["kernels"] = Kernels;
  return Doc;
}

Status writeBaselineFile(const std::string &Path, const Baseline &B) {
  std::ofstream File(Path, std::ios::binary);
  File << baselineToJson(B).dump(2) << "\n";
  File.close();
  if (!File)
    return Error(Path + ": cannot write the baseline");
  return Status::success();
}

namespace {

Expected<std::optional<double>> optionalTime(const json &Obj, const char *Key,
                                             const std::string &Path) {
  const json *V = findMember(Obj, Key);
  if (!V || V->is_null())
    return std::optional<double>();
  auto N = getPositiveNumber(*V, jsonPath(Path, Key));
  if (!N)
    return N.error();
  return std::optional<double>(*N);
}

} // namespace

Expected<Baseline> parseBaseline(const json &Root) {
  if (auto S = requireObject(Root, ""); !S)
    return S.error();
  auto Schema = getString(Root, "schema", "");
  if (!Schema)
    return Schema.error();
  if (*Schema != BaselineSchema)
    return Error("schema: expected \"" + std::string(BaselineSchema) +
                 "\", got \"" + printable(*Schema) + "\"");
  Baseline B;
  auto Device = getOptionalString(Root, "device", "");
  if (!Device)
    return Device.error();
  B.Device = *Device;
  const json *Kernels = findMember(Root, "kernels");
  if (!Kernels)
    return missingError("kernels", "an array");
  if (!Kernels->is_array())
    return expectedError("kernels", "an array", *Kernels);
  std::set<std::string> Keys;
  for (std::size_t I = 0; I < Kernels->size(); ++I) {
    const json &J = (*Kernels)[I];
    std::string Path = jsonPath("kernels", I);
    if (auto S = requireObject(J, Path); !S)
      return S.error();
    BaselineKernel K;
    auto Key = getString(J, "key", Path);
    if (!Key)
      return Key.error();
    if (!Keys.insert(*Key).second)
      return Error(jsonPath(Path, "key") + ": expected a unique key, got \"" +
                   printable(*Key) + "\" a second time");
    K.Key = *Key;
    auto Name = getString(J, "kernel", Path);
    if (!Name)
      return Name.error();
    K.Kernel = *Name;
    if (const json *File = findMember(J, "file"); File && !File->is_null()) {
      if (!File->is_string())
        return expectedError(jsonPath(Path, "file"), "a string or null", *File);
      const json *Line = findMember(J, "line");
      if (!Line || !Line->is_number_unsigned())
        return expectedError(jsonPath(Path, "line"),
                             "a line number beside \"file\"",
                             Line ? *Line : json());
      K.Definition =
          SourceLocation{File->get<std::string>(), Line->get<unsigned>(), 0};
    }
    if (const json *M = findMember(J, "model"); M && !M->is_null()) {
      if (!M->is_string())
        return expectedError(jsonPath(Path, "model"), "a string or null", *M);
      K.Model = M->get<std::string>();
    }
    if (const json *L = findMember(J, "launches")) {
      if (!L->is_number_unsigned())
        return expectedError(jsonPath(Path, "launches"),
                             "a non-negative integer", *L);
      K.Launches = L->get<std::uint64_t>();
    }
    for (auto [Field, Slot] :
         {std::pair{"measured_ms_per_launch", &K.MeasuredMsPerLaunch},
          {"predicted_ms_per_launch", &K.PredictedMsPerLaunch},
          {"headroom_to_roof", &K.Headroom},
          {"headroom_to_cap", &K.CapHeadroom}}) {
      auto V = optionalTime(J, Field, Path);
      if (!V)
        return V.error();
      *Slot = *V;
    }
    // headroom.baseline/1 files written before the roof gate named
    // measured / predicted "headroom": that is the headroom to the cap.
    if (!K.CapHeadroom && !findMember(J, "headroom_to_cap")) {
      auto Legacy = optionalTime(J, "headroom", Path);
      if (!Legacy)
        return Legacy.error();
      K.CapHeadroom = *Legacy;
    }
    if (const json *Bound = findMember(J, "bound");
        Bound && !Bound->is_null()) {
      if (!Bound->is_string() ||
          (*Bound != "compute" && *Bound != "memory" && *Bound != "latency"))
        return expectedError(jsonPath(Path, "bound"),
                             "\"compute\", \"memory\", \"latency\" or null",
                             *Bound);
      K.Bound = Bound->get<std::string>();
    }
    B.Kernels.push_back(std::move(K));
  }
  return B;
}

Expected<Baseline> readBaseline(const std::string &Path) {
  auto Root = readJsonFile(Path);
  if (!Root)
    return Root.error().context(Path);
  auto B = parseBaseline(*Root);
  if (!B)
    return B.error().context(Path);
  B->Path = Path;
  return B;
}

} // namespace headroom
