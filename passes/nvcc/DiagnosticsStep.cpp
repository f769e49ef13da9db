//===- DiagnosticsStep.cpp - A build step for a new profile ---------------===//

#include "nvcc/DiagnosticsStep.h"

#include "analysis/ProfileDevice.h"
#include "nvcc/BuildDiagnostics.h"
#include "nvcc/InstrumentCache.h"
#include "nvcc/ProfileSearch.h"
#include "nvcc/SaidOnce.h"
#include "support/Paths.h"

#include "checks/CheckRegistry.h"
#include "checks/Lint.h"
#include "checks/Report.h"
#include "schema/ProfileReader.h"
#include "views/TextDiagnosticPrinter.h"

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace headroom::nvcc {

namespace {

constexpr const char *Tag = "headroom nvcc: ";

/// What the stamp records of \p Profile: its absolute path, size and
/// modification time, one a line; empty when it cannot be read.
std::string identity(const std::string &Profile) {
  namespace fs = std::filesystem;
  std::error_code EC;
  fs::path Path = fs::absolute(Profile, EC);
  if (EC)
    return "";
  std::uintmax_t Size = fs::file_size(Path, EC);
  if (EC)
    return "";
  auto Time = fs::last_write_time(Path, EC).time_since_epoch().count();
  if (EC)
    return "";
  return Path.string() + "\n" + std::to_string(Size) + "\n" +
         std::to_string(Time) + "\n";
}

std::string readAll(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::ostringstream Text;
  Text << In.rdbuf();
  return Text.str();
}

/// Writes \p Text to \p Stamp, also when unchanged: the build compares the
/// stamp's time with the profile directory's.
void writeStamp(const std::string &Stamp, const std::string &Text) {
  std::error_code EC;
  std::filesystem::create_directories(parentPath(Stamp), EC);
  std::ofstream(Stamp, std::ios::binary | std::ios::trunc) << Text;
}

/// The diagnostics of every kernel of \p ProfilePath, as the compiles
/// print those of their sources; returns how many exceed the threshold.
unsigned printProfile(const std::string &ProfilePath,
                      const WrapperSettings &Settings,
                      const WrapperContext &Ctx) {
  std::ostream &Err = *Ctx.Err;
  Expected<ProfileDocument> P = readProfileFile(ProfilePath);
  if (!P) {
    Err << Tag << "warning: " << P.error().message()
        << "; no kernel diagnostics\n";
    return 0;
  }
  if (P->Kernels.empty() && !P->Sites.empty()) {
    // Said once per profile with the compiles (BuildDiagnostics.h).
    std::optional<InstrumentCache> Cache =
        InstrumentCache::fromEnvironment(Ctx.Getenv);
    std::string Why = noKernelTiming(*P, ProfilePath);
    if (Settings.Verbose ||
        firstToSay(Cache ? Cache->root() + "/said" : "", ProfilePath, Why))
      Err << Tag << "note: no kernel diagnostics: " << Why
          << " (said once per profile; HEADROOM_DIAGNOSTICS=0 silences it)\n";
    return 0;
  }
  Expected<DeviceEntry> Device =
      deviceForProfile(*P, {Settings.Device, "HEADROOM_DEVICE"}, ProfilePath,
                       DeviceRegistry::fromEnvironment());
  if (!Device) {
    Err << Tag << "note: no kernel diagnostics: " << Device.error().message()
        << "\n";
    return 0;
  }
  AnalysisOptions Options;
  Options.SourceRoot = Ctx.WorkingDirectory;
  Options.Model.Choice = Settings.Model;
  std::unique_ptr<Analysis> A = report(std::move(*P), *Device, Options);
  std::vector<Diagnostic> Printed = A->Diagnostics;
  unsigned Violations = 0;
  if (Settings.MaxHeadroom) {
    LintOptions Gate;
    Gate.MaxHeadroom = Settings.MaxHeadroom;
    Gate.MaxHeadroomOrigin = Settings.MaxHeadroomOrigin;
    for (const Diagnostic &D : runLint(*A, Gate).Diagnostics)
      if (D.Level == DiagnosticLevel::Error &&
          D.Check == checks::HighHeadroom) {
        Printed.push_back(D);
        ++Violations;
      }
  }
  printTextDiagnostics(Printed, Err, Ctx.Color);
  if (Violations)
    Err << Tag << "error: " << Violations
        << (Violations == 1 ? " kernel exceeds" : " kernels exceed")
        << " the headroom threshold of " << *Settings.MaxHeadroom << "x\n";
  return Violations;
}

} // namespace

int runDiagnosticsStep(const WrapperSettings &Settings,
                       const WrapperContext &Ctx) {
  std::string Stamp =
      absolutePath(Settings.DiagnosticsStep, Ctx.WorkingDirectory);
  std::optional<std::string> Profile =
      Settings.Diagnostics
          ? findProfile(Settings.profileLocations(), Ctx.WorkingDirectory, "")
          : std::nullopt;
  if (!Profile) {
    if (Settings.Verbose && Settings.Diagnostics) {
      *Ctx.Err << Tag << "note: no profile (looked for";
      const char *Sep = " ";
      for (const std::string &C : profileCandidates(Settings.profileLocations(),
                                                    Ctx.WorkingDirectory, "")) {
        *Ctx.Err << Sep << C;
        Sep = ", ";
      }
      *Ctx.Err << "); run the program to record one\n";
    }
    writeStamp(Stamp, "");
    return 0;
  }
  std::string Seen = identity(*Profile);
  if (!Seen.empty() && Seen == readAll(Stamp)) {
    writeStamp(Stamp, Seen);
    return 0;
  }
  if (Settings.Verbose)
    *Ctx.Err << Tag << "note: kernel diagnostics from " << *Profile << "\n";
  if (printProfile(*Profile, Settings, Ctx) != 0)
    return 1;
  writeStamp(Stamp, Seen);
  return 0;
}

} // namespace headroom::nvcc
