//===- WrapperSettings.cpp - Options of headroom nvcc ---------------------===//

#include "nvcc/WrapperSettings.h"

#include "support/Paths.h"
#include "support/Process.h"
#include "support/Spelling.h"

#include <cmath>
#include <cstdlib>

namespace headroom::nvcc {

namespace {

/// "1", "on", "yes", "true" or "0", "off", "no", "false" (any case).
std::optional<bool> parseSwitch(std::string Text) {
  for (char &C : Text)
    C = char(std::tolower((unsigned char)C));
  if (Text == "1" || Text == "on" || Text == "yes" || Text == "true")
    return true;
  if (Text == "0" || Text == "off" || Text == "no" || Text == "false")
    return false;
  return std::nullopt;
}

std::optional<double> parsePositive(const std::string &Text) {
  char *End = nullptr;
  double Value = std::strtod(Text.c_str(), &End);
  if (Text.empty() || *End != '\0' || !std::isfinite(Value) || Value <= 0)
    return std::nullopt;
  return Value;
}

void setSwitch(bool &Target, const std::string &Name, const std::string &Text,
               WrapperSettings &S) {
  if (std::optional<bool> Value = parseSwitch(Text))
    Target = *Value;
  else
    S.Problems.push_back(Name + "='" + Text +
                         "' is not 0/1, on/off, yes/no or true/false; "
                         "ignored");
}

void setMaxHeadroom(const std::string &Name, const std::string &Text,
                    WrapperSettings &S) {
  if (std::optional<double> Value = parsePositive(Text)) {
    S.MaxHeadroom = Value;
    S.MaxHeadroomOrigin = Name;
  } else
    S.Problems.push_back(Name + "='" + Text +
                         "' is not a positive number; ignored");
}

void setModel(const std::string &Name, const std::string &Text,
              WrapperSettings &S) {
  if (std::optional<ModelChoice> C = parseModelChoice(Text))
    S.Model = *C;
  else
    S.Problems.push_back(Name + "='" + Text +
                         "' is not auto, hopper, thesis or fitted; ignored");
}

/// HEADROOM_CHECKS: a switch, or the checks to run.
void setChecks(const std::string &Text, WrapperSettings &S) {
  if (std::optional<bool> Value = parseSwitch(Text)) {
    S.Checks = *Value;
    S.CheckSelection.clear();
  } else {
    S.Checks = true;
    S.CheckSelection = Text;
  }
}

/// The wrapper's own options, without their `--headroom-`.
const std::vector<std::string> &optionNames() {
  static const std::vector<std::string> Names = {
      "help",         "no-instrument", "no-diagnostics",   "no-checks",
      "checks",       "no-static-mix", "verbose",          "profile",
      "profile-dir",  "build-profile", "diagnostics-step", "device",
      "max-headroom", "model",         "header-filter",    "library-header"};
  return Names;
}

/// The problem of the argument \p Arg, whose option is \p Name: unknown,
/// or a known one without the value it takes (or with one it does not).
std::string unknownOption(const std::string &Arg, const std::string &Name) {
  std::string Near;
  constexpr std::string_view Prefix = "--headroom-";
  if (std::optional<std::string> Close =
          closestSpelling(Name.substr(Prefix.size()), optionNames()))
    Near = "; did you mean '" + std::string(Prefix) + *Close + "'?";
  return "unknown option '" + Arg + "'" + Near +
         " (see 'headroom nvcc --headroom-help'); ignored";
}

} // namespace

WrapperSettings
readSettings(std::vector<std::string> &Args,
             const std::function<const char *(const char *)> &Getenv) {
  WrapperSettings S;
  auto Env = [&](const char *Name) -> std::optional<std::string> {
    const char *Value = Getenv(Name);
    if (!Value || !*Value)
      return std::nullopt;
    return std::string(Value);
  };
  if (auto V = Env("HEADROOM_INSTRUMENT"))
    setSwitch(S.Instrument, "HEADROOM_INSTRUMENT", *V, S);
  if (auto V = Env("HEADROOM_DIAGNOSTICS"))
    setSwitch(S.Diagnostics, "HEADROOM_DIAGNOSTICS", *V, S);
  if (auto V = Env("HEADROOM_CHECKS"))
    setChecks(*V, S);
  if (auto V = Env("HEADROOM_STATIC_MIX"))
    setSwitch(S.StaticMix, "HEADROOM_STATIC_MIX", *V, S);
  if (auto V = Env("HEADROOM_PCH"))
    setSwitch(S.Pch, "HEADROOM_PCH", *V, S);
  if (auto V = Env("HEADROOM_VERBOSE"))
    setSwitch(S.Verbose, "HEADROOM_VERBOSE", *V, S);
  if (auto V = Env("HEADROOM_PROFILE"))
    S.Profile = *V;
  if (auto V = Env("HEADROOM_PROFILE_DIR"))
    S.ProfileDirectory = *V;
  if (auto V = Env("HEADROOM_DEVICE"))
    S.Device = *V;
  if (auto V = Env("HEADROOM_MAX_HEADROOM"))
    setMaxHeadroom("HEADROOM_MAX_HEADROOM", *V, S);
  if (auto V = Env("HEADROOM_MODEL"))
    setModel("HEADROOM_MODEL", *V, S);
  if (auto V = Env("HEADROOM_HEADER_FILTER"))
    S.HeaderFilter = *V;
  if (auto V = Env("HEADROOM_LIBRARY_HEADERS")) {
    size_t Start = 0;
    for (size_t Colon; Start <= V->size(); Start = Colon + 1) {
      Colon = V->find(':', Start);
      if (Colon == std::string::npos)
        Colon = V->size();
      if (Colon > Start)
        S.LibraryHeaders.push_back(V->substr(Start, Colon - Start));
    }
  }
  if (auto V = Env("HEADROOM_NVCC"))
    S.Nvcc = *V;

  std::vector<std::string> Rest;
  for (const std::string &A : Args) {
    if (!A.starts_with("--headroom-")) {
      Rest.push_back(A);
      continue;
    }
    size_t Eq = A.find('=');
    std::string Name = A.substr(0, Eq);
    std::string Value = Eq == std::string::npos ? "" : A.substr(Eq + 1);
    bool HasValue = Eq != std::string::npos;
    if (Name == "--headroom-help" && !HasValue)
      S.Help = true;
    else if (Name == "--headroom-no-instrument" && !HasValue)
      S.Instrument = false;
    else if (Name == "--headroom-no-diagnostics" && !HasValue)
      S.Diagnostics = false;
    else if (Name == "--headroom-no-checks" && !HasValue)
      S.Checks = false;
    else if (Name == "--headroom-checks" && HasValue)
      setChecks(Value, S);
    else if (Name == "--headroom-no-static-mix" && !HasValue)
      S.StaticMix = false;
    else if (Name == "--headroom-no-pch" && !HasValue)
      S.Pch = false;
    else if (Name == "--headroom-verbose" && !HasValue)
      S.Verbose = true;
    else if (Name == "--headroom-profile" && HasValue)
      S.Profile = Value;
    else if (Name == "--headroom-profile-dir" && HasValue)
      S.ProfileDirectory = Value;
    else if (Name == "--headroom-build-profile" && HasValue)
      S.BuildProfile = Value;
    else if (Name == "--headroom-diagnostics-step" && HasValue)
      S.DiagnosticsStep = Value;
    else if (Name == "--headroom-device" && HasValue)
      S.Device = Value;
    else if (Name == "--headroom-max-headroom" && HasValue)
      setMaxHeadroom(Name, Value, S);
    else if (Name == "--headroom-model" && HasValue)
      setModel(Name, Value, S);
    else if (Name == "--headroom-header-filter" && HasValue)
      S.HeaderFilter = Value;
    else if (Name == "--headroom-library-header" && HasValue && !Value.empty())
      S.LibraryHeaders.push_back(Value);
    else
      S.Problems.push_back(unknownOption(A, Name));
  }
  Args = std::move(Rest);
  return S;
}

std::vector<std::string>
takeCompilerCommand(std::vector<std::string> &Args,
                    const WrapperSettings &Settings,
                    const std::function<const char *(const char *)> &Getenv) {
  // Empty words (an empty launcher list element) are not arguments.
  std::erase_if(Args, [](const std::string &A) { return A.empty(); });
  for (size_t I = 0; I < Args.size() && !Args[I].starts_with("-"); ++I) {
    std::string Name = fileName(Args[I]);
    if (Name == "nvcc" || Name == "nvcc.exe") {
      std::vector<std::string> Command(Args.begin(), Args.begin() + I + 1);
      Args.erase(Args.begin(), Args.begin() + I + 1);
      return Command;
    }
  }
  if (!Settings.Nvcc.empty())
    return {Settings.Nvcc};
  if (std::string InPath = findInPath("nvcc"); !InPath.empty())
    return {InPath};
  const char *CudaHome = Getenv("CUDA_HOME");
  if (CudaHome && *CudaHome &&
      isRegularFile(std::string(CudaHome) + "/bin/nvcc"))
    return {std::string(CudaHome) + "/bin/nvcc"};
  return {"/usr/local/cuda/bin/nvcc"};
}

const char *wrapperHelp() {
  return R"(usage: headroom nvcc [--headroom-<option>...] [NVCC] <nvcc arguments...>

A drop-in nvcc: instruments every CUDA source of the command (.cu, or any
source under -x cu), compiles it with the real nvcc and your flags, links
libheadroom_rt on link steps and passes every other step (-E, -M, -ptx,
-dlink, ...) through untouched. When a source cannot be instrumented, it is
compiled unchanged and one note says why: Headroom never breaks a build.
The source checks of 'headroom check' run on each CUDA source (on the parse
the instrumenter makes) and print their findings as compiler warnings; with
the toolkit's cuobjdump beside nvcc, each kernel of an object compiled gets
the static mix of its SASS as notes. When a profile exists, the kernels of
each compiled source are printed as compiler warnings, and its measured mix
replaces the static one. NVCC, when given, is the nvcc to run (what CMake puts
after a CMAKE_CUDA_COMPILER_LAUNCHER).

options (each also an environment variable):
  --headroom-profile=FILE      HEADROOM_PROFILE: where to look for a profile
                               first (then the next three, then
                               ./headroom-profile.json, then the source's
                               directory)
  --headroom-profile-dir=DIR   HEADROOM_PROFILE_DIR: then DIR's
                               headroom-profile.json
  --headroom-build-profile=FILE
                               then FILE: where the programs of this build
                               write their profile (headroom_instrument()
                               sets it)
  --headroom-diagnostics-step=STAMP
                               compile nothing: print the diagnostics of
                               every kernel of the profile found from here,
                               unless STAMP says this profile was printed
                               (the build step of headroom_instrument())
  --headroom-device=NAME|FILE  HEADROOM_DEVICE: the device to model on
                               (default: the GPU named in the profile)
  --headroom-model=MODEL       HEADROOM_MODEL: auto (default), hopper, thesis
                               or fitted (docs/model.md)
  --headroom-max-headroom=X    HEADROOM_MAX_HEADROOM: kernels that run more
                               than X times slower than their roof (the
                               headroom each warning states) are errors;
                               the command fails after compiling
  --headroom-header-filter=RE  HEADROOM_HEADER_FILTER: also instrument
                               launches in included files whose absolute
                               path matches RE
  --headroom-library-header=DIR
                               HEADROOM_LIBRARY_HEADERS=DIR:DIR...: calls
                               of functions declared in headers under DIR
                               are library calls, bracketed like cuBLAS's
                               and thrust's (repeatable; both add up)
  --headroom-checks=LIST       HEADROOM_CHECKS=LIST: run only these source
                               checks ('headroom check --checks' syntax)
  --headroom-no-checks         HEADROOM_CHECKS=0: run no source check
  --headroom-no-static-mix     HEADROOM_STATIC_MIX=0: print no static mix
  --headroom-no-pch            HEADROOM_PCH=0: parse clang's CUDA wrapper
                               headers and the source's system headers
                               every time, not from the precompiled headers
                               kept in the cache directory's pch/
  --headroom-no-instrument     HEADROOM_INSTRUMENT=0: run nvcc unchanged
  --headroom-no-diagnostics    HEADROOM_DIAGNOSTICS=0: print no kernel
                               diagnostics
  --headroom-verbose           HEADROOM_VERBOSE=1: print the commands run,
                               the launch sites instrumented, clang's
                               errors, why checks or static mix did not
                               run and the profile used
  --headroom-help              print this help
                               HEADROOM_NVCC: the nvcc to run when the
                               command names none (default: nvcc in PATH,
                               $CUDA_HOME/bin/nvcc, /usr/local/cuda/bin/nvcc)
                               HEADROOM_CACHE_DIR: where instrumented copies
                               are kept between builds (default
                               ~/.cache/headroom/nvcc); HEADROOM_CACHE=0: none
                               (the precompiled headers in its pch/ stay)
                               HEADROOM_CACHE_MAX_SIZE: the most that cache
                               holds (500M, 2G; 0: no limit; default 1G)

See docs/integration.md.
)";
}

} // namespace headroom::nvcc
