//===- ToolSupport.cpp - What every subcommand shares ---------------------===//

#include "ToolSupport.h"

#include <iostream>

namespace headroom {

int failWith(const Error &E) {
  std::cerr << "headroom: error: " << E.message() << "\n";
  return ExitUsageOrInput;
}

std::string executableDir() {
  std::string Dir = currentExecutableDirectory();
  return Dir.empty() ? std::string(".") : Dir;
}

} // namespace headroom
