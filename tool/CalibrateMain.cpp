//===- CalibrateMain.cpp - headroom calibrate -----------------------------===//
///
/// \file
/// `headroom calibrate`: measures this machine's GPU with the micro-benchmarks
/// and writes its device file. A thin front for the `headroom-microbench`
/// executable (microbench/, built where nvcc is available): finds it next to
/// headroom (or through HEADROOM_MICROBENCH), runs it with an argv (no shell)
/// so its progress and result table pass straight through, and turns its exit
/// status into one clear line. By default the file goes to the user device
/// directory, where `headroom devices` and `--device <name>` find it.
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"

#include "devices/DeviceRegistry.h"
#include "support/CommandLine.h"
#include "support/Paths.h"
#include "support/Process.h"
#include "support/ShellQuote.h"

#include <cstdlib>
#include <filesystem>
#include <iostream>

using namespace headroom;
namespace fs = std::filesystem;

namespace {

/// headroom-microbench's exit codes (microbench/harness/Cuda.h).
enum MicrobenchExit { Ok = 0, Usage = 2, NoGpu = 3, WrongResult = 4 };

/// The headroom-microbench to run: $HEADROOM_MICROBENCH, else next to this
/// executable (installed), else the build tree's microbench/ beside tool/.
Expected<std::string> findMicrobench() {
  if (const char *Env = std::getenv("HEADROOM_MICROBENCH"); Env && *Env) {
    if (!isExecutable(Env))
      return Error(std::string("HEADROOM_MICROBENCH=") + Env +
                   " is not an executable file");
    return std::string(Env);
  }
  fs::path Dir = executableDir();
  for (const fs::path &Candidate :
       {Dir / "headroom-microbench",
        Dir / ".." / "microbench" / "headroom-microbench",
        Dir / ".." / "libexec" / "headroom" / "headroom-microbench"})
    if (isExecutable(Candidate.string()))
      return fs::weakly_canonical(Candidate).string();
  return Error("the micro-benchmarks are not built: no headroom-microbench "
               "next to " +
               Dir.string() +
               " (they are built only where CUDA 13's nvcc is found at "
               "configure time; reconfigure on a machine with nvcc, or set "
               "HEADROOM_MICROBENCH to its path)");
}


CommandLine calibrateCommandLine() {
  CommandLine CL(
      "headroom calibrate", "[--gpu N] [--quick] [-o FILE] [--name NAME]",
      "Measures this machine's GPU with micro-benchmarks (peak fp32/fp64 FMA,\n"
      "int MAD and add, shared-memory load/store, DRAM bandwidth, and more)\n"
      "and writes a headroom.device/1 file with the thesis parameters T_SP,\n"
      "T_DP, T_int, T_add, T_ldst and B_mem. Without -o the file is\n"
      "$XDG_DATA_HOME/headroom/devices/<name>.json (default\n"
      "~/.local/share/headroom/devices), which 'headroom devices' lists and\n"
      "'--device <name>' finds. Needs a CUDA GPU and the micro-benchmarks\n"
      "(built where nvcc is available; HEADROOM_MICROBENCH overrides where\n"
      "they are found). A full run takes about half a minute on an H100,\n"
      "--quick about 10 s.");
  CL.option("gpu", "N", "the CUDA device to measure (default 0)");
  CL.flag("quick", "fewer repetitions and smaller sizes");
  CL.option("output", "FILE", "write the device file here");
  CL.alias('o', "output");
  CL.option("name", "NAME",
            "the device's name (default: from the product name, e.g. "
            "h100-80gb-hbm3)");
  return CL;
}

/// The micro-benchmarks' command line for calibrate's options \p P; \p A,
/// calibrate's own arguments, are recorded in the device file.
Expected<std::vector<std::string>> microbenchArgv(const std::string &Microbench,
                                                  const ParsedArgs &P,
                                                  const Args &A) {
  std::vector<std::string> Argv = {Microbench};
  if (auto Gpu = P.get("gpu"))
    Argv.insert(Argv.end(), {"--gpu", *Gpu});
  if (P.has("quick"))
    Argv.push_back("--quick");
  if (auto Name = P.get("name"))
    Argv.insert(Argv.end(), {"--name", *Name});
  if (auto Out = P.get("output")) {
    Argv.insert(Argv.end(), {"--output", *Out});
  } else {
    std::string UserDir = DeviceRegistry::fromEnvironment().userDir();
    if (UserDir.empty())
      return Error("headroom calibrate: neither XDG_DATA_HOME nor HOME is "
                   "set; give -o FILE");
    Argv.insert(Argv.end(), {"--output-dir", UserDir});
  }
  std::string Command = "headroom calibrate";
  if (!A.empty())
    Command += " " + shellJoin(A);
  Argv.insert(Argv.end(), {"--command", Command, "--tool",
                           "headroom calibrate " HEADROOM_VERSION});
  return Argv;
}

/// calibrate's exit status for how the micro-benchmarks ended, with the
/// line that explains a failure.
int explainExit(const ProcessExit &Exit, const std::string &Microbench) {
  const char *Error = "headroom: error: headroom calibrate: ";
  if (Exit.Signal) {
    std::cerr << Error << Microbench << " was killed by signal " << Exit.Signal
              << "\n";
    return 1;
  }
  switch (Exit.Code) {
  case Ok:
    return 0;
  case NoGpu:
    std::cerr << Error << "no usable CUDA GPU on this machine (see the line "
                          "above); calibration needs one\n";
    return 1;
  case WrongResult:
    std::cerr << Error << "a micro-benchmark computed a wrong result (see "
                          "above); no device file was written\n";
    return 1;
  case Usage:
    std::cerr << Error << "the micro-benchmarks rejected the arguments (see "
                          "above)\n";
    return 2;
  default:
    std::cerr << Error << "the micro-benchmarks failed (exit code "
              << Exit.Code << ", see above)\n";
    return 1;
  }
}

} // namespace

int headroom::calibrateMain(const Args &A) {
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done =
          parseArguments(calibrateCommandLine(), A, Parsed))
    return *Done;
  if (!Parsed->Positionals.empty())
    return failWith(Error("headroom calibrate: unexpected argument '" +
                          Parsed->Positionals.front() + "'"));
  Expected<std::string> Microbench = findMicrobench();
  if (!Microbench)
    return failWith(
        Error("headroom calibrate: " + Microbench.error().message()));
  Expected<std::vector<std::string>> Argv =
      microbenchArgv(*Microbench, *Parsed, A);
  if (!Argv)
    return failWith(Argv.error());
  Expected<ProcessExit> Exit = runProcess(*Argv);
  if (!Exit)
    return failWith(Exit.error().context("headroom calibrate"));
  return explainExit(*Exit, *Microbench);
}
