//===- CheckMain.cpp - headroom check -------------------------------------===//
///
/// \file
/// `headroom check FILE... [options] [-- FLAGS]`: the checks of CUDA device
/// code that need no GPU (docs/cli.md, docs/diagnostics.md; the steps:
/// sourcechecks/CheckCommand.h, the document formats: views/CheckViews.h).
/// Built only with Clang.
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"

#include "sourcechecks/CheckCommand.h"
#include "views/CheckViews.h"

#include <iostream>

namespace headroom {

int checkMain(const Args &A) {
  CommandLine CL = sourcechecks::checkCommandLine();
  auto Fail = [](const std::string &Message) {
    std::cerr << "headroom check: error: " << Message << "\n";
    return 2;
  };
  Expected<ParsedArgs> Parsed = CL.parse(A);
  if (!Parsed)
    return Fail(Parsed.error().message());
  if (Parsed->has("help")) {
    CL.printHelp(std::cout);
    return 0;
  }
  Expected<sourcechecks::CheckOptions> Options =
      sourcechecks::checkOptions(*Parsed);
  if (!Options)
    return Fail(Options.error().message());
  const View<CheckDocument> *Document = findView(checkViews(), Options->Format);
  if (Options->Format != "text" && !Document)
    return Fail("--format: expected text, " + formatList(checkViews()) +
                ", got '" + Options->Format + "'");
  if (Options->ListChecks) {
    // The configuration of the first file, else of the current directory.
    sourcechecks::CheckConfigFinder Configs;
    Expected<sourcechecks::CheckConfig> Config =
        Options->Files.empty() ? Configs.configInDirectory(".")
                               : Configs.configFor(Options->Files.front());
    if (!Config)
      return Fail(Config.error().message());
    Expected<std::vector<const sourcechecks::SourceCheck *>> Checks =
        sourcechecks::selectedChecks(*Options, *Config);
    if (!Checks)
      return Fail(Checks.error().message());
    for (const sourcechecks::SourceCheck *C : *Checks)
      std::cout << C->name() << ": " << C->info().Summary << "\n";
    return 0;
  }
  if (Options->Files.empty())
    return Fail("expected one or more FILE.cu (see 'headroom check --help')");
  ViewOptions View{false, HEADROOM_VERSION};
  View.DocsUri = docsUri();
  return sourcechecks::runCheckCommand(
      *Options, [&](std::ostream &OS, const CheckDocument &Doc) {
        Document->write(OS, Doc, View);
      });
}

} // namespace headroom
