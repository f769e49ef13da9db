//===- CommandLine.cpp - Command-line options and help --------------------===//

#include "support/CommandLine.h"

#include "support/Spelling.h"

#include <iomanip>

namespace headroom {

std::optional<std::string> ParsedArgs::get(const std::string &Name) const {
  auto It = Values.find(Name);
  if (It == Values.end() || It->second.empty())
    return std::nullopt;
  return It->second.back();
}

std::vector<std::string> ParsedArgs::getAll(const std::string &Name) const {
  auto It = Values.find(Name);
  return It == Values.end() ? std::vector<std::string>{} : It->second;
}

CommandLine::CommandLine(std::string Program, std::string Synopsis,
                         std::string Summary)
    : Program(std::move(Program)), Synopsis(std::move(Synopsis)),
      Summary(std::move(Summary)) {
  flag("help", "print this help and exit");
}

CommandLine &CommandLine::flag(std::string Name, std::string Help) {
  Options.push_back({std::move(Name), "", std::move(Help), false, false});
  return *this;
}

CommandLine &CommandLine::option(std::string Name, std::string ValueName,
                                 std::string Help, bool Repeatable) {
  Options.push_back({std::move(Name), std::move(ValueName), std::move(Help),
                     true, Repeatable});
  return *this;
}

CommandLine &CommandLine::alias(char Short, std::string Name) {
  Aliases[Short] = std::move(Name);
  return *this;
}

CommandLine &CommandLine::positionals(std::string Help, bool DashDash) {
  PositionalHelp = std::move(Help);
  AllowDashDash = DashDash;
  return *this;
}

CommandLine &CommandLine::argument(std::string Name, std::string Help) {
  Arguments.push_back({std::move(Name), std::move(Help)});
  return *this;
}

CommandLine &CommandLine::afterDashDash(std::string Name, std::string Help) {
  AllowDashDash = true;
  return argument("-- " + Name, std::move(Help));
}

const CommandLine::Option *CommandLine::find(const std::string &Name) const {
  for (const Option &O : Options)
    if (O.Name == Name)
      return &O;
  return nullptr;
}

Error CommandLine::unknownOption(const std::string &Name) const {
  std::vector<std::string> Names;
  for (const Option &O : Options)
    Names.push_back(O.Name);
  if (std::optional<std::string> Near = closestSpelling(Name, Names))
    return Error("unknown option '--" + Name + "'; did you mean '--" + *Near +
                 "'?");
  return Error("unknown option '--" + Name + "' (see '" + Program +
               " --help')");
}

Expected<ParsedArgs>
CommandLine::parse(const std::vector<std::string> &Args) const {
  ParsedArgs Parsed;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &Arg = Args[I];
    if (Arg == "--") {
      if (!AllowDashDash)
        return Error("unexpected '--'");
      Parsed.SawDashDash = true;
      Parsed.AfterDashDash.assign(Args.begin() + I + 1, Args.end());
      break;
    }
    std::string Name;
    std::optional<std::string> Inline;
    if (Arg.size() > 2 && Arg.compare(0, 2, "--") == 0) {
      Name = Arg.substr(2);
      if (auto Eq = Name.find('='); Eq != std::string::npos) {
        Inline = Name.substr(Eq + 1);
        Name.resize(Eq);
      }
    } else if (Arg.size() == 2 && Arg[0] == '-' && Arg[1] != '-') {
      auto It = Aliases.find(Arg[1]);
      if (It == Aliases.end() && Arg[1] != 'h')
        return Error("unknown option '" + Arg + "' (see '" + Program +
                     " --help')");
      Name = It == Aliases.end() ? "help" : It->second;
    } else {
      Parsed.Positionals.push_back(Arg);
      continue;
    }
    const Option *O = find(Name);
    if (!O)
      return unknownOption(Name);
    if (!O->TakesValue) {
      if (Inline)
        return Error("option '--" + Name + "' takes no value");
      Parsed.Values[Name].push_back("");
      continue;
    }
    std::string Value;
    if (Inline) {
      Value = *Inline;
    } else {
      if (I + 1 >= Args.size())
        return Error("option '--" + Name + "' expects a value <" +
                     O->ValueName + ">");
      Value = Args[++I];
    }
    auto &Slot = Parsed.Values[Name];
    if (!Slot.empty() && !O->Repeatable)
      return Error("option '--" + Name + "' given more than once");
    Slot.push_back(Value);
  }
  return Parsed;
}

namespace {

/// One row of the help: the name padded to a column, then its help.
void helpRow(std::ostream &OS, const std::string &Left,
             const std::string &Help) {
  OS << std::left << std::setw(32) << Left << " " << Help << "\n";
}

} // namespace

void CommandLine::printHelp(std::ostream &OS) const {
  OS << "usage: " << Program << " " << Synopsis << "\n\n" << Summary << "\n";
  if (!PositionalHelp.empty())
    OS << "\n" << PositionalHelp << "\n";
  if (!Arguments.empty()) {
    OS << "\narguments:\n";
    for (const Argument &A : Arguments)
      helpRow(OS, "  " + A.Name, A.Help);
  }
  OS << "\noptions:\n";
  for (const Option &O : Options) {
    std::string Left = "  ";
    for (const auto &[Short, Long] : Aliases)
      if (Long == O.Name)
        Left += std::string("-") + Short + ", ";
    Left += "--" + O.Name;
    if (O.TakesValue)
      Left += " <" + O.ValueName + ">";
    helpRow(OS, Left, O.Help + (O.Repeatable ? " (repeatable)" : ""));
  }
}

} // namespace headroom
