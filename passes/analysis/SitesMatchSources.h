//===- SitesMatchSources.h - Do a profile's sites match? --------*- C++ -*-===//
///
/// \file
/// A profile names source locations (launch sites and kernel definitions)
/// as they were when the program was instrumented. When the sources have
/// changed since, the diagnostics would point at the wrong lines. This check
/// reads each named file (relative paths resolved against a source root) and
/// reports sites whose file is gone, whose line no longer exists, or whose
/// line no longer contains the kernel's name. Files that cannot be found at
/// all are not judged when none of the profile's files can be found (the
/// report runs away from the sources); then nothing is checked.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_SITESMATCHSOURCES_H
#define HEADROOM_ANALYSIS_SITESMATCHSOURCES_H

#include "schema/ProfileDocument.h"
#include "support/Error.h"

#include <optional>

#include <string>
#include <vector>

namespace headroom {

/// One location of the profile that no longer matches the sources.
struct SiteMismatch {
  SourceLocation Where;
  std::string Kernel;
  /// True for a kernel definition, false for a launch site.
  bool IsDefinition = false;
  /// What is wrong: the file is gone, cannot be read (Unreadable says
  /// why), the line is past its end (FileLines long), or the line no longer
  /// names the kernel's Identifier.
  enum class Problem { Gone, Unreadable, PastTheEnd, NameMissing };
  Problem What = Problem::NameMissing;
  std::optional<Error> Unreadable;
  std::size_t FileLines = 0;
  std::string Identifier;
};

struct SourceCheckResult {
  /// The directory relative paths were resolved against.
  std::string Root;
  /// False when none of the profile's files was found: nothing was checked.
  bool SourcesFound = false;
  /// Distinct locations checked.
  unsigned Checked = 0;
  std::vector<SiteMismatch> Mismatches;
};

/// The identifier a source line must contain for kernel \p Kernel as the
/// instrumenter recorded it: the last name of a qualified name, without
/// template arguments ("ns::gemm<float, 4>" -> "gemm").
std::string kernelIdentifier(const std::string &Kernel);

/// Checks every site of \p P against the files under \p Root.
SourceCheckResult checkSites(const ProfileDocument &P, const std::string &Root);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_SITESMATCHSOURCES_H
