//===- Sarif.h - Diagnostics as SARIF 2.1.0 ---------------------*- C++ -*-===//
///
/// \file
/// The Static Analysis Results Interchange Format (OASIS SARIF 2.1.0) form
/// of a list of diagnostics, for code-scanning UIs (GitHub code scanning,
/// Azure DevOps, VS Code's SARIF viewer). One run; the tool's rules are the
/// check catalog (checks/catalog/Checks.def) with their summaries and advice,
/// or the rules the caller gives (the source checks', views/CheckViews.h).
/// Each diagnostic with a check name is a result (its notes that carry a
/// check name are results of their own, at level "note"); notes at other
/// places (launch sites) become related locations, and the other notes
/// follow the message on lines of their own. A result needs a location in
/// code-scanning UIs: those without a source location point at the profile.
/// Every result carries a partial fingerprint of check, file and kernel, so
/// an alert survives edits that move its line; a result about a kernel
/// carries the kernel's finding, typed, in its properties.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_SARIF_H
#define HEADROOM_VIEWS_SARIF_H

#include "analysis/Analysis.h"
#include "analysis/Diagnostic.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace headroom {

/// One rule of the run: a check, its summary and its advice.
struct SarifRule {
  std::string Id;
  std::string Summary;
  std::string Help;
  DiagnosticLevel Level = DiagnosticLevel::Warning;
};

struct SarifOptions {
  std::string ToolVersion;
  /// The artifact for results without a source location (the profile).
  std::string FallbackArtifact;
  /// The directory relative paths are relative to, written as the run's
  /// originalUriBaseIds["%SRCROOT%"]; empty to leave it to the consumer.
  std::string SourceRoot;
  /// Each rule's helpUri is <DocsUri>/diagnostics.md#<check>; empty for
  /// none.
  std::string DocsUri;
  /// The analysis the diagnostics are about, if any: a result about a
  /// kernel carries its finding (views/FindingJson.h) in its properties.
  const Analysis *Source = nullptr;
  /// The run's rules; empty for every check of the registry
  /// (checks/CheckRegistry.h).
  std::vector<SarifRule> Rules;
};

/// A file path as a SARIF artifact URI: relative paths stay relative (to
/// %SRCROOT%), absolute ones become file:// URIs; reserved characters are
/// percent-encoded.
std::string artifactUri(const std::string &Path);

/// The SARIF log of \p Diags.
nlohmann::ordered_json diagnosticsToSarif(const std::vector<Diagnostic> &Diags,
                                          const SarifOptions &Options);

/// Writes the same log as diagnosticsToSarif(), indented by 2, one result
/// at a time.
void writeSarif(std::ostream &OS, const std::vector<Diagnostic> &Diags,
                const SarifOptions &Options);

} // namespace headroom

#endif // HEADROOM_VIEWS_SARIF_H
