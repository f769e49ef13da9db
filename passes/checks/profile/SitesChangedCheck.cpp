//===- SitesChangedCheck.cpp - headroom-sites-changed ---------------------===//
///
/// \file
/// A launch site or kernel definition recorded in the profile that no
/// longer matches the sources (analysis/SitesMatchSources.h): the diagnostics
/// would point at the wrong lines.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Notes.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::SitesChanged, DiagnosticLevel::Warning,
    "A launch site or kernel definition recorded in the profile no longer "
    "matches the sources: the file or line is gone, or the line no longer "
    "names the kernel.",
    "Rebuild and re-run the instrumented program to record a fresh "
    "profile, or point --source-root at the sources it was built from."};

class SitesChangedCheck : public ProfileCheck {
public:
  SitesChangedCheck() : ProfileCheck(Info) {}
  std::vector<Diagnostic> diagnose(const Analysis &A) const override {
    std::vector<Diagnostic> Out;
    for (const SiteMismatch &M : A.Sources.Mismatches) {
      Diagnostic D =
          finding(DiagnosticLevel::Warning, name(), nullptr,
                  std::string(M.IsDefinition ? "the definition of kernel '"
                                             : "the launch site of kernel '") +
                      M.Kernel +
                      "' recorded in the profile does not match the source: " +
                      M.Problem + "; the profile is older than the sources");
      D.Location = M.Where;
      D.Kernel = M.Kernel;
      Out.push_back(std::move(D));
    }
    return Out;
  }
};

} // namespace

const ProfileCheck &checkSitesChanged() {
  static const SitesChangedCheck Instance;
  return Instance;
}

} // namespace headroom
