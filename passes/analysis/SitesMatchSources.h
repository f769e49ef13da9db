//===- SitesMatchSources.h - Do a profile's sites match? --------*- C++ -*-===//
///
/// \file
/// A profile names source locations (launch sites, kernel definitions and
/// the library calls the instrumenter bracketed) as they were when the
/// program was instrumented. When the sources have changed since, the
/// diagnostics would point at the wrong lines. This check reads each named
/// file (relative paths resolved against a source root) and reports
/// locations whose file is gone, whose line no longer exists, or whose line
/// no longer contains the kernel's (the called function's) name. Files that
/// cannot be found at all are not judged when none of the profile's files
/// can be found (the report runs away from the sources); then nothing is
/// checked.
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
  /// The kernel, or for a library call the function called.
  std::string Kernel;
  enum class Recorded { LaunchSite, Definition, LibraryCall };
  Recorded Of = Recorded::LaunchSite;
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

/// Whether the text of \p Line at \p Column (1-based) may be where the
/// instrumenter put the scope of a declaration that constructs a library
/// object (`thrust::device_vector<int> a(n), b(n);`, `: v(n)`): a name
/// followed by `(`, `{` or `=` that a declaration's type, a comma or a
/// colon precedes, on the line or at the end of \p Previous (the line
/// before, for a declarator continued there). A library call's line need
/// not name the class it constructs.
bool mayBeDeclarator(const std::string &Previous, const std::string &Line,
                     unsigned Column);

/// Checks every site of \p P, and every library call the instrumenter
/// recorded (a scope with its directory), against the files under \p Root.
SourceCheckResult checkSites(const ProfileDocument &P, const std::string &Root);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_SITESMATCHSOURCES_H
