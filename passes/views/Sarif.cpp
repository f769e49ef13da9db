//===- Sarif.cpp - Diagnostics as SARIF 2.1.0 -----------------------------===//

#include "views/Sarif.h"

#include "checks/CheckRegistry.h"
#include "support/KernelNames.h"
#include "support/Paths.h"
#include "views/FindingJson.h"
#include "views/ReportJson.h"
#include "views/StallLinesJson.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <unordered_map>

namespace headroom {

using nlohmann::ordered_json;

namespace {

const char *sarifLevel(DiagnosticLevel L) {
  switch (L) {
  case DiagnosticLevel::Error:
    return "error";
  case DiagnosticLevel::Warning:
    return "warning";
  case DiagnosticLevel::Note:
  case DiagnosticLevel::Remark:
    return "note";
  }
  return "warning";
}

/// The rules of the check registry.
const std::vector<SarifRule> &catalogRules() {
  static const std::vector<SarifRule> Rules = [] {
    std::vector<SarifRule> Out;
    for (const CheckInfo &C : checkCatalog())
      Out.push_back({std::string(C.Name), std::string(C.Summary),
                     std::string(C.Help), C.Level});
    return Out;
  }();
  return Rules;
}

const std::vector<SarifRule> &rulesOf(const SarifOptions &Options) {
  return Options.Rules.empty() ? catalogRules() : Options.Rules;
}

ordered_json rulesJson(const SarifOptions &Options) {
  const std::string &DocsUri = Options.DocsUri;
  ordered_json Rules = ordered_json::array();
  for (const SarifRule &C : rulesOf(Options)) {
    ordered_json R;
    R["id"] = C.Id;
    ordered_json Short, Full, Help;
    Short["text"] = C.Summary;
    Full["text"] = C.Summary;
    Help["text"] = C.Help;
    R["shortDescription"] = Short;
    R["fullDescription"] = Full;
    R["help"] = Help;
    if (!DocsUri.empty())
      R["helpUri"] = DocsUri + "/diagnostics.md#" + C.Id;
    ordered_json Config;
    Config["level"] = sarifLevel(C.Level);
    R["defaultConfiguration"] = std::move(Config);
    Rules.push_back(std::move(R));
  }
  return Rules;
}

int ruleIndex(const std::string &Check, const SarifOptions &Options) {
  int I = 0;
  for (const SarifRule &C : rulesOf(Options)) {
    if (C.Id == Check)
      return I;
    ++I;
  }
  return -1;
}

ordered_json physicalLocation(const std::optional<SourceLocation> &Loc,
                              const std::string &Fallback) {
  ordered_json Artifact;
  Artifact["uri"] = artifactUri(Loc ? Loc->File : Fallback);
  if (Artifact["uri"].get<std::string>().rfind("file:", 0) != 0)
    Artifact["uriBaseId"] = "%SRCROOT%";
  ordered_json Physical;
  Physical["artifactLocation"] = std::move(Artifact);
  if (!Loc) {
    // The whole profile: its first line, where code-scanning UIs can show it.
    ordered_json Region;
    Region["startLine"] = 1;
    Physical["region"] = std::move(Region);
  } else if (Loc->Line > 0) {
    ordered_json Region;
    Region["startLine"] = Loc->Line;
    if (Loc->Column > 0)
      Region["startColumn"] = Loc->Column;
    Physical["region"] = std::move(Region);
  }
  return Physical;
}

/// FNV-1a, 64 bits, as 16 hex digits: stable across runs and platforms.
std::string fingerprint(const std::string &Text) {
  std::uint64_t H = 14695981039346656037ull;
  for (unsigned char C : Text) {
    H ^= C;
    H *= 1099511628211ull;
  }
  char Buffer[17];
  std::snprintf(Buffer, sizeof(Buffer), "%016llx",
                static_cast<unsigned long long>(H));
  return Buffer;
}

bool sameLocation(const std::optional<SourceLocation> &A,
                  const std::optional<SourceLocation> &B) {
  if (!A || !B)
    return !A && !B;
  return A->File == B->File && A->Line == B->Line && A->Column == B->Column;
}

/// The kernels of an analysis by name and by where their diagnostics are
/// (two kernels may share a name; grouping by call, one kernel is reported
/// at each library call that ran it), made once per log.
class FindingIndex {
public:
  explicit FindingIndex(const Analysis *A) {
    if (!A)
      return;
    for (const KernelReport &K : A->Report.Kernels)
      ByKernel.emplace(key(K.Kernel, K.where()), &K);
    // The calls of one function in one file, in the order of their lines.
    std::map<std::pair<std::string, std::string>,
             std::vector<std::pair<unsigned, const ProfileScope *>>>
        Calls;
    for (const CallReport &C : A->Report.Calls)
      Calls[{C.Scope->Where.File, C.Scope->Name}].push_back(
          {C.Scope->Where.Line, C.Scope});
    for (auto &[Key, Of] : Calls) {
      std::sort(Of.begin(), Of.end());
      for (std::size_t I = 0; I < Of.size(); ++I)
        Ordinal[Of[I].second] = I;
    }
  }
  const KernelReport *find(const Diagnostic &D) const {
    auto It = ByKernel.find(key(D.Kernel, D.Location));
    return It == ByKernel.end() ? nullptr : It->second;
  }
  /// What tells apart results of one kernel and check in one file: for a
  /// kernel a library call ran, the function and which of its calls in the
  /// file it is (not its line, which edits move); else nothing.
  std::string callOf(const Diagnostic &D) const {
    const KernelReport *K = find(D);
    if (!K || !K->Call)
      return "";
    auto It = Ordinal.find(K->Call);
    return "\n" + K->Call->Name + "#" +
           std::to_string(It == Ordinal.end() ? 0 : It->second);
  }

private:
  static std::string key(const std::string &Kernel,
                         const std::optional<SourceLocation> &At) {
    return Kernel + "\n" +
           (At ? At->File + ":" + std::to_string(At->Line) + ":" +
                     std::to_string(At->Column)
               : std::string());
  }
  std::unordered_map<std::string, const KernelReport *> ByKernel;
  std::map<const ProfileScope *, std::size_t> Ordinal;
};

ordered_json result(const Diagnostic &D, const std::string &Text,
                    const SarifOptions &Options, const FindingIndex &Findings) {
  ordered_json R;
  R["ruleId"] = D.Check;
  if (int I = ruleIndex(D.Check, Options); I >= 0)
    R["ruleIndex"] = I;
  R["level"] = sarifLevel(D.Level);
  ordered_json Message;
  Message["text"] = Text;
  R["message"] = std::move(Message);
  ordered_json Location;
  Location["physicalLocation"] =
      physicalLocation(D.Location, Options.FallbackArtifact);
  R["locations"] = ordered_json::array({Location});
  ordered_json Fingerprints;
  Fingerprints["headroomFinding/v1"] = fingerprint(
      D.Check + "\n" + (D.Location ? D.Location->File : std::string()) + "\n" +
      D.Kernel + (D.Kernel.empty() ? "\n" + D.Message : "") +
      Findings.callOf(D));
  R["partialFingerprints"] = std::move(Fingerprints);
  if (!D.Kernel.empty()) {
    ordered_json Properties;
    Properties["kernel"] = D.Kernel;
    Properties["short_name"] = shortKernelName(D.Kernel);
    if (const KernelReport *K = Findings.find(D)) {
      if (K->Call)
        Properties["call"] = K->Call->Name;
      if (K->Finding)
        Properties["finding"] = findingToJson(*K->Finding);
      if (K->Stalls)
        Properties["stall_lines"] = stallLinesToJson(*K->Stalls);
    }
    R["properties"] = std::move(Properties);
  }
  return R;
}

} // namespace

std::string artifactUri(const std::string &Path) {
  static const char *Hex = "0123456789ABCDEF";
  std::string Out = !Path.empty() && Path[0] == '/' ? "file://" : "";
  for (unsigned char C : Path) {
    bool Plain = (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
                 (C >= '0' && C <= '9') || C == '-' || C == '.' || C == '_' ||
                 C == '~' || C == '/';
    if (Plain) {
      Out += char(C);
    } else {
      Out += '%';
      Out += Hex[C >> 4];
      Out += Hex[C & 15];
    }
  }
  return Out;
}

namespace {

/// The results of one diagnostic: itself, then its notes that carry a check.
std::vector<ordered_json> resultsOf(const Diagnostic &D,
                                    const SarifOptions &Options,
                                    const FindingIndex &Findings) {
  std::vector<ordered_json> Out;
  if (D.Check.empty())
    return Out;
  // Sentences, each ending in a period: SARIF shows the first as the
  // summary.
  std::string Text = D.Message + ".";
  ordered_json Related = ordered_json::array();
  std::vector<const Diagnostic *> OwnResults;
  for (const Diagnostic &N : D.Notes) {
    if (!N.Check.empty()) {
      OwnResults.push_back(&N);
    } else if (N.Location && !sameLocation(N.Location, D.Location)) {
      ordered_json L;
      L["id"] = Related.size();
      L["physicalLocation"] =
          physicalLocation(N.Location, Options.FallbackArtifact);
      ordered_json Message;
      Message["text"] = N.Message;
      L["message"] = std::move(Message);
      Related.push_back(std::move(L));
    } else {
      Text += "\n" + N.Message + ".";
    }
  }
  ordered_json R = result(D, Text, Options, Findings);
  if (!Related.empty())
    R["relatedLocations"] = std::move(Related);
  Out.push_back(std::move(R));
  for (const Diagnostic *N : OwnResults)
    Out.push_back(result(*N, N->Message + ".", Options, Findings));
  return Out;
}

/// The log with an empty results array.
ordered_json sarifHead(const SarifOptions &Options) {
  ordered_json Driver;
  Driver["name"] = "headroom";
  Driver["semanticVersion"] = Options.ToolVersion;
  Driver["rules"] = rulesJson(Options);
  ordered_json Tool;
  Tool["driver"] = std::move(Driver);
  ordered_json Invocation;
  Invocation["executionSuccessful"] = true;
  ordered_json Run;
  Run["tool"] = std::move(Tool);
  if (!Options.SourceRoot.empty()) {
    // An absolute directory URI ending in '/', as SARIF 3.14.14 requires.
    ordered_json Root;
    Root["uri"] = artifactUri(absolutePath(Options.SourceRoot)) + "/";
    Run["originalUriBaseIds"]["%SRCROOT%"] = std::move(Root);
  }
  Run["invocations"] = ordered_json::array({Invocation});
  Run["results"] = ordered_json::array();
  return Run;
}

constexpr const char *SarifSchemaUri =
    "https://json.schemastore.org/sarif-2.1.0.json";

} // namespace

ordered_json diagnosticsToSarif(const std::vector<Diagnostic> &Diags,
                                const SarifOptions &Options) {
  ordered_json Run = sarifHead(Options);
  FindingIndex Findings(Options.Source);
  for (const Diagnostic &D : Diags)
    for (ordered_json &R : resultsOf(D, Options, Findings))
      Run["results"].push_back(std::move(R));
  ordered_json Log;
  Log["$schema"] = SarifSchemaUri;
  Log["version"] = "2.1.0";
  Log["runs"] = ordered_json::array({std::move(Run)});
  return Log;
}

void writeSarif(std::ostream &OS, const std::vector<Diagnostic> &Diags,
                const SarifOptions &Options) {
  OS << "{\n  \"$schema\": \"" << SarifSchemaUri
     << "\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    ";
  // Results are made one diagnostic at a time and written as they come.
  std::size_t Next = 0;
  std::vector<ordered_json> Pending;
  std::size_t Taken = 0;
  FindingIndex Findings(Options.Source);
  writeJsonStreaming(
      OS, sarifHead(Options),
      [&](const std::string &Key, std::size_t) -> std::optional<ordered_json> {
        if (Key != "results")
          return std::nullopt;
        while (Taken == Pending.size()) {
          if (Next == Diags.size())
            return std::nullopt;
          Pending = resultsOf(Diags[Next++], Options, Findings);
          Taken = 0;
        }
        return std::move(Pending[Taken++]);
      },
      /*Depth=*/4);
  OS << "\n  ]\n}\n";
}

} // namespace headroom
