//===- Calibrate.cpp - headroom calibrate: measure this GPU ---------------===//

#include "devices/Calibrate.h"

#include "devices/DeviceRegistry.h"
#include "support/Paths.h"
#include "support/Process.h"
#include "support/ShellQuote.h"

#include <cstdlib>
#include <filesystem>

namespace headroom {

namespace fs = std::filesystem;

namespace {

/// headroom-microbench's exit codes (microbench/harness/Cuda.h).
enum MicrobenchExit { Ok = 0, Usage = 2, NoGpu = 3, WrongResult = 4 };

/// The headroom-microbench to run: $HEADROOM_MICROBENCH, else next to the
/// executable in \p ExecutableDirectory (installed), else the build tree's
/// microbench/ beside tool/.
Expected<std::string> findMicrobench(const std::string &ExecutableDirectory) {
  if (const char *Env = std::getenv("HEADROOM_MICROBENCH"); Env && *Env) {
    if (!isExecutable(Env))
      return Error(std::string("HEADROOM_MICROBENCH=") + Env +
                   " is not an executable file");
    return std::string(Env);
  }
  fs::path Dir = ExecutableDirectory;
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

/// The micro-benchmarks' command line for \p R.
Expected<std::vector<std::string>> microbenchArgv(const std::string &Microbench,
                                                  const CalibrateRequest &R) {
  std::vector<std::string> Argv = {Microbench};
  if (R.Gpu)
    Argv.insert(Argv.end(), {"--gpu", *R.Gpu});
  if (R.Quick)
    Argv.push_back("--quick");
  if (R.Name)
    Argv.insert(Argv.end(), {"--name", *R.Name});
  if (R.Output) {
    Argv.insert(Argv.end(), {"--output", *R.Output});
  } else {
    std::string UserDir = DeviceRegistry::fromEnvironment().userDir();
    if (UserDir.empty())
      return Error("neither XDG_DATA_HOME nor HOME is "
                   "set; give -o FILE");
    Argv.insert(Argv.end(), {"--output-dir", UserDir});
  }
  std::string Command = "headroom calibrate";
  if (!R.Arguments.empty())
    Command += " " + shellJoin(R.Arguments);
  Argv.insert(Argv.end(), {"--command", Command, "--tool", R.Tool});
  return Argv;
}

/// calibrate's exit status for how the micro-benchmarks ended, with the
/// line that explains a failure.
CalibrationExit explainExit(const ProcessExit &Exit,
                            const std::string &Microbench) {
  if (Exit.Signal)
    return {1, Microbench + " was killed by signal " +
                   std::to_string(Exit.Signal)};
  switch (Exit.Code) {
  case Ok:
    return {0, ""};
  case NoGpu:
    return {1, "no usable CUDA GPU on this machine (see the line "
               "above); calibration needs one"};
  case WrongResult:
    return {1, "a micro-benchmark computed a wrong result (see "
               "above); no device file was written"};
  case Usage:
    return {2, "the micro-benchmarks rejected the arguments (see "
               "above)"};
  default:
    return {1, "the micro-benchmarks failed (exit code " +
                   std::to_string(Exit.Code) + ", see above)"};
  }
}

} // namespace

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

Expected<CalibrateRequest>
calibrateRequest(const ParsedArgs &P,
                 const std::vector<std::string> &Arguments) {
  if (!P.Positionals.empty())
    return Error("unexpected argument '" + P.Positionals.front() + "'");
  CalibrateRequest R;
  R.Gpu = P.get("gpu");
  R.Quick = P.has("quick");
  R.Name = P.get("name");
  R.Output = P.get("output");
  R.Arguments = Arguments;
  return R;
}

Expected<CalibrationExit> calibrate(const CalibrateRequest &R) {
  Expected<std::string> Microbench = findMicrobench(R.ExecutableDirectory);
  if (!Microbench)
    return Microbench.error();
  Expected<std::vector<std::string>> Argv = microbenchArgv(*Microbench, R);
  if (!Argv)
    return Argv.error();
  Expected<ProcessExit> Exit = runProcess(*Argv);
  if (!Exit)
    return Exit.error();
  return explainExit(*Exit, *Microbench);
}

} // namespace headroom
