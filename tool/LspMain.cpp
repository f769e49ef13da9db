//===- LspMain.cpp - headroom lsp -----------------------------------------===//
///
/// \file
/// `headroom lsp [--clangd PATH] [--profile FILE]... [--device NAME|PATH]
/// [--standalone] [-- clangd arguments]`: clangd with Headroom's kernel
/// diagnostics, code lens, hover and code actions, as a language-server
/// proxy (lsp/Proxy.h), and the findings of `headroom check` and `headroom
/// static-mix` on the CUDA sources the editor opens and saves (run as child
/// processes of this executable); docs/editors.md shows each editor's setup.
/// `--version` and `--help` among clangd's arguments are clangd's: editors
/// that probe the server's version keep working.
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"

#include "lsp/Findings.h"
#include "lsp/Positions.h"
#include "lsp/Proxy.h"
#include "support/NumberOption.h"
#include "support/Paths.h"
#include "support/Process.h"

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

namespace headroom {

namespace {

/// `clangd` on PATH, else `clangd-22`.
std::string defaultClangd() {
  if (!findInPath("clangd").empty())
    return "clangd";
  return "clangd-22";
}

bool isVersionOrHelp(const std::string &A) {
  return A == "--version" || A == "-version" || A == "--help" || A == "-help" ||
         A == "--help-list" || A == "-h";
}

/// The URI of docs/diagnostics.md: under $HEADROOM_DOCS_URL, else the
/// installed copy (<prefix>/share/doc/headroom), else the source tree's.
std::string diagnosticsDocUri() {
  if (const char *Url = std::getenv("HEADROOM_DOCS_URL"); Url && *Url) {
    std::string U = Url;
    while (U.size() > 1 && U.back() == '/')
      U.pop_back();
    return U + "/diagnostics.md";
  }
  std::string Installed = absolutePath("../share/doc/headroom/diagnostics.md",
                                       currentExecutableDirectory());
  if (isRegularFile(Installed))
    return lsp::pathToUri(Installed);
  std::string Source = lsp::sourceTreeDiagnosticsDoc();
  return Source.empty() ? "" : lsp::pathToUri(Source);
}

#ifdef HEADROOM_HAVE_CLANG
constexpr bool HaveSourceChecks = true;
#else
// 'headroom check' is not in this build: nothing to run.
constexpr bool HaveSourceChecks = false;
#endif

/// This executable (its check and static-mix are the compile-time tools).
std::string currentExecutable() {
  std::string Dir = currentExecutableDirectory();
  char Buffer[4096];
  ssize_t N = ::readlink("/proc/self/exe", Buffer, sizeof Buffer - 1);
  if (N > 0)
    return std::string(Buffer, N);
  return Dir.empty() ? "headroom" : Dir + "/headroom";
}

std::string reportDirectory() {
  std::string Cache;
  if (const char *X = std::getenv("XDG_CACHE_HOME"); X && *X)
    Cache = X;
  else if (const char *H = std::getenv("HOME"); H && *H)
    Cache = std::string(H) + "/.cache";
  else
    Cache = "/tmp";
  return Cache + "/headroom/lsp-" + std::to_string(::getpid());
}

} // namespace

int lspMain(const Args &A) {
  CommandLine Cmd(
      "headroom lsp",
      "[--clangd PATH] [--profile FILE]... [--device NAME|PATH] "
      "[--model MODEL] "
      "[--standalone] [--no-checks] [--check-timeout SECONDS] "
      "[-- clangd arguments]",
      "A language server for editors: clangd with Headroom's kernel "
      "diagnostics,\na code lens above each profiled kernel, Headroom's "
      "numbers in the hover and\na code action that opens the HTML report. "
      "The CUDA sources the editor opens\nand saves are checked by 'headroom "
      "check' (and 'headroom static-mix' when\ntheir object is built), "
      "before any run. Every other message passes\nunchanged between the "
      "editor and clangd. "
      "The profile is --profile, else\nthe one 'headroom nvcc' finds "
      "(docs/integration.md); the device is\n--device, else HEADROOM_DEVICE, "
      "else the profiled GPU's device file.\n--version and --help after "
      "'--' are clangd's. See docs/editors.md.");
  Cmd.option("clangd", "PATH",
             "the clangd to run (default: clangd on PATH, else clangd-22)")
      .option("profile", "FILE",
              "a profile to show; several are merged as by headroom merge",
              /*Repeatable=*/true)
      .option("device", "NAME|PATH",
              "the device to model on (default: HEADROOM_DEVICE, else the "
              "profiled GPU's)")
      .option("model", "MODEL",
              "auto (default: HEADROOM_MODEL, else the Hopper model where "
              "the device and counters allow it), hopper, thesis or fitted")
      .option("sass", "FILE",
              "the profiled program's SASS ('cuobjdump -sass' output, or the "
              "program itself), as 'headroom report --sass' reads it: the "
              "stall samples' hot lines then name their loop and what they "
              "wait on")
      .flag("standalone", "no clangd: serve only Headroom's diagnostics, "
                          "lens, hover and code actions")
      .option("report-dir", "DIR",
              "where the code action writes the HTML report (default: "
              "$XDG_CACHE_HOME/headroom/lsp-<pid>)")
      .flag("no-checks", "do not run 'headroom check' and 'headroom "
                         "static-mix' on the CUDA sources opened and saved")
      .option("check-timeout", "SECONDS",
              "the time limit of one run of those (default 60)")
      .option("latency-log", "FILE",
              "write the time each forwarded message spent in the proxy "
              "(docs/perf/lsp.md)")
      .afterDashDash("<clangd arguments>",
                     "passed to clangd (--version and --help there are "
                     "clangd's)");

  // --version and --help with clangd's arguments: clangd answers.
  std::vector<std::string> Own = A, ClangdArgs;
  for (std::size_t I = 0; I < A.size(); ++I)
    if (A[I] == "--") {
      Own.assign(A.begin(), A.begin() + I);
      ClangdArgs.assign(A.begin() + I + 1, A.end());
      break;
    }
  bool ClangdProbe = false;
  for (const std::string &X : ClangdArgs)
    ClangdProbe |= isVersionOrHelp(X);
  for (const std::string &X : Own)
    ClangdProbe |= X == "--version" || X == "-version";
  if (ClangdProbe) {
    std::string Clangd = defaultClangd();
    std::vector<std::string> Passed;
    for (std::size_t I = 0; I < Own.size(); ++I) {
      if (Own[I] == "--clangd" && I + 1 < Own.size())
        Clangd = Own[++I];
      else if (Own[I].rfind("--clangd=", 0) == 0)
        Clangd = Own[I].substr(9);
      else if (isVersionOrHelp(Own[I]))
        Passed.push_back(Own[I]);
    }
    std::vector<std::string> Argv{Clangd};
    Argv.insert(Argv.end(), Passed.begin(), Passed.end());
    Argv.insert(Argv.end(), ClangdArgs.begin(), ClangdArgs.end());
    Expected<ProcessExit> Exit = runProcess(Argv);
    if (!Exit)
      return failWith(Exit.error());
    return Exit->Code;
  }

  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done = parseArguments(Cmd, A, Parsed))
    return *Done;
  if (!Parsed->Positionals.empty())
    return failWith(Error("unexpected argument '" +
                          Parsed->Positionals.front() +
                          "'; clangd's arguments go after '--'"));

  lsp::ProxyOptions O;
  O.Standalone = Parsed->has("standalone");
  O.Clangd = {Parsed->get("clangd").value_or(defaultClangd())};
  O.Clangd.insert(O.Clangd.end(), Parsed->AfterDashDash.begin(),
                  Parsed->AfterDashDash.end());
  for (const std::string &P : Parsed->getAll("profile"))
    O.Session.Profiles.Profiles.push_back(absolutePath(P));
  if (std::optional<std::string> D = Parsed->get("device")) {
    O.Session.Profiles.Device = *D;
  } else if (const char *D = std::getenv("HEADROOM_DEVICE"); D && *D) {
    O.Session.Profiles.Device = D;
    O.Session.Profiles.DeviceFrom = "HEADROOM_DEVICE";
  }
  if (std::optional<std::string> S = Parsed->get("sass"))
    O.Session.Profiles.Sass = absolutePath(*S);
  if (const char *P = std::getenv("HEADROOM_PROFILE"); P && *P)
    O.Session.Profiles.EnvProfile = P;
  if (const char *D = std::getenv("HEADROOM_PROFILE_DIR"); D && *D)
    O.Session.Profiles.EnvProfileDirectory = D;
  const char *EnvModel = std::getenv("HEADROOM_MODEL");
  std::optional<std::string> Model = Parsed->get("model");
  if (!Model && EnvModel && *EnvModel)
    Model = EnvModel;
  if (Model) {
    std::optional<ModelChoice> Choice = parseModelChoice(*Model);
    if (!Choice)
      return failWith(Error(
          std::string(Parsed->get("model") ? "--model" : "HEADROOM_MODEL") +
          ": expected auto, hopper, thesis or fitted, got '" + *Model + "'"));
    O.Session.Profiles.Model = *Choice;
  }
  O.Session.DocsBase = diagnosticsDocUri();
  O.Session.ReportDir =
      absolutePath(Parsed->get("report-dir").value_or(reportDirectory()));
  O.Session.ToolVersion = HEADROOM_VERSION;
  Expected<std::optional<double>> Timeout = numberOption(
      *Parsed, "check-timeout", 0, 86400, "a number of seconds in (0, 86400]");
  if (!Timeout)
    return failWith(Timeout.error());
  if (!Parsed->has("no-checks") && HaveSourceChecks) {
    lsp::CompileTimeOptions C;
    C.Headroom = currentExecutable();
    C.Limit = std::chrono::milliseconds(
        static_cast<long long>(Timeout->value_or(60) * 1000));
    O.CompileTime = C;
  }
  O.LatencyLog = Parsed->get("latency-log").value_or("");
  if (!O.LatencyLog.empty())
    O.LatencyLog = absolutePath(O.LatencyLog);
  return lsp::runProxy(O, 0, 1, std::cerr);
}

} // namespace headroom
