//===- BuildDiagnostics.cpp - A profile's findings during a build ---------===//

#include "nvcc/BuildDiagnostics.h"

#include "nvcc/ProfileDevice.h"
#include "nvcc/ProfileSearch.h"
#include "support/Paths.h"

#include "checks/CheckRegistry.h"
#include "checks/Lint.h"
#include "checks/Report.h"
#include "views/TextDiagnosticPrinter.h"
#include "schema/ProfileReader.h"

#include <optional>

namespace headroom::nvcc {

namespace {

constexpr const char *Tag = "headroom nvcc: ";

/// Whether \p D, or one of its notes, is located in \p Source.
bool concerns(const Diagnostic &D, const std::string &Source,
              const std::string &Dir) {
  if (D.Location && samePath(D.Location->File, Source, Dir))
    return true;
  for (const Diagnostic &N : D.Notes)
    if (N.Location && samePath(N.Location->File, Source, Dir))
      return true;
  return false;
}

/// Whether the profile has a site in \p Source or a kernel defined there.
bool mentions(const ProfileDocument &P, const std::string &Source,
              const std::string &Dir) {
  for (const ProfileSite &S : P.Sites)
    if (samePath(S.Launch.File, Source, Dir) ||
        samePath(S.Definition.File, Source, Dir))
      return true;
  return false;
}

} // namespace

unsigned printBuildDiagnostics(const std::string &Source,
                               const std::string &WorkingDirectory,
                               const WrapperSettings &Settings,
                               std::ostream &Err, bool Color) {
  std::optional<std::string> ProfilePath =
      findProfile(Settings.Profile, WorkingDirectory, Source);
  if (!ProfilePath)
    return 0;
  Expected<ProfileDocument> P = readProfileFile(*ProfilePath);
  if (!P) {
    Err << Tag << "warning: " << P.error().message()
        << "; no kernel diagnostics\n";
    return 0;
  }
  if (!mentions(*P, Source, WorkingDirectory))
    return 0;
  Expected<DeviceEntry> Device =
      deviceForProfile(*P, Settings.Device, "HEADROOM_DEVICE", *ProfilePath);
  if (!Device) {
    Err << Tag << "note: " << Device.error().message()
        << "; no kernel diagnostics for '" << Source << "'\n";
    return 0;
  }

  AnalysisOptions Options;
  Options.SourceRoot = WorkingDirectory;
  std::unique_ptr<Analysis> A = report(std::move(*P), *Device, Options);
  std::vector<Diagnostic> Selected;
  for (const Diagnostic &D : A->Diagnostics)
    if (concerns(D, Source, WorkingDirectory))
      Selected.push_back(D);

  unsigned Violations = 0;
  if (Settings.MaxHeadroom) {
    LintOptions Gate;
    Gate.MaxHeadroom = Settings.MaxHeadroom;
    LintResult Result = runLint(*A, Gate);
    for (const Diagnostic &D : Result.Diagnostics)
      if (D.Level == DiagnosticLevel::Error &&
          D.Check == checks::HighHeadroom &&
          concerns(D, Source, WorkingDirectory)) {
        Selected.push_back(D);
        ++Violations;
      }
  }
  printTextDiagnostics(Selected, Err, Color);
  return Violations;
}

} // namespace headroom::nvcc
