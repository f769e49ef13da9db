//===- Sarif.cpp - Diagnostics as SARIF 2.1.0 -----------------------------===//

#include "report/Sarif.h"

#include "report/Checks.h"

#include <cstdint>
#include <cstdio>

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

ordered_json rulesJson() {
  ordered_json Rules = ordered_json::array();
  for (const CheckInfo &C : checkCatalog()) {
    ordered_json R;
    R["id"] = C.Name;
    ordered_json Short, Full, Help;
    Short["text"] = C.Summary;
    Full["text"] = C.Summary;
    Help["text"] = C.Help;
    R["shortDescription"] = Short;
    R["fullDescription"] = Full;
    R["help"] = Help;
    ordered_json Config;
    Config["level"] = sarifLevel(C.Level);
    R["defaultConfiguration"] = Config;
    Rules.push_back(R);
  }
  return Rules;
}

int ruleIndex(const std::string &Check) {
  int I = 0;
  for (const CheckInfo &C : checkCatalog()) {
    if (C.Name == Check)
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
  Physical["artifactLocation"] = Artifact;
  if (!Loc) {
    // The whole profile: its first line, where code-scanning UIs can show it.
    ordered_json Region;
    Region["startLine"] = 1;
    Physical["region"] = Region;
  } else if (Loc->Line > 0) {
    ordered_json Region;
    Region["startLine"] = Loc->Line;
    if (Loc->Column > 0)
      Region["startColumn"] = Loc->Column;
    Physical["region"] = Region;
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

ordered_json result(const Diagnostic &D, const std::string &Text,
                    const SarifOptions &Options) {
  ordered_json R;
  R["ruleId"] = D.Check;
  if (int I = ruleIndex(D.Check); I >= 0)
    R["ruleIndex"] = I;
  R["level"] = sarifLevel(D.Level);
  ordered_json Message;
  Message["text"] = Text;
  R["message"] = Message;
  ordered_json Location;
  Location["physicalLocation"] =
      physicalLocation(D.Location, Options.FallbackArtifact);
  R["locations"] = ordered_json::array({Location});
  ordered_json Fingerprints;
  Fingerprints["headroomFinding/v1"] = fingerprint(
      D.Check + "\n" + (D.Location ? D.Location->File : std::string()) + "\n" +
      D.Kernel + (D.Kernel.empty() ? "\n" + D.Message : ""));
  R["partialFingerprints"] = Fingerprints;
  if (!D.Kernel.empty()) {
    ordered_json Properties;
    Properties["kernel"] = D.Kernel;
    R["properties"] = Properties;
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

ordered_json diagnosticsToSarif(const std::vector<Diagnostic> &Diags,
                                const SarifOptions &Options) {
  ordered_json Results = ordered_json::array();
  for (const Diagnostic &D : Diags) {
    if (D.Check.empty())
      continue;
    std::string Text = D.Message;
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
        L["message"] = Message;
        Related.push_back(L);
      } else {
        Text += "\n" + N.Message + ".";
      }
    }
    ordered_json R = result(D, Text, Options);
    if (!Related.empty())
      R["relatedLocations"] = Related;
    Results.push_back(R);
    for (const Diagnostic *N : OwnResults)
      Results.push_back(result(*N, N->Message, Options));
  }

  ordered_json Driver;
  Driver["name"] = "headroom";
  Driver["semanticVersion"] = Options.ToolVersion;
  Driver["rules"] = rulesJson();
  ordered_json Tool;
  Tool["driver"] = Driver;
  ordered_json Invocation;
  Invocation["executionSuccessful"] = true;
  ordered_json Run;
  Run["tool"] = Tool;
  Run["invocations"] = ordered_json::array({Invocation});
  Run["results"] = Results;
  ordered_json Log;
  Log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  Log["version"] = "2.1.0";
  Log["runs"] = ordered_json::array({Run});
  return Log;
}

} // namespace headroom
