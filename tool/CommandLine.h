//===- CommandLine.h - Subcommand argument parsing --------------*- C++ -*-===//
///
/// \file
/// Declares options for one `headroom` subcommand, parses argv against them and
/// prints help. Hand-written rather than llvm::cl because the tool must also
/// build on GPU machines that have no LLVM.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_TOOL_COMMANDLINE_H
#define HEADROOM_TOOL_COMMANDLINE_H

#include "support/Error.h"

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace headroom {

/// The result of parsing: option values by name (without dashes), positional
/// arguments, and everything after a bare `--`.
struct ParsedArgs {
  std::map<std::string, std::vector<std::string>> Values;
  std::vector<std::string> Positionals;
  std::vector<std::string> AfterDashDash;
  bool SawDashDash = false;

  bool has(const std::string &Name) const { return Values.count(Name) != 0; }
  std::optional<std::string> get(const std::string &Name) const;
  std::vector<std::string> getAll(const std::string &Name) const;
};

/// The options a subcommand accepts. `--name value`, `--name=value` and, for
/// one-letter names, `-n value` are accepted; flags take no value.
class CommandLine {
public:
  CommandLine(std::string Command, std::string Synopsis, std::string Summary);

  CommandLine &flag(std::string Name, std::string Help);
  CommandLine &option(std::string Name, std::string ValueName, std::string Help,
                      bool Repeatable = false);
  /// A short alias such as `-o` for `--output`.
  CommandLine &alias(char Short, std::string Name);
  /// Describes the positional arguments in the help text.
  CommandLine &positionals(std::string Help, bool AllowDashDash = false);

  /// Parses Args (without the program and subcommand names). `--help` is
  /// always accepted as a flag named "help".
  Expected<ParsedArgs> parse(const std::vector<std::string> &Args) const;
  void printHelp(std::ostream &OS) const;

private:
  struct Option {
    std::string Name, ValueName, Help;
    bool TakesValue = false, Repeatable = false;
  };
  const Option *find(const std::string &Name) const;

  std::string Command, Synopsis, Summary, PositionalHelp;
  bool AllowDashDash = false;
  std::vector<Option> Options;
  std::map<char, std::string> Aliases;
};

} // namespace headroom

#endif // HEADROOM_TOOL_COMMANDLINE_H
