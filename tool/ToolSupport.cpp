//===- ToolSupport.cpp - What every subcommand shares ---------------------===//

#include "ToolSupport.h"

#include <filesystem>
#include <iostream>

namespace headroom {

int failWith(const Error &E) {
  std::cerr << "headroom: error: " << E.message() << "\n";
  return ExitUsageOrInput;
}

std::string executableDir() {
  std::error_code EC;
  auto Exe = std::filesystem::read_symlink("/proc/self/exe", EC);
  return EC ? std::string(".") : Exe.parent_path().string();
}

DeviceRegistry deviceRegistry() {
  return DeviceRegistry::fromEnvironment(executableDir());
}

} // namespace headroom
