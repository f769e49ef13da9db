//===- RecordedCorpus.cpp - The validation corpus' ground truth -----------===//

#include "analysis/RecordedCorpus.h"

#include "schema/ProfileReader.h"
#include "support/JsonInput.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace headroom {

using nlohmann::json;

std::optional<double> NcuLaunch::metric(const std::string &Name) const {
  auto It = Metrics.find(Name);
  if (It == Metrics.end())
    return std::nullopt;
  return It->second;
}

const RecordedCase *RecordedCorpus::find(const std::string &Name) const {
  for (const RecordedCase &C : Cases)
    if (C.Name == Name)
      return &C;
  return nullptr;
}

namespace {

/// Nsight Compute's launches by case.
using NcuCases = std::map<std::string, std::vector<NcuLaunch>>;

/// ncu.json: {"metrics": [names], "cases": {case: {"launches": [{"kernel",
/// "grid", "block", "values": [number or null, ...]}]}}}.
Expected<NcuCases> readNcu(const json &Doc) {
  NcuCases Out;
  if (Status S = requireObject(Doc, ""); !S)
    return S.error();
  const json *Names = findMember(Doc, "metrics");
  const json *Cases = findMember(Doc, "cases");
  if (!Names)
    return missingError("metrics", "an array of metric names");
  if (!Names->is_array())
    return expectedError("metrics", "an array of metric names", *Names);
  if (!Cases)
    return missingError("cases", "an object of cases");
  if (!Cases->is_object())
    return expectedError("cases", "an object of cases", *Cases);
  for (std::size_t I = 0; I < Names->size(); ++I)
    if (!(*Names)[I].is_string())
      return expectedError(jsonPath("metrics", I), "a string", (*Names)[I]);
  for (const auto &[Case, Value] : Cases->items()) {
    std::string Path = jsonPath("cases", Case);
    const json *Launches = findMember(Value, "launches");
    if (!Launches || !Launches->is_array())
      return missingError(jsonPath(Path, "launches"), "an array");
    std::vector<NcuLaunch> &List = Out[Case];
    for (std::size_t L = 0; L < Launches->size(); ++L) {
      const json &Entry = (*Launches)[L];
      std::string At = jsonPath(jsonPath(Path, "launches"), L);
      NcuLaunch N;
      auto Kernel = getString(Entry, "kernel", At);
      auto Grid = getString(Entry, "grid", At);
      auto Block = getString(Entry, "block", At);
      for (auto *E : {&Kernel, &Grid, &Block})
        if (!*E)
          return E->error();
      N.Kernel = *Kernel;
      N.Grid = *Grid;
      N.Block = *Block;
      const json *Values = findMember(Entry, "values");
      if (!Values || !Values->is_array() || Values->size() != Names->size())
        return missingError(jsonPath(At, "values"),
                            "an array with one value per metric");
      for (std::size_t M = 0; M < Values->size(); ++M)
        if ((*Values)[M].is_number())
          N.Metrics[(*Names)[M].get<std::string>()] =
              (*Values)[M].get<double>();
      List.push_back(std::move(N));
    }
  }
  return Out;
}

Expected<NcuCases> readNcuFile(const std::string &Path) {
  auto Doc = readJsonFile(Path);
  if (!Doc)
    return Doc.error().context(Path);
  auto Cases = readNcu(*Doc);
  if (!Cases)
    return Cases.error().context(Path);
  return Cases;
}

std::string gridText(const ProfileKernel &K) {
  return "(" + std::to_string(K.Grid[0]) + ", " + std::to_string(K.Grid[1]) +
         ", " + std::to_string(K.Grid[2]) + ")";
}

bool namesKernel(const std::string &Signature, const std::string &Name) {
  for (std::size_t At = Signature.find(Name); At != std::string::npos;
       At = Signature.find(Name, At + 1)) {
    auto IsIdent = [](char Ch) {
      return std::isalnum(static_cast<unsigned char>(Ch)) || Ch == '_';
    };
    bool Before = At == 0 || !IsIdent(Signature[At - 1]);
    std::size_t End = At + Name.size();
    bool After = End == Signature.size() || !IsIdent(Signature[End]);
    if (Before && After)
      return true;
  }
  return false;
}

} // namespace

std::string kernelBaseName(const std::string &Demangled) {
  std::string Outside; // the signature without template arguments
  int Depth = 0;
  for (char Ch : Demangled) {
    if (Ch == '<')
      ++Depth;
    else if (Ch == '>')
      Depth = std::max(0, Depth - 1);
    else if (Depth == 0)
      Outside += Ch;
  }
  // Parameters start at the first '(' after the name ("(anonymous
  // namespace)::" is part of the qualification).
  std::size_t Open = 0;
  while ((Open = Outside.find('(', Open)) != std::string::npos &&
         Outside.compare(Open, 21, "(anonymous namespace)") == 0)
    Open += 21;
  std::string Qualified = Outside.substr(0, Open);
  if (std::size_t Colon = Qualified.rfind("::"); Colon != std::string::npos)
    Qualified = Qualified.substr(Colon + 2);
  if (std::size_t Space = Qualified.rfind(' '); Space != std::string::npos)
    Qualified = Qualified.substr(Space + 1);
  return Qualified;
}

std::vector<const NcuLaunch *>
ncuLaunchesOf(const std::vector<NcuLaunch> &Launches, const ProfileKernel &K) {
  std::string Name = kernelBaseName(K.Demangled);
  std::vector<const NcuLaunch *> ByName, ByGrid;
  for (const NcuLaunch &N : Launches)
    if (namesKernel(N.Kernel, Name)) {
      ByName.push_back(&N);
      if (N.Grid == gridText(K))
        ByGrid.push_back(&N);
    }
  return ByGrid.empty() ? ByName : ByGrid;
}

Expected<RecordedCorpus> readRecordedCorpus(const std::string &Dir) {
  RecordedCorpus Corpus;
  Corpus.Dir = Dir;
  std::string CasesPath = Dir + "/cases.json";
  auto CasesDoc = readJsonFile(CasesPath);
  if (!CasesDoc)
    return CasesDoc.error().context(CasesPath);
  auto Ncu = readNcuFile(Dir + "/ncu.json");
  if (!Ncu)
    return Ncu.error();
  NcuCases Warm;
  if (std::string WarmPath = Dir + "/ncu-warm.json";
      std::filesystem::exists(WarmPath)) {
    auto W = readNcuFile(WarmPath);
    if (!W)
      return W.error();
    Warm = std::move(*W);
  }
  if (Status S = requireObject(*CasesDoc, ""); !S)
    return S.error().context(CasesPath);
  for (const auto &[Name, Value] : CasesDoc->items()) {
    RecordedCase C;
    C.Name = Name;
    std::string Path = Name;
    auto Family = getString(Value, "family", Path);
    auto ExpectedLimit = getString(Value, "expected", Path);
    auto Description = getOptionalString(Value, "description", Path);
    auto Profile = getString(Value, "profile", Path);
    for (auto *E : {&Family, &ExpectedLimit, &Description, &Profile})
      if (!*E)
        return E->error().context(CasesPath);
    const json *Passed = findMember(Value, "passed");
    auto Ok = Passed ? getBool(*Passed, jsonPath(Path, "passed"))
                     : Expected<bool>(missingError(jsonPath(Path, "passed"),
                                                   "true or false"));
    if (!Ok)
      return Ok.error().context(CasesPath);
    C.Family = *Family;
    C.ExpectedLimit = *ExpectedLimit;
    C.Description = *Description;
    C.Passed = *Ok;
    auto Doc = readProfileFile(Dir + "/" + *Profile);
    if (!Doc)
      return Doc.error();
    C.Profile = std::move(*Doc);
    if (auto It = Ncu->find(Name); It != Ncu->end())
      C.Ncu = std::move(It->second);
    if (auto It = Warm.find(Name); It != Warm.end())
      C.NcuWarm = std::move(It->second);
    Corpus.Cases.push_back(std::move(C));
  }
  return Corpus;
}

} // namespace headroom
