//===- CompileFlags.cpp - The clang command line of a host-side parse -----===//

#include "ast/CompileFlags.h"

#include "ast/NvccFlags.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>
#include <map>
#include <mutex>

#ifndef HEADROOM_CLANG_RESOURCE_DIR
#error "HEADROOM_CLANG_RESOURCE_DIR must name clang-22's resource directory"
#endif

namespace headroom::ast {

std::string HostParseConfig::defaultCudaPath() {
  if (const char *Home = std::getenv("CUDA_HOME"); Home && *Home)
    return Home;
  return "/usr/local/cuda";
}

std::string HostParseConfig::defaultResourceDir() {
  return HEADROOM_CLANG_RESOURCE_DIR;
}

std::string HostParseConfig::defaultHostCompilerInclude() {
  return askHostCompilerInclude("gcc");
}

namespace {

/// `Compiler -print-file-name=include`, asked now.
std::string runPrintFileName(llvm::StringRef Compiler) {
  llvm::ErrorOr<std::string> Program =
      Compiler.contains('/') ? Compiler.str()
                             : llvm::sys::findProgramByName(Compiler);
  llvm::SmallString<128> Output;
  if (!Program || !llvm::sys::fs::can_execute(*Program) ||
      llvm::sys::fs::createTemporaryFile("headroom-host-cc", "txt", Output))
    return std::string();
  std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(Output), llvm::StringRef("")};
  int Status = llvm::sys::ExecuteAndWait(*Program,
                                         {*Program, "-print-file-name=include"},
                                         std::nullopt, Redirects);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFile(Output);
  llvm::sys::fs::remove(Output);
  if (Status != 0 || !Text)
    return std::string();
  // Without the directory the compiler answers the bare name.
  std::string Path = (*Text)->getBuffer().trim().str();
  return llvm::sys::path::is_absolute(Path) && llvm::sys::fs::is_directory(Path)
             ? Path
             : std::string();
}

} // namespace

std::string HostParseConfig::askHostCompilerInclude(llvm::StringRef Compiler) {
  static std::mutex Lock;
  static std::map<std::string, std::string, std::less<>> Asked;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Asked.find(Compiler);
  if (It == Asked.end())
    It = Asked.emplace(Compiler.str(), runPrintFileName(Compiler)).first;
  return It->second;
}

namespace {

/// Flags that choose an output or a compilation phase, dropped whole.
bool isDroppedFlag(llvm::StringRef Arg) {
  return llvm::StringSwitch<bool>(Arg)
      .Cases({"-c", "-S", "-E", "-fsyntax-only", "-save-temps"}, true)
      .Cases({"--cuda-device-only", "--cuda-host-only",
              "--cuda-compile-host-device", "--offload-device-only",
              "--offload-host-only"},
             true)
      .Cases({"-M", "-MM", "-MD", "-MMD", "-MG", "-MP", "-MV"}, true)
      .Default(false);
}

/// Flags whose value follows as the next argument, or joined to the flag,
/// and that are dropped together with it: outputs, dependency files and the
/// input language (the parse always says `-x cuda`).
bool isDroppedFlagWithValue(llvm::StringRef Arg, bool &ValueIsNext) {
  for (llvm::StringRef Flag : {"-o", "-MF", "-MT", "-MQ", "-x"}) {
    if (Arg == Flag) {
      ValueIsNext = true;
      return true;
    }
    // Joined forms such as -ofoo.o or -xcuda; "-o" must not swallow longer
    // flags that merely start with it (-objcmt-..., -output-...).
    if (Arg.starts_with(Flag) && Flag != "-o") {
      ValueIsNext = false;
      return true;
    }
  }
  return false;
}

bool namesGpuArch(llvm::StringRef Arg) {
  return Arg.starts_with("--cuda-gpu-arch=") ||
         Arg.starts_with("--offload-arch=");
}

/// Whether \p Arch (`sm_90a`) is an architecture-specific target, whose
/// features (wgmma, setmaxnreg) no other target has.
bool isArchSpecific(llvm::StringRef Arch) {
  return Arch.consume_front("sm_") && Arch.consume_back("a") && !Arch.empty() &&
         llvm::all_of(Arch, llvm::isDigit);
}

/// Leaves one GPU architecture in \p Flags, as a device parse is one
/// compilation: the first architecture-specific one (code that only it
/// compiles is often guarded by an `#error` for the others), else the first.
void keepOneGpuArch(std::vector<std::string> &Flags) {
  auto Arch = [](llvm::StringRef Flag) {
    return Flag.substr(Flag.find('=') + 1);
  };
  auto Named = llvm::find_if(
      Flags, [](const std::string &F) { return namesGpuArch(F); });
  auto Specific = llvm::find_if(Flags, [&](const std::string &F) {
    return namesGpuArch(F) && isArchSpecific(Arch(F));
  });
  if (Named == Flags.end())
    return;
  std::string Chosen = Specific != Flags.end() ? *Specific : *Named;
  size_t At = Named - Flags.begin();
  llvm::erase_if(Flags, [](const std::string &F) { return namesGpuArch(F); });
  Flags.insert(Flags.begin() + At, std::move(Chosen));
}

/// \p Path made absolute against \p Directory (when both allow it), without
/// `.` and `..` components.
std::string normalized(llvm::StringRef Path, llvm::StringRef Directory) {
  llvm::SmallString<256> Result;
  if (llvm::sys::path::is_relative(Path) && !Directory.empty())
    Result = Directory;
  llvm::sys::path::append(Result, Path);
  llvm::sys::path::remove_dots(Result, /*remove_dot_dot=*/true);
  return std::string(Result);
}

bool isNvcc(llvm::StringRef Driver) {
  llvm::StringRef Name = llvm::sys::path::filename(Driver);
  return Name == "nvcc" || Name == "nvcc.exe";
}

/// The header directory of the host compiler of the nvcc arguments
/// \p NvccArgs: that of the compiler they name with `-ccbin`, else
/// \p Config's.
std::string hostCompilerInclude(llvm::ArrayRef<std::string> NvccArgs,
                                llvm::StringRef Directory,
                                const HostParseConfig &Config) {
  std::string Compiler = nvccHostCompiler(NvccArgs, Directory);
  if (Compiler.empty() || !Config.HostCompilerIncludeOf)
    return Config.HostCompilerInclude;
  return Config.HostCompilerIncludeOf(Compiler);
}

} // namespace

llvm::Expected<std::vector<std::string>>
adjustForHostParse(llvm::ArrayRef<std::string> Argv, llvm::StringRef File,
                   const HostParseConfig &Config, llvm::StringRef Directory) {
  if (Argv.empty())
    return llvm::createStringError(llvm::Twine("empty compile command for '") +
                                   File + "'");
  // nvcc's flags are first translated into the clang flags that mean the
  // same for the host side; the steps below then treat them like any other
  // clang command.
  std::vector<std::string> Translated;
  std::string HostInclude = Config.HostCompilerInclude;
  if (isNvcc(Argv.front())) {
    HostInclude = hostCompilerInclude(Argv.drop_front(), Directory, Config);
    llvm::Expected<std::vector<std::string>> Flags =
        translateNvccFlags(Argv.drop_front(), Directory);
    if (!Flags)
      return llvm::createStringError(
          llvm::Twine("the nvcc command for '") + File +
          "' cannot be read: " + llvm::toString(Flags.takeError()));
    Translated.push_back("clang++");
    Translated.insert(Translated.end(), Flags->begin(), Flags->end());
    Argv = Translated;
  }

  std::string NormalizedFile = normalized(File, Directory);
  std::vector<std::string> UserFlags;
  bool HasGpuArch = false;
  for (size_t I = 1; I < Argv.size(); ++I) {
    llvm::StringRef Arg = Argv[I];
    bool ValueIsNext = false;
    if (isDroppedFlag(Arg))
      continue;
    if (isDroppedFlagWithValue(Arg, ValueIsNext)) {
      if (ValueIsNext)
        ++I;
      continue;
    }
    if (Arg == File ||
        (!Arg.starts_with("-") && normalized(Arg, Directory) == NormalizedFile))
      continue;
    HasGpuArch |= namesGpuArch(Arg);
    UserFlags.push_back(Arg.str());
  }
  if (Config.Side == ParseSide::Device)
    keepOneGpuArch(UserFlags);

  std::vector<std::string> Result = {"clang++"};
  Result.push_back("--cuda-path=" + Config.CudaPath);
  if (!HasGpuArch)
    Result.push_back("--cuda-gpu-arch=" + Config.GpuArch);
  llvm::SmallString<256> Cccl(Config.CudaPath);
  llvm::sys::path::append(Cccl, "include", "cccl");
  Result.push_back("-isystem");
  Result.push_back(std::string(Cccl));
  Result.push_back("-Wno-unknown-cuda-version");
  Result.push_back("-resource-dir=" + Config.ResourceDir);
  Result.insert(Result.end(), UserFlags.begin(), UserFlags.end());
  if (!HostInclude.empty()) {
    Result.push_back("-idirafter");
    Result.push_back(HostInclude);
  }
  for (const char *Flag :
       {"-fsyntax-only",
        Config.Side == ParseSide::Device ? "--cuda-device-only"
                                         : "--cuda-host-only",
        "-w", "-x", "cuda"})
    Result.push_back(Flag);
  Result.push_back(File.str());
  return Result;
}

llvm::Expected<HostParseCommand>
commandFromFlags(llvm::StringRef File, llvm::ArrayRef<std::string> Flags,
                 const HostParseConfig &Config) {
  // Flags that start with an nvcc executable are an nvcc command line, and
  // so are flags only nvcc knows (`-- -arch=sm_90`).
  std::vector<std::string> Argv;
  if (Flags.empty() || !isNvcc(Flags.front()))
    Argv.push_back(namesNvccOnlyFlags(Flags) ? "nvcc" : "clang++");
  Argv.insert(Argv.end(), Flags.begin(), Flags.end());
  Argv.push_back(File.str());
  llvm::Expected<std::vector<std::string>> CommandLine =
      adjustForHostParse(Argv, File, Config);
  if (!CommandLine)
    return CommandLine.takeError();
  return HostParseCommand{std::move(*CommandLine), ""};
}

namespace {

/// Why -p \p BuildDir holds no compile database clang can read, in one line,
/// or "" when it holds one: clang's own message tries each kind of database
/// in turn, a line each.
std::string missingDatabase(llvm::StringRef BuildDir) {
  const char *Expected =
      " (expected the build directory that holds compile_commands.json)";
  if (!llvm::sys::fs::exists(BuildDir))
    return ("-p: '" + BuildDir + "' does not exist" + Expected).str();
  if (!llvm::sys::fs::is_directory(BuildDir))
    return ("-p: '" + BuildDir + "' is not a directory" + Expected).str();
  for (const char *Name : {"compile_commands.json", "compile_flags.txt"}) {
    llvm::SmallString<256> Path(BuildDir);
    llvm::sys::path::append(Path, Name);
    if (llvm::sys::fs::exists(Path))
      return "";
  }
  return ("-p: no compile_commands.json in '" + BuildDir + "'").str();
}

} // namespace

llvm::Expected<HostParseCommand>
commandFromDatabase(llvm::StringRef BuildDir, llvm::StringRef File,
                    llvm::ArrayRef<std::string> ExtraFlags,
                    const HostParseConfig &Config) {
  if (std::string Missing = missingDatabase(BuildDir); !Missing.empty())
    return llvm::createStringError(Missing);
  std::string Message;
  std::unique_ptr<clang::tooling::CompilationDatabase> Database =
      clang::tooling::CompilationDatabase::loadFromDirectory(BuildDir, Message);
  if (!Database) {
    // One line: clang's message has one per kind of database it tried.
    llvm::SmallVector<llvm::StringRef> Lines;
    llvm::StringRef(Message).split(Lines, '\n', -1, /*KeepEmpty=*/false);
    return llvm::createStringError(
        llvm::Twine("-p: cannot read the compile database in '") + BuildDir +
        "': " + llvm::join(Lines, "; "));
  }
  llvm::SmallString<256> Absolute(File);
  if (std::error_code EC = llvm::sys::fs::make_absolute(Absolute))
    return llvm::createStringError(EC, llvm::Twine("cannot resolve '") + File +
                                           "': " + EC.message());
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  std::vector<clang::tooling::CompileCommand> Commands =
      Database->getCompileCommands(Absolute);
  // The database infers commands for files it does not list; a guess is not
  // how the file is compiled, so only listed files are accepted.
  if (Commands.empty() || !Commands.front().Heuristic.empty())
    return llvm::createStringError(llvm::Twine("the compile database in '") +
                                   BuildDir + "' has no command for '" +
                                   Absolute + "'");
  // A file that several commands compile (e.g. into two targets) is parsed
  // with the first one; its launches are rewritten once.
  const clang::tooling::CompileCommand &Command = Commands.front();
  std::vector<std::string> Argv = Command.CommandLine;
  HostParseConfig ForCommand = Config;
  // The flags after `--` are clang's: translate an nvcc command before
  // appending them.
  if (!Argv.empty() && isNvcc(Argv.front())) {
    ForCommand.HostCompilerInclude = hostCompilerInclude(
        llvm::ArrayRef(Argv).drop_front(), Command.Directory, Config);
    llvm::Expected<std::vector<std::string>> Flags = translateNvccFlags(
        llvm::ArrayRef(Argv).drop_front(), Command.Directory);
    if (!Flags)
      return llvm::createStringError(
          llvm::Twine("the nvcc command for '") + Absolute +
          "' in the compile database cannot be read: " +
          llvm::toString(Flags.takeError()));
    Argv = {"clang++"};
    Argv.insert(Argv.end(), Flags->begin(), Flags->end());
  }
  Argv.insert(Argv.end(), ExtraFlags.begin(), ExtraFlags.end());
  llvm::Expected<std::vector<std::string>> CommandLine =
      adjustForHostParse(Argv, Command.Filename, ForCommand, Command.Directory);
  if (!CommandLine)
    return CommandLine.takeError();
  return HostParseCommand{std::move(*CommandLine), Command.Directory};
}

} // namespace headroom::ast
