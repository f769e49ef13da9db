//===- ToolSupport.h - What every subcommand shares -------------*- C++ -*-===//
#ifndef HEADROOM_TOOL_TOOLSUPPORT_H
#define HEADROOM_TOOL_TOOLSUPPORT_H

#include "support/CommandLine.h"
#include "support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// Exit code for usage and input errors (lint's 1 means "findings").
constexpr int ExitUsageOrInput = 2;

/// Names the subcommand running ("headroom report") for every error and
/// warning line it prints; "headroom" until the driver has chosen one.
void setCommandName(std::string Name);
const std::string &commandName();

/// Prints "<command>: error: <message>" on stderr, clang's form with the
/// subcommand as the program ("headroom report: error: ...").
void printError(const std::string &Message);
/// Prints "<command>: warning: <message>" on stderr.
void printWarning(const std::string &Message);

/// printError(E.message()); returns ExitUsageOrInput.
int failWith(const Error &E);

/// Parses a subcommand's arguments into Parsed. Returns the exit code when
/// the subcommand is done already: ExitUsageOrInput after an error line for
/// bad arguments, 0 after printing the help for --help; else std::nullopt.
std::optional<int> parseArguments(const CommandLine &Cmd,
                                  const std::vector<std::string> &Args,
                                  std::optional<ParsedArgs> &Parsed);

/// The directory holding the running headroom executable.
std::string executableDir();

/// Where the docs are, as a URI without a trailing slash: $HEADROOM_DOCS_URL
/// (e.g. the hosted copy of the release), else the installed copy
/// (<prefix>/share/doc/headroom next to <prefix>/bin/headroom), else, in the
/// build tree, the source tree's docs/.
std::string docsUri();

} // namespace headroom

#endif // HEADROOM_TOOL_TOOLSUPPORT_H
