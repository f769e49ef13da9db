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

#include <string>
#include <vector>

namespace headroom {

/// One location of the profile that no longer matches the sources.
struct SiteMismatch {
  SourceLocation Where;
  std::string Kernel;
  /// True for a kernel definition, false for a launch site.
  bool IsDefinition = false;
  /// What is wrong: "the file no longer exists", "line 120 is past the end
  /// of the file (98 lines)", "line 68 no longer mentions 'saxpy'".
  std::string Problem;
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
