//===- CalibrateMain.cpp - headroom calibrate -----------------------------===//
///
/// \file
/// `headroom calibrate`: measures this machine's GPU with the micro-benchmarks
/// and writes its device file (devices/Calibrate.h says how).
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"

#include "devices/Calibrate.h"

#include <iostream>

int headroom::calibrateMain(const Args &A) {
  std::optional<ParsedArgs> Parsed;
  if (std::optional<int> Done =
          parseArguments(calibrateCommandLine(), A, Parsed))
    return *Done;
  Expected<CalibrateRequest> Request = calibrateRequest(*Parsed, A);
  if (!Request)
    return failWith(Request.error());
  Request->ExecutableDirectory = executableDir();
  Request->Tool = "headroom calibrate " HEADROOM_VERSION;
  Expected<CalibrationExit> Exit = calibrate(*Request);
  if (!Exit)
    return failWith(Exit.error());
  if (!Exit->Problem.empty())
    printError(Exit->Problem);
  return Exit->Status;
}
