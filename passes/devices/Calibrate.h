//===- Calibrate.h - headroom calibrate: measure this GPU -------*- C++ -*-===//
///
/// \file
/// `headroom calibrate` measures this machine's GPU with the micro-benchmarks
/// and writes its device file. It is a front for the `headroom-microbench`
/// executable (microbench/, built where nvcc is available): this finds it
/// next to headroom (or through HEADROOM_MICROBENCH), runs it with an argv
/// (no shell) so its progress and result table pass straight through, and
/// turns its exit status into calibrate's, with one clear line. By default
/// the file goes to the user device directory of the DeviceRegistry, where
/// `headroom devices` and `--device <name>` find it.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_DEVICES_CALIBRATE_H
#define HEADROOM_DEVICES_CALIBRATE_H

#include "support/CommandLine.h"
#include "support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// What `headroom calibrate` was asked to measure, and what the device file
/// records about the run.
struct CalibrateRequest {
  /// --gpu: the CUDA device to measure.
  std::optional<std::string> Gpu;
  /// --quick: fewer repetitions and smaller sizes.
  bool Quick = false;
  /// --name: the device's name.
  std::optional<std::string> Name;
  /// -o: the device file; without it, the user device directory.
  std::optional<std::string> Output;
  /// calibrate's own arguments, recorded in the device file as the command.
  std::vector<std::string> Arguments;
  /// The directory of the running headroom, where headroom-microbench is
  /// looked for.
  std::string ExecutableDirectory = ".";
  /// The tool recorded in the device file ("headroom calibrate 0.1.0").
  std::string Tool = "headroom calibrate";
};

/// How the micro-benchmarks ended.
struct CalibrationExit {
  /// calibrate's exit status: 0, 1 when the measurement failed, 2 when the
  /// micro-benchmarks rejected the arguments.
  int Status = 0;
  /// What explains a failure, for the error line; empty on
  /// success.
  std::string Problem;
};

/// calibrate's options and help.
CommandLine calibrateCommandLine();

/// The request for calibrate's options \p P, parsed from its arguments
/// \p Arguments; the usage error for a positional argument.
Expected<CalibrateRequest>
calibrateRequest(const ParsedArgs &P,
                 const std::vector<std::string> &Arguments);

/// Runs the micro-benchmarks for \p R and waits for them. Fails when they
/// cannot be found or started, or when neither -o nor a user device
/// directory is given.
Expected<CalibrationExit> calibrate(const CalibrateRequest &R);

} // namespace headroom

#endif // HEADROOM_DEVICES_CALIBRATE_H
