//===- InstrumentCommand.cpp - headroom instrument, step by step ----------===//

#include "ast/InstrumentCommand.h"

#include "ast/CompileFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace headroom::ast {

namespace {

/// The absolute directory for header copies: --header-dir, else the
/// output's name with ".headers"; empty when neither is given.
std::string headerDirectory(const InstrumentOptions &O) {
  std::optional<std::string> Dir = O.HeaderDir;
  if (!Dir) {
    if (!O.Output || *O.Output == "-")
      return "";
    Dir = *O.Output + ".headers";
  }
  llvm::SmallString<256> Path(*Dir);
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

/// Writes \p Text to \p Path ("-": standard output).
Status writeText(const std::string &Path, const std::string &Text) {
  if (llvm::Error Err = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
        OS << Text;
        return llvm::Error::success();
      }))
    return Error("cannot write '" + Path +
                 "': " + llvm::toString(std::move(Err)));
  return Status::success();
}

/// Writes the header copies, then the source to \p Output (default:
/// standard output).
Status writeFiles(const InstrumentResult &Result,
                  const std::optional<std::string> &Output) {
  for (const RewrittenHeader &Header : Result.Headers) {
    llvm::SmallString<256> Dir(Header.Copy);
    llvm::sys::path::remove_filename(Dir);
    if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
      return Error("cannot create '" + std::string(Dir) + "': " + EC.message());
    if (Status S = writeText(Header.Copy, Header.Source); !S)
      return S;
  }
  return writeText(Output.value_or("-"), Result.Source);
}

} // namespace

CommandLine instrumentCommandLine() {
  CommandLine CL(
      "headroom instrument", "FILE.cu [options] [-- <compile flags>]",
      "Rewrites every kernel<<<...>>>(...) launch and launch API call of\n"
      "FILE.cu to call the Headroom runtime around it, and registers the\n"
      "launch sites. Calls into GPU libraries (cuBLAS, cuSPARSE, cuFFT,\n"
      "cuRAND, cuSOLVER, cuDNN, NCCL, thrust, cub, CUTLASS, ...) are\n"
      "bracketed as scopes, so that the kernels they launch are attributed\n"
      "to the call. Only the host side is parsed (clang --cuda-host-only).\n"
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
      .flag("list-sites",
            "print one line per launch and library call found to standard "
            "output; the source is then written only with -o")
      .option("header-filter", "regex",
              "also rewrite launches in included files whose absolute path "
              "matches this POSIX extended regular expression, in copies of "
              "those headers")
      .option("header-dir", "dir",
              "where the header copies go (default: <output>.headers)")
      .option("library-header", "dir",
              "calls of functions declared in headers under <dir> are "
              "library calls, bracketed as scopes",
              /*Repeatable=*/true)
      .positionals("FILE.cu is the translation unit to instrument; the flags "
                   "after '--' are\nthe clang flags it compiles with (-I, -D, "
                   "-std, --cuda-gpu-arch, ...), or an\nnvcc command line: "
                   "'-- nvcc -arch=sm_90 -I...'.",
                   /*AllowDashDash=*/true);
  return CL;
}

InstrumentOptions instrumentOptions(const ParsedArgs &P) {
  InstrumentOptions O;
  if (!P.Positionals.empty())
    O.File = P.Positionals.front();
  O.Flags = P.AfterDashDash;
  O.BuildDir = P.get("build-dir");
  O.CudaPath = P.get("cuda-path");
  O.HeaderFilter = P.get("header-filter");
  O.HeaderDir = P.get("header-dir");
  O.LibraryHeaders = P.getAll("library-header");
  O.Output = P.get("output");
  O.ListSites = P.has("list-sites");
  return O;
}

Expected<InstrumentRequest> instrumentRequest(const InstrumentOptions &O) {
  HostParseConfig Config;
  if (O.CudaPath)
    Config.CudaPath = *O.CudaPath;
  llvm::Expected<HostParseCommand> Command =
      O.BuildDir ? commandFromDatabase(*O.BuildDir, O.File, O.Flags, Config)
                 : commandFromFlags(O.File, O.Flags, Config);
  if (!Command)
    return Error(llvm::toString(Command.takeError()));
  InstrumentRequest Request;
  Request.CommandLine = std::move(Command->CommandLine);
  Request.WorkingDirectory = std::move(Command->Directory);
  if (O.HeaderFilter) {
    Request.HeaderFilter = *O.HeaderFilter;
    Request.HeaderDirectory = headerDirectory(O);
  }
  // As the command line names them: relative to where headroom runs.
  for (const std::string &Dir : O.LibraryHeaders) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::fs::make_absolute(Path);
    Request.LibraryHeaders.push_back(std::string(Path));
  }
  return Request;
}

Expected<InstrumentResult> instrumentFile(const InstrumentRequest &Request) {
  llvm::Expected<InstrumentResult> Result = instrument(Request);
  if (!Result)
    return Error(llvm::toString(Result.takeError()));
  return std::move(*Result);
}

Status writeInstrumentOutputs(const InstrumentResult &Result,
                              const InstrumentOptions &O) {
  if (std::string Note = toleratedErrorsNote(Result); !Note.empty())
    llvm::errs() << "headroom instrument: note: " << Note << "\n";
  for (const LaunchSite &Site : Result.Sites)
    if (Site.Status != SiteStatus::Instrumented && !Site.isLibraryCall())
      llvm::errs() << formatNotInstrumented(Site) << "\n";
  if (O.ListSites)
    for (const LaunchSite &Site : Result.Sites)
      printSite(llvm::outs(), Site);
  if (!(O.ListSites && !O.Output))
    if (Status S = writeFiles(Result, O.Output); !S)
      return S;
  llvm::errs() << instrumentSummary(Result) << "\n";
  return Status::success();
}

std::string instrumentSummary(const InstrumentResult &Result) {
  unsigned Main = 0, InHeaders = 0, LeftAlone = 0, Calls = 0;
  for (const LaunchSite &Site : Result.Sites) {
    if (Site.Status != SiteStatus::Instrumented) {
      LeftAlone += !Site.isLibraryCall();
      continue;
    }
    Calls += Site.isLibraryCall();
    if (Site.HeaderFile.empty())
      ++Main;
    else
      ++InHeaders;
  }
  auto Count = [](unsigned N, const char *What) {
    return std::to_string(N) + " " + What + (N == 1 ? "" : "s");
  };
  unsigned Launches = Main + InHeaders - Calls;
  std::string Line = "headroom instrument: instrumented ";
  if (Launches || !Calls)
    Line += Count(Launches, "launch site");
  if (Launches && Calls)
    Line += " and ";
  if (Calls)
    Line += Count(Calls, "library call");
  Line += " in " + Result.MainFile;
  if (!Result.Headers.empty())
    Line += " (" + std::to_string(InHeaders) + " in " +
            Count(static_cast<unsigned>(Result.Headers.size()), "header") + ")";
  if (LeftAlone)
    Line += "; " + std::to_string(LeftAlone) + " left alone (warned above)";
  return Line;
}

} // namespace headroom::ast
