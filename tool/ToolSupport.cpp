//===- ToolSupport.cpp - What every subcommand shares ---------------------===//

#include "ToolSupport.h"

#include "support/Paths.h"
#include "views/Sarif.h"

#include <cstdlib>

#include <iostream>

namespace headroom {

namespace {

std::string &currentCommandName() {
  static std::string Name = "headroom";
  return Name;
}

} // namespace

void setCommandName(std::string Name) {
  currentCommandName() = std::move(Name);
}

const std::string &commandName() { return currentCommandName(); }

void printError(const std::string &Message) {
  std::cerr << commandName() << ": error: " << Message << "\n";
}

void printWarning(const std::string &Message) {
  std::cerr << commandName() << ": warning: " << Message << "\n";
}

int failWith(const Error &E) {
  printError(E.message());
  return ExitUsageOrInput;
}

std::optional<int> parseArguments(const CommandLine &Cmd,
                                  const std::vector<std::string> &Args,
                                  std::optional<ParsedArgs> &Parsed) {
  Expected<ParsedArgs> P = Cmd.parse(Args);
  if (!P)
    return failWith(P.error());
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

std::string docsUri() {
  if (const char *Url = std::getenv("HEADROOM_DOCS_URL"); Url && *Url) {
    std::string U = Url;
    while (U.size() > 1 && U.back() == '/')
      U.pop_back();
    return U;
  }
  std::string Installed =
      absolutePath("../share/doc/headroom", executableDir());
  if (isRegularFile(Installed + "/diagnostics.md"))
    return artifactUri(Installed);
  return artifactUri(HEADROOM_SOURCE_DOCS);
}

} // namespace headroom
