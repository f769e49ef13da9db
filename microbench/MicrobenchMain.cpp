//===- MicrobenchMain.cpp - The headroom-microbench executable ------------===//
///
/// \file
/// Runs the calibration micro-benchmarks on one GPU, shows progress on stderr,
/// writes a `headroom.device/1` file and ends with a table of each result
/// beside its theoretical peak. `headroom calibrate` is a thin front for it.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "core/Results.h"
#include "harness/Context.h"
#include "harness/WarmUp.h"

#include "support/CommandLine.h"
#include "support/NumberOption.h"
#include "support/ShellQuote.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#ifndef HEADROOM_VERSION
#define HEADROOM_VERSION "unknown"
#endif
#ifndef HEADROOM_GIT_COMMIT
#define HEADROOM_GIT_COMMIT "unknown"
#endif

using namespace headroom;
using namespace headroom::microbench;

namespace {

struct Options {
  RunOptions Run;
  std::string Name, Output, OutputDir, Command, Tool;
  std::set<std::string> Only;
  bool List = false, Help = false, Version = false;
};

const char *Usage =
    "usage: headroom-microbench [options]\n"
    "\n"
    "Measures the GPU's peak rates with micro-benchmarks and writes them as a\n"
    "headroom.device/1 file (the thesis parameters T_SP, T_DP, T_int, T_add,\n"
    "T_ldst, B_mem and every extended measurement).\n"
    "\n"
    "options:\n"
    "  --gpu <N>            the CUDA device to measure (default 0)\n"
    "  --quick              fewer repetitions and smaller sizes (~10 s)\n"
    "  --name <NAME>        the device name in the file (default: from the\n"
    "                       product name, e.g. h100-80gb-hbm3)\n"
    "  -o, --output <FILE>  where to write the device file\n"
    "  --output-dir <DIR>   write <DIR>/<NAME>.json instead (default: ./)\n"
    "  --only <KEYS>        run only these benchmarks (comma-separated keys;\n"
    "                       the device file needs all six thesis ones)\n"
    "  --list               list the benchmarks and exit\n"
    "  --command <TEXT>     the command recorded in the file's provenance\n"
    "  --tool <TEXT>        the tool recorded in the file's provenance\n"
    "  --version            print the version and exit\n"
    "  --help               print this help and exit\n"
    "\n"
    "exit codes: 0 done, 1 error, 2 bad usage, 3 no usable GPU,\n"
    "4 a kernel computed a wrong result\n";

/// The options, parsed by the command-line parser every Headroom command
/// uses. Value options may repeat (the last one counts).
CommandLine commandLine() {
  CommandLine CL("headroom-microbench", "[options]", Usage);
  CL.option("gpu", "N", "", /*Repeatable=*/true)
      .flag("quick", "")
      .option("name", "NAME", "", true)
      .option("output", "FILE", "", true)
      .alias('o', "output")
      .option("output-dir", "DIR", "", true)
      .option("only", "KEYS", "", true)
      .flag("list", "")
      .option("command", "TEXT", "", true)
      .option("tool", "TEXT", "", true)
      .flag("version", "");
  return CL;
}

std::optional<Options> parse(int Argc, char **Argv, std::string &Err) {
  Expected<ParsedArgs> P =
      commandLine().parse(std::vector<std::string>(Argv + 1, Argv + Argc));
  if (!P) {
    Err = P.error().message();
    return std::nullopt;
  }
  if (!P->Positionals.empty()) {
    Err = "unknown argument '" + P->Positionals.front() + "' (see --help)";
    return std::nullopt;
  }
  Options O;
  O.Help = P->has("help");
  O.Version = P->has("version");
  O.Run.Quick = P->has("quick");
  O.List = P->has("list");
  if (std::optional<std::string> V = P->get("gpu")) {
    std::optional<long> N = parseInteger(*V);
    if (!N || *N < 0 || *N > 1024) {
      Err = "--gpu expects a device number, got '" + *V + "'";
      return std::nullopt;
    }
    O.Run.Gpu = static_cast<int>(*N);
  }
  if (P->has("name")) {
    O.Name = *P->get("name");
    if (O.Name.empty() || O.Name.find('/') != std::string::npos) {
      Err = "--name expects a non-empty name without '/'";
      return std::nullopt;
    }
  }
  O.Output = P->get("output").value_or("");
  O.OutputDir = P->get("output-dir").value_or("");
  O.Command = P->get("command").value_or("");
  O.Tool = P->get("tool").value_or("");
  if (std::optional<std::string> V = P->get("only")) {
    std::stringstream SS(*V);
    for (std::string Key; std::getline(SS, Key, ',');) {
      bool Known = false;
      for (const BenchmarkEntry &E : allBenchmarks())
        Known |= Key == E.Key;
      if (!Known) {
        Err = "--only: unknown benchmark '" + Key + "' (see --list)";
        return std::nullopt;
      }
      O.Only.insert(Key);
    }
  }
  return O;
}

std::string todayUtc() {
  std::time_t Now = std::time(nullptr);
  std::tm Tm{};
  gmtime_r(&Now, &Tm);
  char Buf[16];
  std::strftime(Buf, sizeof(Buf), "%Y-%m-%d", &Tm);
  return Buf;
}

/// The command line as typed, for the device file's provenance.
std::string joinArgv(int Argc, char **Argv) {
  std::vector<std::string> Args(Argv, Argv + Argc);
  Args[0] = Args[0].substr(Args[0].find_last_of('/') + 1);
  return shellJoin(Args);
}

int run(const Options &O, int Argc, char **Argv) {
  double Start = nowSeconds();
  Context Ctx(O.Run);
  GpuFacts Id = Ctx.facts();
  char Line[512];
  std::snprintf(Line, sizeof(Line),
                "%s (cc %d.%d, %d SMs, SM clock max %.0f MHz, memory %.0f MHz "
                "x %d bit, L2 %lld MiB, ECC %s, driver %s, CUDA %s)%s",
                Id.ProductName.c_str(), Id.CcMajor, Id.CcMinor, Id.SmCount,
                Id.SmClockMaxMHz, Id.MemoryClockMHz, Id.MemoryBusWidthBits,
                Id.L2Bytes >> 20, Id.Ecc.value_or(false) ? "on" : "off",
                Id.DriverVersion.empty() ? "?" : Id.DriverVersion.c_str(),
                Id.CudaVersion.c_str(), O.Run.Quick ? ", quick run" : "");
  Ctx.progress(Line);
  if (!Ctx.nvml().available())
    Ctx.progress("NVML unavailable (" + Ctx.nvml().whyUnavailable() +
                 "): clocks come from in-kernel measurement only");

  warmUpGpu(Ctx, O.Run.Quick ? 0.5 : 2.0);
  std::vector<const BenchmarkEntry *> Selected;
  for (const BenchmarkEntry &E : allBenchmarks())
    if (O.Only.empty() || O.Only.count(E.Key))
      Selected.push_back(&E);
  for (size_t I = 0; I < Selected.size(); ++I) {
    Ctx.progress("[" + std::to_string(I + 1) + "/" +
                 std::to_string(Selected.size()) + "] " + Selected[I]->Key +
                 ": " + Selected[I]->Summary);
    Selected[I]->Run(Ctx);
  }
  if (auto Reasons = Ctx.nvml().clockLimitReasons())
    Ctx.progress("clock limit reasons at the end: " + *Reasons);

  if (auto Loaded = Ctx.loadedClockMHz()) {
    Measurement Clock;
    Clock.Name = "sm_clock_under_load";
    Clock.Value = *Loaded;
    Clock.Unit = "MHz";
    Clock.Theoretical = Ctx.maxSmClockMHz();
    Clock.Method = "the SM clock each compute benchmark ran at (NVML's SM "
                   "clock read after each timed run; without NVML, clock64() "
                   "cycles of the kernel over its event time), median over "
                   "benchmarks; theoretical = the maximum SM clock (NVML, "
                   "else CUDA)";
    Ctx.add(Clock);
  }

  CalibrationResult R;
  R.Facts = Ctx.facts();
  R.Name = O.Name.empty() ? defaultDeviceName(R.Facts.ProductName) : O.Name;
  R.Aliases = {R.Facts.ProductName};
  R.Origin.Source = "headroom calibrate";
  R.Origin.Date = todayUtc();
  R.Origin.Tool =
      O.Tool.empty() ? "headroom-microbench " HEADROOM_VERSION : O.Tool;
  R.Origin.Commit = HEADROOM_GIT_COMMIT;
  R.Origin.Command = O.Command.empty() ? joinArgv(Argc, Argv) : O.Command;
  R.Measurements = Ctx.measurements();

  std::cout << formatResultTable(R) << std::flush;
  std::snprintf(Line, sizeof(Line), "calibration took %.1f s",
                nowSeconds() - Start);
  Ctx.progress(Line);

  std::string Path = O.Output;
  if (Path.empty())
    Path = (O.OutputDir.empty() ? std::string(".") : O.OutputDir) + "/" +
           R.Name + ".json";
  if (!deriveThesisParameters(R.Measurements)) {
    if (!O.Only.empty()) {
      Ctx.progress("device file not written: --only left out benchmarks the "
                   "six thesis parameters need");
      return ExitOk;
    }
  }
  if (Status S = writeCalibrationFile(Path, R); !S) {
    std::fprintf(stderr, "headroom-microbench: error: %s\n",
                 S.error().message().c_str());
    return ExitError;
  }
  Ctx.progress("wrote " + Path);
  return ExitOk;
}

} // namespace

int main(int Argc, char **Argv) {
  std::string Err;
  std::optional<Options> O = parse(Argc, Argv, Err);
  if (!O) {
    std::fprintf(stderr, "headroom-microbench: error: %s\n", Err.c_str());
    return ExitUsage;
  }
  if (O->Help) {
    std::fputs(Usage, stdout);
    return ExitOk;
  }
  if (O->Version) {
    std::printf("headroom-microbench %s (commit %s)\n", HEADROOM_VERSION,
                HEADROOM_GIT_COMMIT);
    return ExitOk;
  }
  if (O->List) {
    for (const BenchmarkEntry &E : allBenchmarks())
      std::printf("%-18s %s\n", E.Key, E.Summary);
    return ExitOk;
  }
  try {
    return run(*O, Argc, Argv);
  } catch (const BenchmarkError &E) {
    std::fprintf(stderr, "headroom-microbench: error: %s\n", E.what());
    return E.code();
  } catch (const std::exception &E) {
    std::fprintf(stderr, "headroom-microbench: error: %s\n", E.what());
    return ExitError;
  }
}
