//===- EmptyProfileCheck.cpp - headroom-empty-profile ---------------------===//
///
/// \file
/// A profile without kernel launches: the runtime could record launch sites
/// only, or no instrumented launch ran. The notes quote the profile's own
/// warnings.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Message.h"
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
    Diagnostic D = finding(DiagnosticLevel::Warning, name(), nullptr,
                           message(Msg::ProfileEmpty, {Arg::text(P.Path)}));
    if (!P.Collection.Mode.empty())
      D.Notes.push_back(
          note(std::nullopt, message(Msg::NoteCollectionMode,
                                     {Arg::text(P.Collection.Mode)})));
    for (const std::string &W : P.Collection.Warnings)
      D.Notes.push_back(
          note(std::nullopt, message(Msg::NoteProfileSays, {Arg::text(W)})));
    if (!P.Sites.empty())
      D.Notes.push_back(note(
          std::nullopt, message(Msg::NoteSitesNotTimed,
                                {Arg::counted(double(P.Sites.size()),
                                              "instrumented launch site",
                                              "instrumented launch sites")})));
    return {D};
  }
};

} // namespace

const ProfileCheck &checkEmptyProfile() {
  static const EmptyProfileCheck Instance;
  return Instance;
}

} // namespace headroom
