//===- StaticMixNotes.cpp - The static mix of what a build compiled -------===//

#include "nvcc/StaticMixNotes.h"

#include "analysis/ProfileDevice.h"
#include "analysis/SitesMatchSources.h"
#include "checks/StaticMixCheck.h"
#include "devices/DeviceRegistry.h"
#include "nvcc/ProfileSearch.h"
#include "sass/Disassembly.h"
#include "sass/ResourceUsage.h"
#include "sass/SassListing.h"
#include "schema/ProfileReader.h"
#include "support/Paths.h"
#include "support/Process.h"
#include "views/TextDiagnosticPrinter.h"

#include <algorithm>

namespace headroom::nvcc {

namespace {

constexpr const char *Tag = "headroom nvcc: ";

/// The device the notes bound the kernels on (see the file comment), or an
/// error saying why there is none.
Expected<DeviceEntry> deviceForNotes(const WrapperSettings &Settings,
                                     const std::optional<std::string> &Profile,
                                     const std::string &Arch) {
  if (!Settings.Device.empty()) {
    Expected<DeviceEntry> E =
        DeviceRegistry::fromEnvironment().lookup(Settings.Device);
    if (!E)
      return E.error().context("HEADROOM_DEVICE");
    return E;
  }
  // The profile's GPU when a device file describes it.
  if (Profile)
    if (Expected<ProfileDocument> P = readProfileFile(*Profile))
      if (Expected<DeviceEntry> E =
              deviceForProfile(*P, {"", "HEADROOM_DEVICE"}, *Profile,
                               DeviceRegistry::fromEnvironment()))
        return E;
  std::string CC = sass::computeCapabilityOf(Arch);
  for (const DeviceEntry &E : DeviceRegistry::fromEnvironment().list())
    if (E.Source != DeviceSource::Spec && !CC.empty() &&
        E.Device.ComputeCapability == CC)
      return E;
  return Error("no calibrated device of " + Arch +
               " (set HEADROOM_DEVICE to a device of 'headroom devices')");
}

/// Whether \p Declaration names the kernel \p K (not by mangled name).
bool namesKernel(const KernelDeclaration &Declaration,
                 const sass::StaticKernel &K) {
  std::string Plain =
      Declaration.Name.substr(Declaration.Name.rfind("::") == std::string::npos
                                  ? 0
                                  : Declaration.Name.rfind("::") + 2);
  return Declaration.Name == K.Display || Plain == K.Display;
}

} // namespace

std::string cuobjdumpBeside(const std::vector<std::string> &Compiler) {
  if (Compiler.empty())
    return "";
  std::string Nvcc = Compiler.back();
  if (Nvcc.find('/') == std::string::npos)
    Nvcc = findInPath(Nvcc);
  if (Nvcc.empty())
    return "";
  std::string Beside = parentPath(Nvcc) + "/cuobjdump";
  return isExecutable(Beside) ? Beside : "";
}

void placeKernels(std::vector<sass::StaticKernel> &Kernels,
                  const std::vector<KernelDeclaration> &Declarations) {
  for (sass::StaticKernel &K : Kernels) {
    const KernelDeclaration *Found = nullptr;
    unsigned ByName = 0;
    for (const KernelDeclaration &D : Declarations) {
      if (D.MangledName == K.Mangled) {
        Found = &D;
        ByName = 1;
        break;
      }
      // Instantiations of one template share a declaration: one place.
      if (namesKernel(D, K) &&
          (!Found || Found->Line != D.Line || Found->File != D.File)) {
        Found = &D;
        ++ByName;
      }
    }
    if (Found && ByName == 1)
      K.Definition = SourceLocation{Found->File, Found->Line, Found->Column};
  }
}

std::vector<sass::Function>
oneArchitecture(std::vector<sass::Function> Functions,
                const std::string &Arch) {
  bool Have =
      std::any_of(Functions.begin(), Functions.end(),
                  [&](const sass::Function &F) { return F.Arch == Arch; });
  std::string Chosen = Have ? Arch : sass::newestArchitecture(Functions);
  std::erase_if(Functions,
                [&](const sass::Function &F) { return F.Arch != Chosen; });
  return Functions;
}

std::set<std::string> kernelsWithCounters(const std::string &Profile) {
  std::set<std::string> Names;
  Expected<ProfileDocument> P = readProfileFile(Profile);
  if (!P)
    return Names;
  for (const ProfileKernel &K : P->Kernels)
    if (!K.Counters.empty())
      Names.insert(K.Name);
  return Names;
}

void printStaticMix(const CompiledSource &Compiled,
                    const std::string &Cuobjdump,
                    const std::string &WorkingDirectory,
                    const WrapperSettings &Settings, std::ostream &Err,
                    bool Color) {
  auto Skip = [&](const std::string &Why) {
    if (Settings.Verbose)
      Err << Tag << "note: static mix of '" << Compiled.Source << "': " << Why
          << "\n";
  };
  Expected<std::string> Sass =
      sass::runCuobjdump(Cuobjdump, Compiled.Object, "-sass");
  if (!Sass)
    return Skip("none: " + Sass.error().message());
  Expected<std::vector<sass::Function>> Functions =
      sass::parseSassListing(*Sass, Cuobjdump + " -sass " + Compiled.Object);
  if (!Functions)
    return Skip("none: " + Functions.error().message());
  // The registers and shared memory are one note more: the mix goes on
  // without them.
  std::map<std::string, sass::KernelResources> Resources;
  Expected<std::string> Usage =
      sass::runCuobjdump(Cuobjdump, Compiled.Object, "-res-usage");
  auto Parsed = Usage
                    ? sass::parseResourceUsage(
                          *Usage, Cuobjdump + " -res-usage " + Compiled.Object)
                    : Expected<std::map<std::string, sass::KernelResources>>(
                          Usage.error());
  if (Parsed)
    Resources = std::move(*Parsed);
  else
    Skip("no resource usage: " + Parsed.error().message());
  std::optional<std::string> Profile =
      Settings.Diagnostics ? findProfile(Settings.profileLocations(),
                                         WorkingDirectory, Compiled.Source)
                           : std::nullopt;
  Expected<DeviceEntry> Device =
      deviceForNotes(Settings, Profile, sass::newestArchitecture(*Functions));
  if (!Device)
    return Skip("none: " + Device.error().message());
  std::string Arch = "sm_" + Device->Device.ComputeCapability;
  std::erase(Arch, '.');
  std::string SourcePath =
      normalizedPath(absolutePath(Compiled.Source, WorkingDirectory));
  std::vector<sass::StaticKernel> Kernels =
      sass::staticKernels(oneArchitecture(std::move(*Functions), Arch),
                          Resources, {SourcePath}, sass::DefaultLoopWeight);
  placeKernels(Kernels, Compiled.Kernels);
  std::set<std::string> Measured =
      Profile ? kernelsWithCounters(*Profile) : std::set<std::string>();
  std::vector<Diagnostic> Notes;
  for (sass::StaticKernel &K : Kernels) {
    if (Measured.count(K.Mangled)) {
      Skip("kernel '" + K.Display + "' has measured counters in " + *Profile +
           ": the report's measured mix replaces its static one");
      continue;
    }
    // As the command names the source, like the compiler's own messages.
    if (K.Definition && K.Definition->File == SourcePath)
      K.Definition->File = Compiled.Source;
    Notes.push_back(
        checkStaticMix().diagnostic(K, Device->Device, Device->Device.Name));
  }
  printTextDiagnostics(Notes, Err, Color);
}

} // namespace headroom::nvcc
