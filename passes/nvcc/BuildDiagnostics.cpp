//===- BuildDiagnostics.cpp - A profile's findings during a build ---------===//

#include "nvcc/BuildDiagnostics.h"

#include "analysis/ProfileDevice.h"
#include "analysis/SourcePaths.h"
#include "nvcc/ProfileSearch.h"
#include "nvcc/SaidOnce.h"
#include "support/Paths.h"

#include "checks/CheckRegistry.h"
#include "checks/Lint.h"
#include "checks/Report.h"
#include "schema/ProfileReader.h"
#include "views/TextDiagnosticPrinter.h"

#include <algorithm>
#include <optional>
#include <set>

namespace headroom::nvcc {

namespace {

constexpr const char *Tag = "headroom nvcc: ";

/// Whether site \p S was launched or defined in \p Source (as the command
/// names it, relative to \p Dir): analysis/SourcePaths.h sourceNames.
bool inSource(const ProfileSite &S, const std::string &Source,
              const std::string &Dir) {
  return sourceNames(S.Launch.File, S.Directory, Source, Dir) ||
         (S.hasDefinition() &&
          sourceNames(S.Definition.File, S.Directory, Source, Dir));
}

/// Whether library call \p S was made in \p Source.
bool inSource(const ProfileScope &S, const std::string &Source,
              const std::string &Dir) {
  return sourceNames(S.Where.File, S.Directory, Source, Dir);
}

/// The files of \p P's locations that name \p Source, as the report run
/// from \p Dir prints them (localizeSourcePaths): the diagnostics there
/// are the source's.
std::set<std::string> sourceFiles(const ProfileDocument &P,
                                  const std::string &Source,
                                  const std::string &Dir) {
  std::set<std::string> Files;
  auto Add = [&](const std::string &File, const std::string &Directory) {
    if (sourceNames(File, Directory, Source, Dir))
      Files.insert(displayedSourcePath(File, Directory, Dir));
  };
  for (const ProfileSite &S : P.Sites) {
    Add(S.Launch.File, S.Directory);
    if (S.hasDefinition())
      Add(S.Definition.File, S.Directory);
  }
  for (const ProfileScope &S : P.Scopes)
    Add(S.Where.File, S.Directory);
  return Files;
}

/// Whether \p D, or one of its notes, is located in one of \p Files.
bool concerns(const Diagnostic &D, const std::set<std::string> &Files) {
  if (D.Location && Files.count(D.Location->File))
    return true;
  for (const Diagnostic &N : D.Notes)
    if (N.Location && Files.count(N.Location->File))
      return true;
  return false;
}

/// \p D with every location in \p Files spelled as the command spells
/// \p Source, so that build logs and editors open the file compiled.
Diagnostic spelledAsCompiled(Diagnostic D, const std::set<std::string> &Files,
                             const std::string &Source) {
  if (D.Location && Files.count(D.Location->File))
    D.Location->File = Source;
  for (Diagnostic &N : D.Notes)
    N = spelledAsCompiled(std::move(N), Files, Source);
  return D;
}

/// Whether the profile has a site or a library call in \p Source or a
/// kernel defined there.
bool mentions(const ProfileDocument &P, const std::string &Source,
              const std::string &Dir) {
  for (const ProfileSite &S : P.Sites)
    if (inSource(S, Source, Dir))
      return true;
  for (const ProfileScope &S : P.Scopes)
    if (inSource(S, Source, Dir))
      return true;
  return false;
}

/// A file the profile records under \p Source's file name (but which is not
/// \p Source), as resolved where it was recorded: the likely reason none
/// of its sites match.
std::string sameNamedFile(const ProfileDocument &P, const std::string &Source) {
  std::string Name = fileName(Source);
  for (const ProfileSite &S : P.Sites)
    for (const std::string *F : {&S.Launch.File, &S.Definition.File})
      if (fileName(*F) == Name)
        return resolvedSourcePath(*F, S.Directory);
  return "";
}

/// Whether the profile has a kernel entry of a site or a library call in
/// \p Source.
bool timesSource(const ProfileDocument &P, const std::string &Source,
                 const std::string &Dir) {
  for (const ProfileKernel &K : P.Kernels) {
    if (const ProfileSite *S = P.siteOf(K)) {
      if (inSource(*S, Source, Dir))
        return true;
    } else if (K.Scope) {
      std::optional<std::size_t> I = P.scopeIndex(*K.Scope);
      if (I && inSource(P.Scopes[*I], Source, Dir))
        return true;
    }
  }
  return false;
}

/// Why the profile, which mentions \p Source, has no kernel of it; empty
/// when it has one.
std::string whyNoKernels(const ProfileDocument &P, const std::string &Source,
                         const std::string &Dir,
                         const std::string &ProfilePath) {
  if (timesSource(P, Source, Dir))
    return "";
  return "no kernel launched from it ran while " + ProfilePath +
         " was recorded; run the program on input that launches them";
}

/// Says, with HEADROOM_VERBOSE, that no profile was found and where the
/// search looked.
void noProfile(const std::string &Source, const std::string &Dir,
               const WrapperSettings &Settings, std::ostream &Err) {
  if (!Settings.Verbose)
    return;
  Err << Tag << "note: no profile for '" << Source << "' (looked for";
  const char *Sep = " ";
  for (const std::string &C :
       profileCandidates(Settings.profileLocations(), Dir, Source)) {
    Err << Sep << C;
    Sep = ", ";
  }
  Err << "); run the program to record one\n";
}

} // namespace

std::string noKernelTiming(const ProfileDocument &P,
                           const std::string &ProfilePath) {
  return ProfilePath + " has launch sites but no kernel timing: " +
         (P.Collection.Warnings.empty()
              ? "run the program where a GPU is visible"
              : P.Collection.Warnings.front());
}

unsigned printBuildDiagnostics(const std::string &Source,
                               const std::string &WorkingDirectory,
                               const WrapperSettings &Settings,
                               std::ostream &Err, bool Color, bool Instrumented,
                               const std::string &StampDirectory,
                               const KernelCodeReader &CodeOf) {
  std::optional<std::string> ProfilePath =
      findProfile(Settings.profileLocations(), WorkingDirectory, Source);
  if (!ProfilePath) {
    // Not worth a note by default: a project is built many times before it
    // is first profiled.
    noProfile(Source, WorkingDirectory, Settings, Err);
    return 0;
  }
  if (Settings.Verbose)
    Err << Tag << "note: kernel diagnostics of '" << Source << "' from "
        << *ProfilePath << "\n";
  auto NoDiagnostics = [&](const std::string &Why) {
    Err << Tag << "note: no kernel diagnostics for '" << Source << "': " << Why
        << "\n";
  };
  Expected<ProfileDocument> P = readProfileFile(*ProfilePath);
  if (!P) {
    Err << Tag << "warning: " << P.error().message()
        << "; no kernel diagnostics\n";
    return 0;
  }
  if (P->Kernels.empty() && !P->Sites.empty()) {
    // About the profile, not this file: said once, not once per compile.
    std::string Why = noKernelTiming(*P, *ProfilePath);
    if (Settings.Verbose || firstToSay(StampDirectory, *ProfilePath, Why))
      Err << Tag << "note: no kernel diagnostics: " << Why
          << " (said once per profile; HEADROOM_DIAGNOSTICS=0 silences it)\n";
    return 0;
  }
  if (!mentions(*P, Source, WorkingDirectory)) {
    // A source without launches or kernels is none of the profile's
    // business; one that launches kernels, or whose name the profile
    // records under another path, is.
    std::string Other = sameNamedFile(*P, Source);
    if (!Other.empty())
      NoDiagnostics(*ProfilePath + " records '" + Other +
                    "', which is not this file from " + WorkingDirectory +
                    "; compile where that path names it, or run the program "
                    "built here for a profile of it");
    else if (Instrumented || Settings.Verbose)
      NoDiagnostics(*ProfilePath +
                    " has no launch site or kernel of it (the profile is "
                    "older than its launches, or of another program); run "
                    "the program again to profile them");
    return 0;
  }
  if (std::string Why =
          whyNoKernels(*P, Source, WorkingDirectory, *ProfilePath);
      !Why.empty()) {
    NoDiagnostics(Why);
    return 0;
  }
  Expected<DeviceEntry> Device =
      deviceForProfile(*P, {Settings.Device, "HEADROOM_DEVICE"}, *ProfilePath,
                       DeviceRegistry::fromEnvironment());
  if (!Device) {
    NoDiagnostics(Device.error().message());
    return 0;
  }

  std::set<std::string> Files = sourceFiles(*P, Source, WorkingDirectory);
  AnalysisOptions Options;
  Options.SourceRoot = WorkingDirectory;
  Options.Model.Choice = Settings.Model;
  // cuobjdump runs only where its answer is used.
  bool Sampled = std::any_of(P->Kernels.begin(), P->Kernels.end(),
                             [](const ProfileKernel &K) {
                               return K.Stalls && !K.Stalls->Pcs.empty();
                             });
  if (Sampled && CodeOf)
    Options.Code = CodeOf();
  std::unique_ptr<Analysis> A = report(std::move(*P), *Device, Options);
  // The profile's own problem (a device file for another GPU: the kernels
  // have no headroom) has no location; without it the numbers would just
  // be missing.
  std::vector<Diagnostic> Selected;
  for (const Diagnostic &D : A->Diagnostics)
    if (!D.Location && D.Check == checks::DeviceMismatch)
      Selected.push_back(D);
  size_t ProfileProblems = Selected.size();
  for (const Diagnostic &D : A->Diagnostics)
    if (concerns(D, Files))
      Selected.push_back(spelledAsCompiled(D, Files, Source));

  unsigned Violations = 0;
  if (Settings.MaxHeadroom) {
    LintOptions Gate;
    Gate.MaxHeadroom = Settings.MaxHeadroom;
    Gate.MaxHeadroomOrigin = Settings.MaxHeadroomOrigin;
    LintResult Result = runLint(*A, Gate);
    for (const Diagnostic &D : Result.Diagnostics)
      if (D.Level == DiagnosticLevel::Error &&
          D.Check == checks::HighHeadroom && concerns(D, Files)) {
        Selected.push_back(spelledAsCompiled(D, Files, Source));
        ++Violations;
      }
  }
  if (Selected.size() == ProfileProblems)
    NoDiagnostics("the report of " + *ProfilePath +
                  " has no diagnostic at its kernels ('headroom report "
                  "--profile " +
                  *ProfilePath + "' shows the whole report)");
  printTextDiagnostics(Selected, Err, Color);
  return Violations;
}

} // namespace headroom::nvcc
