//===- ToolSupport.h - What every subcommand shares -------------*- C++ -*-===//
#ifndef HEADROOM_TOOL_TOOLSUPPORT_H
#define HEADROOM_TOOL_TOOLSUPPORT_H

#include "model/DeviceRegistry.h"
#include "support/Error.h"

#include <string>

namespace headroom {

/// Exit code for usage and input errors (lint's 1 means "findings").
constexpr int ExitUsageOrInput = 2;

/// Prints "headroom: error: <message>" on stderr; returns ExitUsageOrInput.
int failWith(const Error &E);

/// The directory holding the running headroom executable.
std::string executableDir();

} // namespace headroom

#endif // HEADROOM_TOOL_TOOLSUPPORT_H
