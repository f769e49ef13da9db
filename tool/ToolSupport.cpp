//===- ToolSupport.cpp - What every subcommand shares ---------------------===//

#include "ToolSupport.h"

#include "support/Paths.h"

#include <iostream>

namespace headroom {

int failWith(const Error &E) {
  std::cerr << "headroom: error: " << E.message() << "\n";
  return ExitUsageOrInput;
}

std::optional<int> parseArguments(const CommandLine &Cmd,
                                  const std::vector<std::string> &Args,
                                  std::optional<ParsedArgs> &Parsed) {
  Expected<ParsedArgs> P = Cmd.parse(Args);
  if (!P)
    return failWith(P.error().context(Cmd.program()));
  if (P->has("help")) {
    Cmd.printHelp(std::cout);
    return 0;
  }
  Parsed = std::move(*P);
  return std::nullopt;
}

std::string executableDir() {
  std::string Dir = currentExecutableDirectory();
  return Dir.empty() ? std::string(".") : Dir;
}

} // namespace headroom
