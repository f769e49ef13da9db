//===- SitesChangedCheck.cpp - headroom-sites-changed ---------------------===//
///
/// \file
/// A launch site, kernel definition or library call recorded in the profile
/// that no longer matches the sources (analysis/SitesMatchSources.h): the
/// diagnostics would point at the wrong lines.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Message.h"
#include "checks/Notes.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::SitesChanged, DiagnosticLevel::Warning,
    "A launch site, kernel definition or library call recorded in the "
    "profile no longer matches the sources: the file or line is gone, or the "
    "line no longer names the kernel or the function called.",
    "Rebuild and re-run the instrumented program to record a fresh "
    "profile, or point --source-root at the sources it was built from."};

Msg changedMessage(SiteMismatch::Recorded Of) {
  switch (Of) {
  case SiteMismatch::Recorded::Definition:
    return Msg::ProfileDefinitionChanged;
  case SiteMismatch::Recorded::LibraryCall:
    return Msg::ProfileCallChanged;
  case SiteMismatch::Recorded::LaunchSite:
    break;
  }
  return Msg::ProfileSiteChanged;
}

class SitesChangedCheck : public ProfileCheck {
public:
  SitesChangedCheck() : ProfileCheck(Info) {}
  std::vector<Diagnostic> diagnose(const Analysis &A) const override {
    std::vector<Diagnostic> Out;
    for (const SiteMismatch &M : A.Sources.Mismatches) {
      Diagnostic D =
          finding(DiagnosticLevel::Warning, name(), nullptr,
                  message(changedMessage(M.Of),
                          {M.Of == SiteMismatch::Recorded::LibraryCall
                               ? Arg::quoted(M.Kernel)
                               : Arg::kernel(M.Kernel)}));
      D.Location = M.Where;
      if (M.Of != SiteMismatch::Recorded::LibraryCall)
        D.Kernel = M.Kernel;
      std::string Why;
      switch (M.What) {
      case SiteMismatch::Problem::Gone:
        Why = message(Msg::NoteFileGone);
        break;
      case SiteMismatch::Problem::Unreadable:
        Why = message(Msg::NoteFileUnreadable,
                      {Arg::text(M.Unreadable->message())});
        break;
      case SiteMismatch::Problem::PastTheEnd:
        Why = message(Msg::NoteLinePastTheEnd,
                      {Arg::count(M.Where.Line),
                       Arg::counted(double(M.FileLines), "line", "lines")});
        break;
      case SiteMismatch::Problem::NameMissing:
        Why = message(Msg::NoteLineLacksName,
                      {Arg::count(M.Where.Line), Arg::quoted(M.Identifier)});
        break;
      }
      D.Notes.push_back(note(M.Where, Why));
      D.Notes.push_back(note(M.Where, message(Msg::NoteProfileOlder)));
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
