//===- InstrumentMain.cpp - headroom instrument ---------------------------===//
///
/// \file
/// `headroom instrument FILE.cu [-o OUT.cu] [-p BUILD_DIR] [-- FLAGS]`:
/// rewrites the kernel launches of one translation unit to call the runtime
/// hooks (see docs/instrument.md). Built only with Clang.
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "support/CommandLine.h"

#include "ast/CompileFlags.h"
#include "ast/Instrument.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <iostream>
#include <variant>

namespace headroom {

namespace {

CommandLine instrumentCommandLine() {
  CommandLine CL(
      "headroom instrument", "FILE.cu [options] [-- <compile flags>]",
      "Rewrites every kernel<<<...>>>(...) launch and launch API call of\n"
      "FILE.cu to call the Headroom runtime around it, and registers the\n"
      "launch sites. Only the host side is parsed (clang --cuda-host-only).\n"
      "A file that does not compile is refused: nothing is written and the\n"
      "exit code is 1.");
  CL.option("output", "file",
            "write the instrumented source here (default: "
            "standard output)")
      .alias('o', "output")
      .option("build-dir", "dir",
              "take the compile command from <dir>/compile_commands.json "
              "(flags after '--' are appended)")
      .alias('p', "build-dir")
      .option("cuda-path", "dir",
              "the CUDA toolkit (default: $CUDA_HOME, else /usr/local/cuda)")
      .flag("list-sites", "print one line per launch found to standard "
                          "output; the source is then written only with -o")
      .option("header-filter", "regex",
              "also rewrite launches in included files whose absolute path "
              "matches this POSIX extended regular expression, in copies of "
              "those headers")
      .option("header-dir", "dir",
              "where the header copies go (default: <output>.headers)")
      .positionals("FILE.cu is the translation unit to instrument; the flags "
                   "after '--' are\nthe clang flags it compiles with (-I, -D, "
                   "-std, --cuda-gpu-arch, ...), or an\nnvcc command line: "
                   "'-- nvcc -arch=sm_90 -I...'.",
                   /*AllowDashDash=*/true);
  return CL;
}

int fail(const std::string &Message, int Code = 1) {
  std::cerr << "headroom instrument: error: " << Message << "\n";
  return Code;
}

/// The absolute directory for header copies: --header-dir, else the
/// output's name with ".headers"; empty when neither is given.
std::string headerDirectory(const ParsedArgs &Parsed) {
  std::optional<std::string> Dir = Parsed.get("header-dir");
  if (!Dir) {
    std::optional<std::string> Output = Parsed.get("output");
    if (!Output || *Output == "-")
      return "";
    Dir = *Output + ".headers";
  }
  llvm::SmallString<256> Path(*Dir);
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

/// The parse and rewrite of FILE, or the exit code after an error line.
std::variant<ast::InstrumentRequest, int>
instrumentRequest(const ParsedArgs &Parsed, const std::string &File) {
  ast::HostParseConfig Config;
  if (std::optional<std::string> CudaPath = Parsed.get("cuda-path"))
    Config.CudaPath = *CudaPath;
  llvm::Expected<ast::HostParseCommand> Command =
      Parsed.has("build-dir")
          ? ast::commandFromDatabase(*Parsed.get("build-dir"), File,
                                     Parsed.AfterDashDash, Config)
          : ast::commandFromFlags(File, Parsed.AfterDashDash, Config);
  if (!Command)
    return fail(llvm::toString(Command.takeError()));
  ast::InstrumentRequest Request;
  Request.CommandLine = std::move(Command->CommandLine);
  Request.WorkingDirectory = std::move(Command->Directory);
  if (std::optional<std::string> Filter = Parsed.get("header-filter")) {
    Request.HeaderFilter = *Filter;
    Request.HeaderDirectory = headerDirectory(Parsed);
    if (Request.HeaderDirectory.empty())
      return fail("--header-filter needs -o or --header-dir: the header "
                  "copies are written to files",
                  2);
  }
  return Request;
}

/// Writes \p Text to \p Path ("-": standard output); an error line and 1
/// when it cannot.
int writeText(const std::string &Path, const std::string &Text) {
  if (llvm::Error Err = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
        OS << Text;
        return llvm::Error::success();
      }))
    return fail("cannot write '" + Path +
                "': " + llvm::toString(std::move(Err)));
  return 0;
}

/// Writes the header copies, then the source to \p Output (default:
/// standard output); the exit code.
int writeOutputs(const ast::InstrumentResult &Result,
                 const std::optional<std::string> &Output) {
  for (const ast::RewrittenHeader &Header : Result.Headers) {
    llvm::SmallString<256> Dir(Header.Copy);
    llvm::sys::path::remove_filename(Dir);
    if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
      return fail("cannot create '" + std::string(Dir) + "': " + EC.message());
    if (int Code = writeText(Header.Copy, Header.Source))
      return Code;
  }
  return writeText(Output.value_or("-"), Result.Source);
}

} // namespace

int instrumentMain(const Args &A) {
  CommandLine CL = instrumentCommandLine();
  Expected<ParsedArgs> Parsed = CL.parse(A);
  if (!Parsed)
    return fail(Parsed.error().context(CL.program()).message(), 2);
  if (Parsed->has("help")) {
    CL.printHelp(std::cout);
    return 0;
  }
  if (Parsed->Positionals.size() != 1)
    return fail("expected exactly one FILE.cu (see 'headroom instrument "
                "--help')",
                2);
  std::variant<ast::InstrumentRequest, int> Request =
      instrumentRequest(*Parsed, Parsed->Positionals.front());
  if (const int *Code = std::get_if<int>(&Request))
    return *Code;
  llvm::Expected<ast::InstrumentResult> Result =
      ast::instrument(std::get<ast::InstrumentRequest>(Request));
  if (!Result)
    return fail(llvm::toString(Result.takeError()));
  for (const ast::LaunchSite &Site : Result->Sites)
    if (Site.Status != ast::SiteStatus::Instrumented)
      llvm::errs() << ast::formatNotInstrumented(Site) << "\n";
  bool ListSites = Parsed->has("list-sites");
  if (ListSites)
    for (const ast::LaunchSite &Site : Result->Sites)
      ast::printSite(llvm::outs(), Site);
  std::optional<std::string> Output = Parsed->get("output");
  if (ListSites && !Output)
    return 0;
  return writeOutputs(*Result, Output);
}

} // namespace headroom
