//===- CommandLine.h - Command-line options and help ------------*- C++ -*-===//
///
/// \file
/// Declares the options of one command (a `headroom` subcommand, or
/// headroom-microbench), parses argv against them and prints help. The one
/// command-line parser of Headroom; hand-written rather than llvm::cl because
/// the tool and the micro-benchmarks must build on GPU machines that have no
/// LLVM.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_COMMANDLINE_H
#define HEADROOM_SUPPORT_COMMANDLINE_H

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

/// The options a command accepts. `--name value`, `--name=value` and, for
/// one-letter names, `-n value` are accepted; flags take no value.
class CommandLine {
public:
  /// \p Program is the command as the user types it ("headroom lint",
  /// "headroom-microbench"): the help and the errors name it.
  CommandLine(std::string Program, std::string Synopsis, std::string Summary);

  const std::string &program() const { return Program; }

  CommandLine &flag(std::string Name, std::string Help);
  /// The help says "(repeatable)" after \p Help when \p Repeatable: \p Help
  /// says what several values do, not that there may be several.
  CommandLine &option(std::string Name, std::string ValueName, std::string Help,
                      bool Repeatable = false);
  /// A short alias such as `-o` for `--output`.
  CommandLine &alias(char Short, std::string Name);
  /// Describes the positional arguments in the help text, as a paragraph of
  /// whole sentences.
  CommandLine &positionals(std::string Help, bool AllowDashDash = false);
  /// Describes one positional argument as a row of the help's "arguments:"
  /// list, named as the synopsis names it ("PROFILE|DIR...").
  CommandLine &argument(std::string Name, std::string Help);
  /// Accepts `--` and lists what follows it as the row "-- <Name>".
  CommandLine &afterDashDash(std::string Name, std::string Help);

  /// Parses Args (without the program and subcommand names). `--help` and
  /// `-h` are always accepted as a flag named "help". An error does not name
  /// the program: the caller's error line does ("headroom report: error:
  /// ..."). An unknown option names the closest known one, if any is close.
  Expected<ParsedArgs> parse(const std::vector<std::string> &Args) const;
  void printHelp(std::ostream &OS) const;

private:
  struct Option {
    std::string Name, ValueName, Help;
    bool TakesValue = false, Repeatable = false;
  };
  struct Argument {
    std::string Name, Help;
  };
  const Option *find(const std::string &Name) const;
  /// "unknown option '--targets'; did you mean '--target'?".
  Error unknownOption(const std::string &Name) const;

  std::string Program, Synopsis, Summary, PositionalHelp;
  bool AllowDashDash = false;
  std::vector<Option> Options;
  std::vector<Argument> Arguments;
  std::map<char, std::string> Aliases;
};

} // namespace headroom

#endif // HEADROOM_SUPPORT_COMMANDLINE_H
