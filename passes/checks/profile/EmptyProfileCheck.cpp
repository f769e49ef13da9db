//===- EmptyProfileCheck.cpp - headroom-empty-profile ---------------------===//
///
/// \file
/// A profile without kernel launches: the runtime could record launch sites
/// only, or no instrumented launch ran. The notes quote the profile's own
/// warnings.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Notes.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::EmptyProfile, DiagnosticLevel::Warning,
    "The profile holds no kernel launches: nothing was timed.",
    "Check the profile's collection warnings (docs/runtime.md): another "
    "CUPTI tool attached, HEADROOM_MODE, or no instrumented launch ran."};

class EmptyProfileCheck : public ProfileCheck {
public:
  EmptyProfileCheck() : ProfileCheck(Info) {}
  std::vector<Diagnostic> diagnose(const Analysis &A) const override {
    if (!A.Report.Kernels.empty())
      return {};
    const ProfileDocument &P = A.Source;
    std::string Message = P.Path + " holds no kernel launches";
    if (!P.Collection.Mode.empty())
      Message += " (collection mode '" + P.Collection.Mode + "')";
    Message += ": nothing to report";
    Diagnostic D = finding(DiagnosticLevel::Warning, name(), nullptr, Message);
    for (const std::string &W : P.Collection.Warnings)
      D.Notes.push_back(note(std::nullopt, "the profile says: " + W));
    if (!P.Sites.empty())
      D.Notes.push_back(
          note(std::nullopt,
               std::to_string(P.Sites.size()) +
                   " instrumented launch sites were registered, but no launch "
                   "was timed"));
    return {D};
  }
};

} // namespace

const ProfileCheck &checkEmptyProfile() {
  static const EmptyProfileCheck Instance;
  return Instance;
}

} // namespace headroom
