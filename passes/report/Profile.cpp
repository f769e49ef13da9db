//===- Profile.cpp - Reading headroom.profile/1 ---------------------------===//

#include "report/Profile.h"

#include "support/JsonInput.h"

namespace headroom {

using nlohmann::json;

namespace {

constexpr const char *ProfileSchema = "headroom.profile/1";

Expected<unsigned> getUnsigned(const json &Obj, const char *Key,
                               const std::string &Path, bool Required) {
  const json *Member = findMember(Obj, Key);
  std::string Where = jsonPath(Path, Key);
  if (!Member) {
    if (Required)
      return missingError(Where, "a non-negative integer");
    return 0u;
  }
  if (!Member->is_number_unsigned() &&
      !(Member->is_number_integer() && Member->get<std::int64_t>() >= 0))
    return expectedError(Where, "a non-negative integer", *Member);
  std::uint64_t V = Member->get<std::uint64_t>();
  if (V > 0xffffffffu)
    return expectedError(Where, "an integer below 2^32", *Member);
  return unsigned(V);
}

Expected<std::uint64_t> getCount(const json &Obj, const char *Key,
                                 const std::string &Path) {
  const json *Member = findMember(Obj, Key);
  std::string Where = jsonPath(Path, Key);
  if (!Member)
    return missingError(Where, "a non-negative integer");
  if (!Member->is_number_unsigned() &&
      !(Member->is_number_integer() && Member->get<std::int64_t>() >= 0))
    return expectedError(Where, "a non-negative integer", *Member);
  return Member->get<std::uint64_t>();
}

Expected<double> getNs(const json &Obj, const char *Key,
                       const std::string &Path) {
  const json *Member = findMember(Obj, Key);
  if (!Member)
    return missingError(jsonPath(Path, Key), "a duration in nanoseconds");
  return getNonNegativeNumber(*Member, jsonPath(Path, Key));
}

Expected<std::array<unsigned, 3>> getDim3(const json &Obj, const char *Key,
                                          const std::string &Path) {
  std::string Where = jsonPath(Path, Key);
  const json *Member = findMember(Obj, Key);
  if (!Member)
    return missingError(Where, "an array of 3 positive integers");
  if (!Member->is_array() || Member->size() != 3)
    return expectedError(Where, "an array of 3 positive integers", *Member);
  std::array<unsigned, 3> Dims{};
  for (std::size_t I = 0; I < 3; ++I) {
    const json &D = (*Member)[I];
    if (!D.is_number_unsigned() &&
        !(D.is_number_integer() && D.get<std::int64_t>() > 0))
      return expectedError(jsonPath(Where, I), "a positive integer", D);
    if (D.get<std::uint64_t>() == 0 || D.get<std::uint64_t>() > 0xffffffffu)
      return expectedError(jsonPath(Where, I), "a positive integer", D);
    Dims[I] = unsigned(D.get<std::uint64_t>());
  }
  return Dims;
}

Expected<SourceLocation> getLocation(const json &Obj, const char *FileKey,
                                     const char *LineKey, const char *ColKey,
                                     const std::string &Path) {
  SourceLocation Loc;
  auto File = getString(Obj, FileKey, Path);
  if (!File)
    return File.error();
  auto Line = getUnsigned(Obj, LineKey, Path, /*Required=*/true);
  if (!Line)
    return Line.error();
  auto Col = getUnsigned(Obj, ColKey, Path, /*Required=*/true);
  if (!Col)
    return Col.error();
  Loc.File = *File;
  Loc.Line = *Line;
  Loc.Column = *Col;
  return Loc;
}

Expected<ProfileSite> readSite(const json &J, const std::string &Path) {
  if (auto S = requireObject(J, Path); !S)
    return S.error();
  ProfileSite Site;
  auto Id = getUnsigned(J, "id", Path, /*Required=*/true);
  if (!Id)
    return Id.error();
  Site.Id = *Id;
  auto Launch = getLocation(J, "file", "line", "column", Path);
  if (!Launch)
    return Launch.error();
  Site.Launch = *Launch;
  auto Kernel = getString(J, "kernel", Path);
  if (!Kernel)
    return Kernel.error();
  Site.Kernel = *Kernel;
  auto Def =
      getLocation(J, "kernel_file", "kernel_line", "kernel_column", Path);
  if (!Def)
    return Def.error();
  Site.Definition = *Def;
  return Site;
}

Expected<ProfileDevice> readDevice(const json &J, const std::string &Path) {
  if (auto S = requireObject(J, Path); !S)
    return S.error();
  ProfileDevice D;
  auto Index = getUnsigned(J, "index", Path, /*Required=*/true);
  if (!Index)
    return Index.error();
  D.Index = *Index;
  auto Name = getString(J, "name", Path);
  if (!Name)
    return Name.error();
  D.Name = *Name;
  for (auto [Key, Field] : {std::pair{"uuid", &D.Uuid},
                            {"compute_capability", &D.ComputeCapability},
                            {"chip", &D.Chip}}) {
    auto V = getOptionalString(J, Key, Path);
    if (!V)
      return V.error();
    *Field = *V;
  }
  auto Sms = getUnsigned(J, "sm_count", Path, /*Required=*/false);
  if (!Sms)
    return Sms.error();
  D.SmCount = *Sms;
  return D;
}

Expected<ProfileKernel> readKernel(const json &J, const std::string &Path,
                                   const std::map<unsigned, std::size_t> &Ids) {
  if (auto S = requireObject(J, Path); !S)
    return S.error();
  ProfileKernel K;
  const json *Site = findMember(J, "site");
  if (Site && !Site->is_null()) {
    auto Id = getUnsigned(J, "site", Path, /*Required=*/true);
    if (!Id)
      return Id.error();
    auto It = Ids.find(*Id);
    if (It == Ids.end())
      return Error(jsonPath(Path, "site") +
                   ": expected the id of an entry in "
                   "sites, got " +
                   std::to_string(*Id));
    K.Site = It->second;
  }
  auto Name = getString(J, "name", Path);
  if (!Name)
    return Name.error();
  K.Name = *Name;
  auto Demangled = getOptionalString(J, "demangled", Path);
  if (!Demangled)
    return Demangled.error();
  K.Demangled = Demangled->empty() ? K.Name : *Demangled;
  auto Device = getUnsigned(J, "device", Path, /*Required=*/false);
  if (!Device)
    return Device.error();
  K.Device = *Device;
  auto Grid = getDim3(J, "grid", Path);
  if (!Grid)
    return Grid.error();
  K.Grid = *Grid;
  auto Block = getDim3(J, "block", Path);
  if (!Block)
    return Block.error();
  K.Block = *Block;
  if (findMember(J, "dynamic_shared_bytes")) {
    auto Shared = getCount(J, "dynamic_shared_bytes", Path);
    if (!Shared)
      return Shared.error();
    K.DynamicSharedBytes = *Shared;
  }
  auto Launches = getCount(J, "launches", Path);
  if (!Launches)
    return Launches.error();
  K.Launches = *Launches;
  K.TimedLaunches = K.Launches;
  if (findMember(J, "timed_launches")) {
    auto Timed = getCount(J, "timed_launches", Path);
    if (!Timed)
      return Timed.error();
    if (*Timed > K.Launches)
      return Error(
          jsonPath(Path, "timed_launches") + ": expected at most launches (" +
          std::to_string(K.Launches) + "), got " + std::to_string(*Timed));
    K.TimedLaunches = *Timed;
  }
  for (auto [Key, Field] : {std::pair{"total_ns", &K.TotalNs},
                            {"min_ns", &K.MinNs},
                            {"max_ns", &K.MaxNs}}) {
    auto V = getNs(J, Key, Path);
    if (!V)
      return V.error();
    *Field = *V;
  }
  if (K.MinNs > K.MaxNs)
    return Error(jsonPath(Path, "min_ns") + ": expected at most max_ns (" +
                 std::to_string(K.MaxNs) + "), got " + std::to_string(K.MinNs));
  if (const json *Counters = findMember(J, "counters")) {
    std::string Where = jsonPath(Path, "counters");
    if (!Counters->is_object())
      return expectedError(Where, "an object of metric values", *Counters);
    for (const auto &[Metric, Value] : Counters->items()) {
      auto V = getNumber(Value, jsonPath(Where, Metric));
      if (!V)
        return V.error();
      K.Counters[Metric] = *V;
    }
    if (!K.Counters.empty()) {
      K.CounterLaunches = 1;
      if (findMember(J, "counter_launches")) {
        auto N = getCount(J, "counter_launches", Path);
        if (!N)
          return N.error();
        K.CounterLaunches = *N;
      }
    }
  }
  return K;
}

Expected<Profile> parseProfile(const json &Root) {
  if (auto S = requireObject(Root, ""); !S)
    return S.error();
  auto Schema = getString(Root, "schema", "");
  if (!Schema)
    return Schema.error();
  if (*Schema != ProfileSchema)
    return Error("schema: expected \"" + std::string(ProfileSchema) +
                 "\", got \"" + *Schema + "\"");
  Profile P;
  if (const json *Collection = findMember(Root, "collection")) {
    if (auto S = requireObject(*Collection, "collection"); !S)
      return S.error();
    auto Mode = getOptionalString(*Collection, "mode", "collection");
    if (!Mode)
      return Mode.error();
    P.Mode = *Mode;
    if (const json *Warnings = findMember(*Collection, "warnings")) {
      if (!Warnings->is_array())
        return expectedError("collection.warnings", "an array of strings",
                             *Warnings);
      for (std::size_t I = 0; I < Warnings->size(); ++I) {
        if (!(*Warnings)[I].is_string())
          return expectedError(jsonPath("collection.warnings", I), "a string",
                               (*Warnings)[I]);
        P.Warnings.push_back((*Warnings)[I].get<std::string>());
      }
    }
  }
  auto Array = [&](const char *Key) -> Expected<const json *> {
    const json *A = findMember(Root, Key);
    if (!A)
      return missingError(Key, "an array");
    if (!A->is_array())
      return expectedError(Key, "an array", *A);
    return A;
  };
  auto Devices = Array("devices");
  if (!Devices)
    return Devices.error();
  for (std::size_t I = 0; I < (*Devices)->size(); ++I) {
    auto D = readDevice((**Devices)[I], jsonPath("devices", I));
    if (!D)
      return D.error();
    P.Devices.push_back(*D);
  }
  auto Sites = Array("sites");
  if (!Sites)
    return Sites.error();
  std::map<unsigned, std::size_t> SiteIndex;
  for (std::size_t I = 0; I < (*Sites)->size(); ++I) {
    auto S = readSite((**Sites)[I], jsonPath("sites", I));
    if (!S)
      return S.error();
    if (!SiteIndex.emplace(S->Id, P.Sites.size()).second)
      return Error(jsonPath(jsonPath("sites", I), "id") +
                   ": expected a unique id, got " + std::to_string(S->Id) +
                   " a second time");
    P.Sites.push_back(*S);
  }
  auto Kernels = Array("kernels");
  if (!Kernels)
    return Kernels.error();
  for (std::size_t I = 0; I < (*Kernels)->size(); ++I) {
    auto K = readKernel((**Kernels)[I], jsonPath("kernels", I), SiteIndex);
    if (!K)
      return K.error();
    P.Kernels.push_back(*K);
  }
  return P;
}

} // namespace

bool Profile::hasCounters() const {
  for (const ProfileKernel &K : Kernels)
    if (!K.Counters.empty())
      return true;
  return false;
}

const ProfileDevice *Profile::device(unsigned Index) const {
  for (const ProfileDevice &D : Devices)
    if (D.Index == Index)
      return &D;
  return nullptr;
}

Expected<Profile> readProfile(const std::string &Path) {
  auto Root = readJsonFile(Path);
  if (!Root)
    return Root.error().context(Path);
  auto P = parseProfile(*Root);
  if (!P)
    return P.error().context(Path);
  P->Path = Path;
  return P;
}

} // namespace headroom
