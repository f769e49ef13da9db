//===- DeviceRegistry.cpp - Finding device files by name ------------------===//

#include "devices/DeviceRegistry.h"

#include "devices/DeviceFile.h"
#include "devices/Generations.h"
#include "devices/GpuSpec.h"
#include "devices/SpecDerivation.h"
#include "support/Paths.h"
#include "support/Spelling.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#ifndef HEADROOM_SOURCE_DEVICE_DIR
#define HEADROOM_SOURCE_DEVICE_DIR ""
#endif

namespace fs = std::filesystem;

namespace headroom {

const char *deviceSourceName(DeviceSource S) {
  switch (S) {
  case DeviceSource::User:
    return "user";
  case DeviceSource::Shipped:
    return "shipped";
  case DeviceSource::File:
    return "file";
  case DeviceSource::Spec:
    return "spec";
  }
  return "file";
}

std::string normalizeDeviceName(const std::string &Name) {
  std::string Key;
  for (char C : Name)
    if (C != '-' && C != ' ' && C != '_')
      Key.push_back(
          static_cast<char>(std::tolower(static_cast<unsigned char>(C))));
  return Key;
}

bool deviceMatches(const DeviceParameters &D, const std::string &Query) {
  std::string Key = normalizeDeviceName(Query);
  if (Key.empty())
    return false;
  if (normalizeDeviceName(D.Name) == Key)
    return true;
  return std::any_of(
      D.Aliases.begin(), D.Aliases.end(),
      [&](const std::string &A) { return normalizeDeviceName(A) == Key; });
}

DeviceRegistry::DeviceRegistry(std::string UserDir, std::string ShippedDir)
    : UserDir(std::move(UserDir)), ShippedDir(std::move(ShippedDir)) {}

static std::string envOrEmpty(const char *Name) {
  const char *Value = std::getenv(Name);
  return Value ? std::string(Value) : std::string();
}

DeviceRegistry
DeviceRegistry::fromEnvironment(const std::string &ExecutableDir) {
  std::string User;
  if (std::string Xdg = envOrEmpty("XDG_DATA_HOME"); !Xdg.empty())
    User = (fs::path(Xdg) / "headroom" / "devices").string();
  else if (std::string Home = envOrEmpty("HOME"); !Home.empty())
    User =
        (fs::path(Home) / ".local" / "share" / "headroom" / "devices").string();

  std::string Shipped = envOrEmpty("HEADROOM_DEVICE_DIR");
  if (Shipped.empty() && !ExecutableDir.empty()) {
    fs::path Installed =
        fs::path(ExecutableDir) / ".." / "share" / "headroom" / "devices";
    std::error_code EC;
    if (fs::is_directory(Installed, EC))
      Shipped = fs::weakly_canonical(Installed, EC).string();
  }
  if (Shipped.empty())
    Shipped = HEADROOM_SOURCE_DEVICE_DIR;
  return DeviceRegistry(std::move(User), std::move(Shipped));
}

DeviceRegistry DeviceRegistry::fromEnvironment() {
  return fromEnvironment(currentExecutableDirectory());
}

/// The *.json entries directly in \p Dir, sorted; none if it does not
/// exist. Entries that are no regular file (a directory, a FIFO, a link to
/// a device or a loop) are listed too: reading them fails with a warning
/// that says what they are.
static std::vector<std::string> jsonFilesIn(const std::string &Dir) {
  std::vector<std::string> Files;
  if (Dir.empty())
    return Files;
  std::error_code EC;
  if (!fs::is_directory(Dir, EC))
    return Files;
  for (fs::directory_iterator It(Dir, EC), End; !EC && It != End;
       It.increment(EC)) {
    const fs::path &P = It->path();
    if (P.extension() == ".json")
      Files.push_back(P.string());
  }
  std::sort(Files.begin(), Files.end());
  return Files;
}

/// Orders names with digit runs compared as numbers: GTX-480 < GTX-1060.
static bool naturalLess(const std::string &A, const std::string &B) {
  auto IsDigit = [](char C) {
    return std::isdigit(static_cast<unsigned char>(C)) != 0;
  };
  std::size_t I = 0, J = 0;
  while (I < A.size() && J < B.size()) {
    if (IsDigit(A[I]) && IsDigit(B[J])) {
      std::size_t EndA = I, EndB = J;
      while (EndA < A.size() && IsDigit(A[EndA]))
        ++EndA;
      while (EndB < B.size() && IsDigit(B[EndB]))
        ++EndB;
      std::string NumA = A.substr(I, EndA - I), NumB = B.substr(J, EndB - J);
      NumA.erase(0, std::min(NumA.find_first_not_of('0'), NumA.size() - 1));
      NumB.erase(0, std::min(NumB.find_first_not_of('0'), NumB.size() - 1));
      if (NumA.size() != NumB.size())
        return NumA.size() < NumB.size();
      if (NumA != NumB)
        return NumA < NumB;
      I = EndA;
      J = EndB;
      continue;
    }
    if (A[I] != B[J])
      return A[I] < B[J];
    ++I;
    ++J;
  }
  return A.size() - I < B.size() - J;
}

/// Appends \p Group to \p Entries in natural order of the device names
/// (GTX-960 before GTX-1060), the order in which a group is listed.
static void appendByName(std::vector<DeviceEntry> &Entries,
                         std::vector<DeviceEntry> Group) {
  std::stable_sort(Group.begin(), Group.end(),
                   [](const DeviceEntry &A, const DeviceEntry &B) {
                     return naturalLess(normalizeDeviceName(A.Device.Name),
                                        normalizeDeviceName(B.Device.Name));
                   });
  for (DeviceEntry &E : Group)
    Entries.push_back(std::move(E));
}

std::vector<DeviceEntry>
DeviceRegistry::list(std::vector<Error> *Problems) const {
  std::vector<DeviceEntry> Entries;
  for (auto [Dir, Source] : {std::pair{&UserDir, DeviceSource::User},
                             std::pair{&ShippedDir, DeviceSource::Shipped}}) {
    std::vector<DeviceEntry> Group;
    for (const std::string &Path : jsonFilesIn(*Dir)) {
      Expected<DeviceParameters> D = readDeviceFile(Path);
      if (!D) {
        if (Problems)
          Problems->push_back(D.error());
        continue;
      }
      Group.push_back({std::move(*D), Path, Source});
    }
    appendByName(Entries, std::move(Group));
  }
  appendSpecDevices(Entries, Problems);
  return Entries;
}

namespace {

std::string specDirectory(const std::string &ShippedDir) {
  return ShippedDir.empty() ? std::string()
                            : (fs::path(ShippedDir) / "specs").string();
}

/// The calibrated devices of \p Entries that a spec table describes.
std::vector<SpecReference>
specReferences(const std::vector<DeviceEntry> &Entries,
               const SpecDatabase &DB) {
  std::vector<SpecReference> Refs;
  for (const DeviceEntry &E : Entries) {
    if (E.Source == DeviceSource::Spec || isSpecDerived(E.Device))
      continue;
    if (const GpuSpec *G = DB.gpu(E.Device.Name))
      Refs.push_back({&E.Device, G});
  }
  return Refs;
}

} // namespace

void DeviceRegistry::appendSpecDevices(std::vector<DeviceEntry> &Entries,
                                       std::vector<Error> *Problems) const {
  std::vector<Error> Ignored;
  Expected<SpecDatabase> DB = readSpecDirectory(specDirectory(ShippedDir),
                                                Problems ? Problems : &Ignored);
  if (!DB) {
    if (Problems)
      Problems->push_back(DB.error());
    return;
  }
  std::vector<SpecReference> Refs = specReferences(Entries, *DB);
  std::vector<DeviceEntry> Group;
  for (const GpuSpec &G : DB->Gpus) {
    const SpecReference *Ref = closestReference(G, Refs);
    if (!Ref)
      continue; // A reference only (no other calibrated GPU of its vendor).
    Expected<DeviceParameters> D = deriveDevice(G, *DB, *Ref);
    if (!D) {
      if (Problems)
        Problems->push_back(D.error().context(G.Path));
      continue;
    }
    Group.push_back({std::move(*D), G.Path, DeviceSource::Spec});
  }
  appendByName(Entries, std::move(Group));
}

Expected<DeviceEntry>
DeviceRegistry::fromSpec(const std::string &Name,
                         const std::string &Reference) const {
  std::string Dir = specDirectory(ShippedDir);
  Expected<SpecDatabase> DB = readSpecDirectory(Dir, nullptr);
  if (!DB)
    return DB.error();
  const GpuSpec *G = DB->gpu(Name);
  if (!G) {
    std::string Known;
    for (const GpuSpec &S : DB->Gpus)
      Known += (Known.empty() ? "" : ", ") + S.Name;
    return Error("no spec table for '" + Name + "' in " + Dir +
                 (Known.empty() ? "" : " (known: " + Known + ")"));
  }
  SpecReference Chosen;
  std::optional<DeviceEntry> Explicit;
  std::vector<DeviceEntry> Calibrated;
  std::vector<SpecReference> Refs;
  if (!Reference.empty()) {
    Expected<DeviceEntry> R = lookup(Reference);
    if (!R)
      return R.error().context("--reference");
    Explicit = std::move(*R);
    const GpuSpec *RefSpec = DB->gpu(Explicit->Device.Name);
    if (!RefSpec)
      return Error("--reference: device '" + Explicit->Device.Name +
                   "' has no spec table in " + Dir +
                   ", so its theoretical peaks (and factors) are unknown");
    if (isSpecDerived(Explicit->Device))
      return Error("--reference: device '" + Explicit->Device.Name +
                   "' is itself derived from a spec; a reference must be "
                   "calibrated");
    Chosen = {&Explicit->Device, RefSpec};
  } else {
    for (DeviceEntry &E : list())
      if (E.Source != DeviceSource::Spec)
        Calibrated.push_back(std::move(E));
    Refs = specReferences(Calibrated, *DB);
    const SpecReference *Ref = closestReference(*G, Refs);
    if (!Ref)
      return Error("no calibrated " + G->Vendor + " GPU other than '" +
                   G->Name +
                   "' with a spec table to learn factors from "
                   "(give --reference)");
    Chosen = *Ref;
  }
  Expected<DeviceParameters> D = deriveDevice(*G, *DB, Chosen);
  if (!D)
    return D.error();
  return DeviceEntry{std::move(*D), G->Path, DeviceSource::Spec};
}

const std::vector<std::string> &deviceGroupNames() {
  static const std::vector<std::string> Names = {"all", "all-nvidia", "all-amd",
                                                 "all-spec", "current"};
  return Names;
}

Expected<std::vector<DeviceEntry>>
DeviceRegistry::lookupTargets(const std::string &Query) const {
  std::string Key = normalizeDeviceName(Query);
  for (const std::string &Group : deviceGroupNames()) {
    if (normalizeDeviceName(Group) != Key)
      continue;
    std::vector<DeviceEntry> All = list();
    std::vector<std::string> Current = architecturesNewestFirst(All, "NVIDIA");
    if (Current.size() > CurrentGenerations)
      Current.resize(CurrentGenerations);
    auto IsCurrent = [&](const DeviceParameters &D) {
      return D.Vendor == "NVIDIA" && std::find(Current.begin(), Current.end(),
                                               D.Architecture) != Current.end();
    };
    std::vector<DeviceEntry> Out;
    for (DeviceEntry &E : All) {
      bool Shadowed = false;
      for (const DeviceEntry &Seen : Out)
        Shadowed |= deviceMatches(Seen.Device, E.Device.Name);
      bool In = Group == "all" ||
                (Group == "all-nvidia" && E.Device.Vendor == "NVIDIA") ||
                (Group == "all-amd" && E.Device.Vendor == "AMD") ||
                (Group == "all-spec" && E.Source == DeviceSource::Spec) ||
                (Group == "current" && IsCurrent(E.Device));
      if (!Shadowed && In)
        Out.push_back(std::move(E));
    }
    if (Out.empty())
      return Error("device group '" + Query + "' is empty");
    return Out;
  }
  Expected<DeviceEntry> One = lookup(Query);
  if (!One) {
    // A misspelt group: name the groups, not only the devices.
    bool NearGroup = Key.compare(0, 3, "all") == 0;
    for (const std::string &G : deviceGroupNames())
      NearGroup |=
          editDistance(Key, normalizeDeviceName(G)) <= suggestionLimit(G);
    if (!NearGroup)
      return One.error();
    std::string Groups;
    for (const std::string &G : deviceGroupNames())
      Groups += (Groups.empty() ? "" : ", ") + G;
    return Error(One.error().message() + "; the groups are " + Groups);
  }
  return std::vector<DeviceEntry>{std::move(*One)};
}

Expected<DeviceEntry> DeviceRegistry::lookup(const std::string &Query) const {
  bool LooksLikePath =
      Query.find('/') != std::string::npos ||
      (Query.size() > 5 && Query.compare(Query.size() - 5, 5, ".json") == 0);
  if (LooksLikePath) {
    std::error_code EC;
    if (!fs::exists(fs::symlink_status(Query, EC)))
      return Error("device file '" + Query + "' does not exist");
    Expected<DeviceParameters> D = readDeviceFile(Query);
    if (!D)
      return D.error();
    return DeviceEntry{std::move(*D), Query, DeviceSource::File};
  }

  std::vector<Error> Problems;
  std::vector<DeviceEntry> All = list(&Problems);
  constexpr std::string_view SpecPrefix = "spec:";
  if (Query.compare(0, SpecPrefix.size(), SpecPrefix) == 0) {
    std::string Name = Query.substr(SpecPrefix.size());
    for (DeviceEntry &E : All)
      if (E.Source == DeviceSource::Spec && deviceMatches(E.Device, Name))
        return std::move(E);
    return Error("no spec-derived device '" + Name +
                 "' (run 'headroom devices' to list them)");
  }
  for (DeviceEntry &E : All)
    if (deviceMatches(E.Device, Query))
      return std::move(E);

  // Close matches: a name or alias within a small edit distance, or one
  // that contains the query (or is contained in it).
  std::string Key = normalizeDeviceName(Query);
  std::vector<std::string> Close;
  for (const DeviceEntry &E : All) {
    std::vector<std::string> Names = E.Device.Aliases;
    Names.insert(Names.begin(), E.Device.Name);
    for (const std::string &N : Names) {
      std::string NKey = normalizeDeviceName(N);
      std::size_t Limit = std::max<std::size_t>(1, NKey.size() / 4);
      bool Contains = Key.size() >= 3 && (NKey.find(Key) != std::string::npos ||
                                          Key.find(NKey) != std::string::npos);
      if (Contains || editDistance(Key, NKey) <= Limit) {
        if (std::find(Close.begin(), Close.end(), E.Device.Name) == Close.end())
          Close.push_back(E.Device.Name);
        break;
      }
    }
  }
  std::string Message = "unknown device '" + Query + "'";
  if (!Close.empty()) {
    Message += "; did you mean ";
    for (std::size_t I = 0; I < Close.size(); ++I)
      Message += (I ? (I + 1 == Close.size() ? " or '" : ", '") : "'") +
                 Close[I] + "'";
    Message += "?";
  }
  Message += " (run 'headroom devices' to list the known devices, or give a "
             "path to a device file)";
  if (!Problems.empty())
    Message +=
        "; note: " + std::to_string(Problems.size()) +
        " device file(s) could not be read: " + Problems.front().message();
  return Error(Message);
}

} // namespace headroom
