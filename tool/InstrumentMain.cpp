//===- InstrumentMain.cpp - headroom instrument ---------------------------===//
///
/// \file
/// `headroom instrument FILE.cu [-o OUT.cu] [-p BUILD_DIR] [-- FLAGS]`:
/// rewrites the kernel launches of one translation unit to call the runtime
/// hooks (see docs/instrument.md; the steps: ast/InstrumentCommand.h). Built
/// only with Clang.
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"

#include "ast/InstrumentCommand.h"

#include <iostream>

namespace headroom {

namespace {

int fail(const std::string &Message, int Code = 1) {
  std::cerr << "headroom instrument: error: " << Message << "\n";
  return Code;
}

} // namespace

int instrumentMain(const Args &A) {
  CommandLine CL = ast::instrumentCommandLine();
  Expected<ParsedArgs> Parsed = CL.parse(A);
  if (!Parsed)
    return fail(Parsed.error().message(), 2);
  if (Parsed->has("help")) {
    CL.printHelp(std::cout);
    return 0;
  }
  if (Parsed->Positionals.size() != 1)
    return fail("expected exactly one FILE.cu (see 'headroom instrument "
                "--help')",
                2);
  ast::InstrumentOptions Options = ast::instrumentOptions(*Parsed);
  Expected<ast::InstrumentRequest> Request = ast::instrumentRequest(Options);
  if (!Request)
    return fail(Request.error().message());
  if (Options.HeaderFilter && Request->HeaderDirectory.empty())
    return fail("--header-filter needs -o or --header-dir: the header "
                "copies are written to files",
                2);
  Expected<ast::InstrumentResult> Result = ast::instrumentFile(*Request);
  if (!Result)
    return fail(Result.error().message());
  if (Status S = ast::writeInstrumentOutputs(*Result, Options); !S)
    return fail(S.error().message());
  return 0;
}

} // namespace headroom
