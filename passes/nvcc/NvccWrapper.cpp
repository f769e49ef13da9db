//===- NvccWrapper.cpp - headroom nvcc, the drop-in compiler --------------===//

#include "nvcc/NvccWrapper.h"

#include "nvcc/BuildDiagnostics.h"
#include "nvcc/DependencyFile.h"
#include "nvcc/DiagnosticsStep.h"
#include "nvcc/InstrumentCache.h"
#include "nvcc/LaunchScan.h"
#include "nvcc/ParsesBesideNvcc.h"
#include "nvcc/RuntimeLocation.h"
#include "nvcc/StaticMixNotes.h"
#include "nvcc/WrapperSettings.h"
#include "nvccargs/NvccCommand.h"
#include "sass/SassFacts.h"
#include "support/Paths.h"
#include "support/Process.h"
#include "support/ShellQuote.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

namespace headroom::nvcc {

using nvccargs::CommandInput;
using nvccargs::InputKind;
using nvccargs::NvccCommand;
using nvccargs::OptionId;
using nvccargs::Phase;

namespace {

constexpr const char *Tag = "headroom nvcc: ";

/// The first line of \p Text that reads like an error, else its first line.
std::string firstErrorLine(const std::string &Text) {
  std::string First;
  size_t Start = 0;
  while (Start < Text.size()) {
    size_t End = Text.find('\n', Start);
    std::string Line = Text.substr(Start, End - Start);
    if (First.empty())
      First = Line;
    if (Line.find("error") != std::string::npos)
      return Line;
    if (End == std::string::npos)
      break;
    Start = End + 1;
  }
  return First;
}

/// The object a compile (-c, -dc, -dw) writes for \p In, one of
/// \p CudaInputs sources (nvcc --help, -o and -odir): -o's file for a
/// single source, else the source's name with .o in -odir's directory or
/// the current one.
std::string objectOf(const NvccCommand &Cmd, const CommandInput &In,
                     size_t CudaInputs, const std::string &WorkingDirectory) {
  if (std::optional<std::string> Out = Cmd.lastValue(OptionId::Output);
      Out && CudaInputs == 1)
    return absolutePath(*Out, WorkingDirectory);
  std::string Dir = absolutePath(
      Cmd.lastValue(OptionId::OutputDirectory).value_or("."), WorkingDirectory);
  std::string Name = fileName(In.Path);
  return absolutePath(Name.substr(0, Name.rfind('.')) + ".o", Dir);
}

/// \p Seconds as a note says it: "1.23 s".
std::string seconds(double Seconds) {
  char Text[32];
  std::snprintf(Text, sizeof(Text), "%.2f s", Seconds);
  return Text;
}

/// What stands for the version of the headroom in \p ExecutableDirectory
/// in the caches' keys: its path, size and time (a rebuilt headroom may
/// rewrite or parse differently).
std::string executableIdentity(const std::string &ExecutableDirectory) {
  std::string Self = ExecutableDirectory + "/headroom";
  std::error_code EC;
  return Self + ":" + std::to_string(std::filesystem::file_size(Self, EC)) +
         ":" +
         std::to_string(std::filesystem::last_write_time(Self, EC)
                            .time_since_epoch()
                            .count());
}

/// Seconds since \p Begin.
double since(std::chrono::steady_clock::time_point Begin) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Begin)
      .count();
}

/// One run of the wrapper: its settings, the command and what it did.
class WrapperRun {
public:
  WrapperRun(const WrapperContext &Ctx, WrapperSettings Settings,
             std::vector<std::string> Compiler, std::vector<std::string> Args)
      : Ctx(Ctx), Err(*Ctx.Err), Settings(std::move(Settings)),
        Compiler(std::move(Compiler)), Args(std::move(Args)),
        Cache(InstrumentCache::fromEnvironment(Ctx.Getenv)) {}
  ~WrapperRun() {
    // A parse beside nvcc may still write header copies there.
    Beside.finish();
    if (!TempDir.empty())
      removeTree(TempDir);
  }

  int run();

private:
  /// Runs Compiler + \p Arguments; 127 when it cannot be started.
  int runCompiler(const std::vector<std::string> &Arguments,
                  const std::string &StderrFile = "");
  /// Notes and warnings about instrumenting are held back until the
  /// compile succeeds: next to a genuine compile error they are noise.
  void note(const std::string &Message) {
    Held.push_back(Tag + std::string("note: ") + Message);
  }
  void flushHeld() {
    for (const std::string &Line : Held)
      Err << Line << "\n";
    Held.clear();
  }
  void notInstrumented(const std::string &Source, const std::string &Why) {
    note("'" + Source + "' is not instrumented: " + Why +
         "; it is compiled unchanged");
  }
  /// The private temporary directory, created on first use.
  std::optional<std::string> tempDir();
  /// Instruments the CUDA inputs into the temporary directory; fills
  /// Substituted and DependencySubs. A source that launches no kernel
  /// (LaunchScan.h) is not parsed here: its parse, when anything needs
  /// it, joins Beside.
  void instrumentInputs(const NvccCommand &Cmd,
                        const std::string &RuntimeProblem);
  /// Whether a source's parse is wanted only for its source checks and
  /// kernels, and is.
  bool wantsAnalysis(const NvccCommand &Cmd) const;
  /// Whether \p In may launch a kernel (LaunchScan.h).
  bool mayLaunch(const NvccCommand &Cmd, const CommandInput &In);
  /// Takes in what the instrumenting \p Outcome of \p In says, as a parse
  /// before the compile does: the copy written, cached under \p Key (when
  /// not empty), substituted; false when the copy could not be written.
  bool takeOutcome(const CommandInput &In, const InstrumentOutcome &Outcome,
                   const std::string &Slot, const std::string &Key);
  /// Compiles with the substituted sources, falling back to the originals
  /// when they do not compile; returns nvcc's exit status.
  int compile(const NvccCommand &Cmd, const std::vector<std::string> &Plain,
              const std::vector<std::string> &LinkAdditions);
  /// Waits for the parses beside nvcc and takes in what they found;
  /// returns whether one found a launch to instrument (and substituted
  /// it).
  bool finishParsesBeside(const NvccCommand &Cmd);
  /// The request to instrument or analyze \p In of \p NvccCommandLine.
  InstrumentRequest request(const CommandInput &In,
                            const std::vector<std::string> &NvccCommandLine,
                            const std::string &Slot) const;
  /// Queues the parses of the CUDA inputs that instrumentInputs did not
  /// parse or queue, for their source checks and kernels (when anything
  /// will use them).
  void analyzeInputs(const NvccCommand &Cmd);
  /// After a successful compile: the source checks' findings, the static
  /// mix of the objects, then the kernel diagnostics of the command's CUDA
  /// sources; returns the exit status (1 above the threshold).
  int afterCompile(const NvccCommand &Cmd);
  /// Prints the source checks' findings (and, verbose, why they did not
  /// run) of the command's CUDA sources.
  void printFindings(const NvccCommand &Cmd);
  /// Prints the static mix notes of the objects a compile made.
  void printStaticMixes(const NvccCommand &Cmd);
  /// What reads the SASS of what \p Cmd built from \p In (one of \p Cuda
  /// CUDA inputs), for the stall samples' hot lines: the object of a
  /// compile, the program of a build that links; none for other phases.
  nvcc::KernelCodeReader codeReader(const NvccCommand &Cmd,
                                    const CommandInput &In, size_t Cuda);
  /// Prints the kernel diagnostics of the command's CUDA sources after a
  /// successful compile; returns the exit status (1 above the threshold).
  int reportDiagnostics(const NvccCommand &Cmd);
  /// Rewrites the dependency files the compile may have written.
  void fixDependencyFiles(const NvccCommand &Cmd);
  /// The instrumentation cache's key for \p Source under \p Command;
  /// empty without a cache or when the source cannot be read.
  std::string cacheKey(const std::string &Source,
                       const std::vector<std::string> &Command);
  /// Compiles \p Copy, instrumented as \p Outcome says, in place of \p In
  /// (nothing when it has no launch).
  void substitute(const nvccargs::CommandInput &In,
                  const InstrumentOutcome &Outcome, const std::string &Copy);

  const WrapperContext &Ctx;
  std::ostream &Err;
  WrapperSettings Settings;
  std::vector<std::string> Compiler;
  std::vector<std::string> Args;
  std::string TempDir;
  /// Argument index -> the instrumented copy that replaces it.
  std::map<size_t, std::string> Substituted;
  /// The directories of the substituted sources, for -iquote.
  std::vector<std::string> SourceDirs;
  std::vector<PathSubstitution> DependencySubs;
  std::vector<std::string> Held;
  /// Argument index -> what the parse of that CUDA source said.
  std::map<size_t, SourceAnalysis> Analyses;
  /// Launch sites instrumented in all of Substituted.
  unsigned InstrumentedSites = 0;
  unsigned InstrumentedCalls = 0;
  /// Where instrumented copies are kept between builds, if anywhere.
  std::optional<InstrumentCache> Cache;
  std::optional<RuntimeLocation> Runtime;
  /// The toolkit directories the launch scan skips, found on first use.
  std::optional<std::vector<std::string>> Toolkit;
  /// The parses to run beside nvcc, and their cache keys and slots by
  /// argument index.
  std::vector<ParseJob> Jobs;
  std::map<size_t, std::pair<std::string, std::string>> JobSlots;
  /// Declared last: waits for its parses before the rest is destroyed.
  ParsesBesideNvcc Beside;
};

int WrapperRun::runCompiler(const std::vector<std::string> &Arguments,
                            const std::string &StderrFile) {
  std::vector<std::string> Argv = Compiler;
  Argv.insert(Argv.end(), Arguments.begin(), Arguments.end());
  if (Settings.Verbose) {
    Err << Tag << "running:";
    for (const std::string &A : Argv)
      Err << " " << shellQuote(A);
    Err << "\n";
  }
  Err.flush();
  Expected<ProcessExit> Exit = runProcess(Argv, StderrFile);
  if (!Exit) {
    flushHeld();
    Err << Tag << "error: " << Exit.error().message()
        << " (set HEADROOM_NVCC or name nvcc after 'headroom nvcc')\n";
    return 127;
  }
  return Exit->Code;
}

std::optional<std::string> WrapperRun::tempDir() {
  if (!TempDir.empty())
    return TempDir;
  Expected<std::string> Dir = makeTemporaryDirectory("headroom-nvcc-");
  if (!Dir) {
    note(Dir.error().message());
    return std::nullopt;
  }
  TempDir = *Dir;
  return TempDir;
}

void WrapperRun::instrumentInputs(const NvccCommand &Cmd,
                                  const std::string &RuntimeProblem) {
  // The arguments are nvcc's whatever the compiler is called (HEADROOM_NVCC
  // may name a script around it): the host parse translates them as such.
  std::vector<std::string> NvccCommandLine = {"nvcc"};
  NvccCommandLine.insert(NvccCommandLine.end(), Args.begin(), Args.end());
  unsigned Count = 0;
  for (const CommandInput &In : Cmd.inputs()) {
    if (In.Kind != InputKind::Cuda)
      continue;
    if (In.FromOptionsFile) {
      notInstrumented(In.Path, "it is named only inside an --options-file");
      continue;
    }
    if (!Ctx.Instrumenter) {
      notInstrumented(In.Path, "this headroom was built without Clang");
      continue;
    }
    if (!Runtime) {
      notInstrumented(In.Path, RuntimeProblem);
      continue;
    }
    // nvcc splits -Xcompiler values at commas, so -iquote could not name
    // the source's directory.
    if (parentPath(In.Path).find(',') != std::string::npos) {
      notInstrumented(In.Path, "its directory's name contains a comma, which "
                               "nvcc cannot pass to the host compiler");
      continue;
    }
    std::optional<std::string> Dir = tempDir();
    if (!Dir) {
      notInstrumented(In.Path, "no temporary directory");
      continue;
    }
    std::string Slot = *Dir + "/" + std::to_string(Count++);
    std::string Key = cacheKey(In.Path, NvccCommandLine);
    if (!Key.empty()) {
      Slot = Cache->entryDirectory(Key);
      if (std::optional<CachedInstrumentation> Hit = Cache->lookup(Key)) {
        if (Settings.Verbose)
          note("'" + In.Path +
               "' is not parsed again: its instrumented "
               "copy in " +
               Slot + " is up to date");
        substitute(In, Hit->Outcome, Hit->Copy);
        continue;
      }
    }
    InstrumentRequest Request = request(In, NvccCommandLine, Slot);
    if (!mayLaunch(Cmd, In)) {
      // Compiled as it is; parsed beside nvcc when anything needs the
      // parse, instrumenting all the same, so that the outcome is cached
      // and a launch the scan missed would still be found.
      if (wantsAnalysis(Cmd)) {
        Jobs.push_back({In.Index, std::move(Request), /*Instrument=*/true});
        JobSlots[In.Index] = {Slot, Key};
      } else {
        Analyses[In.Index].Skipped = "nothing asked for its parse";
      }
      continue;
    }
    auto Begin = std::chrono::steady_clock::now();
    Expected<InstrumentOutcome> Outcome = Ctx.Instrumenter->instrument(Request);
    // With what became of the precompiled header of its headers, on the
    // same line.
    if (Settings.Verbose)
      note("'" + In.Path + "' parsed in " + seconds(since(Begin)) +
           (Outcome && !Outcome->PchNote.empty() ? "; " + Outcome->PchNote
                                                 : ""));
    if (!Outcome) {
      notInstrumented(In.Path, Outcome.error().message());
      // The same parse would fail again.
      Analyses[In.Index].Skipped = Outcome.error().message();
      continue;
    }
    takeOutcome(In, *Outcome, Slot, Key);
  }
}

bool WrapperRun::mayLaunch(const NvccCommand &Cmd, const CommandInput &In) {
  if (!Toolkit)
    Toolkit = toolkitDirectories(Compiler.back(), Ctx.Getenv);
  auto Begin = std::chrono::steady_clock::now();
  LaunchScanResult Scan = scanForLaunches(scanInputsFor(
      Cmd, In.Path, Ctx.WorkingDirectory, *Toolkit, Settings.LibraryHeaders));
  if (Settings.Verbose)
    note("'" + In.Path + "' " +
         (Scan.MayLaunch ? "may launch kernels (" + Scan.Evidence + ")"
                         : "launches no kernel") +
         ": " + std::to_string(Scan.FilesRead) + " file" +
         (Scan.FilesRead == 1 ? "" : "s") + " scanned in " +
         seconds(since(Begin)) +
         (Scan.MayLaunch ? "" : "; nvcc compiles it unchanged"));
  return Scan.MayLaunch;
}

bool WrapperRun::wantsAnalysis(const NvccCommand &Cmd) const {
  return Settings.Checks ||
         (Settings.StaticMix && Cmd.phase() == Phase::Compile &&
          !cuobjdumpBeside(Compiler).empty());
}

bool WrapperRun::takeOutcome(const CommandInput &In,
                             const InstrumentOutcome &Outcome,
                             const std::string &Slot, const std::string &Key) {
  std::string Copy;
  if (Outcome.rewritten()) {
    Copy = Slot + "/" + fileName(In.Path);
    if (Status S = writeFile(Copy, Outcome.Text); !S) {
      notInstrumented(In.Path, S.error().message());
      return false;
    }
  }
  if (!Key.empty())
    if (Status S = Cache->store(Key, Outcome, Copy); !S && Settings.Verbose)
      note("the instrumentation of '" + In.Path +
           "' is not cached: " + S.error().message());
  substitute(In, Outcome, Copy);
  return true;
}

InstrumentRequest
WrapperRun::request(const CommandInput &In,
                    const std::vector<std::string> &NvccCommandLine,
                    const std::string &Slot) const {
  InstrumentRequest Request;
  Request.Source = In.Path;
  Request.WorkingDirectory = Ctx.WorkingDirectory;
  Request.NvccCommand = NvccCommandLine;
  Request.HeaderFilter = Settings.HeaderFilter;
  Request.LibraryHeaders = Settings.LibraryHeaders;
  Request.HeaderDirectory = Slot + "/headers";
  if (Settings.Pch)
    if (std::string Root =
            InstrumentCache::directoryFromEnvironment(Ctx.Getenv);
        !Root.empty()) {
      Request.PchDirectory = Root + "/pch";
      Request.Identity = executableIdentity(Ctx.ExecutableDirectory);
    }
  Request.Verbose = Settings.Verbose;
  Request.Checks = Settings.Checks;
  Request.CheckSelection = Settings.CheckSelection;
  Request.Color = Ctx.Color;
  return Request;
}

void WrapperRun::analyzeInputs(const NvccCommand &Cmd) {
  if (!wantsAnalysis(Cmd))
    return;
  std::vector<std::string> NvccCommandLine = {"nvcc"};
  NvccCommandLine.insert(NvccCommandLine.end(), Args.begin(), Args.end());
  for (const CommandInput &In : Cmd.inputs()) {
    if (In.Kind != InputKind::Cuda || In.FromOptionsFile ||
        Analyses.count(In.Index) || JobSlots.count(In.Index))
      continue;
    if (!Ctx.Instrumenter) {
      Analyses[In.Index].Skipped = "this headroom was built without Clang";
      continue;
    }
    Jobs.push_back({In.Index, request(In, NvccCommandLine, ""),
                    /*Instrument=*/false});
    JobSlots[In.Index] = {"", ""};
  }
}

bool WrapperRun::finishParsesBeside(const NvccCommand &Cmd) {
  bool Found = false;
  std::map<size_t, const CommandInput *> ByIndex;
  std::vector<CommandInput> Inputs = Cmd.inputs();
  for (const CommandInput &In : Inputs)
    ByIndex[In.Index] = &In;
  for (ParseResult &R : Beside.finish()) {
    const CommandInput &In = *ByIndex.at(R.Input);
    if (Settings.Verbose)
      note("'" + In.Path + "' parsed beside nvcc in " + seconds(R.Seconds));
    if (!R.Instrumented) {
      Analyses[R.Input] = std::move(R.Analysis);
      continue;
    }
    Expected<InstrumentOutcome> &Outcome = *R.Instrumented;
    if (!Outcome) {
      notInstrumented(In.Path, Outcome.error().message());
      Analyses[R.Input].Skipped = Outcome.error().message();
      continue;
    }
    const auto &[Slot, Key] = JobSlots.at(R.Input);
    if (!takeOutcome(In, *Outcome, Slot, Key))
      continue;
    if (Outcome->rewritten()) {
      // The scan errs towards "may launch": this is a bug in it.
      note("'" + In.Path +
           "' was compiled again, instrumented: the launch scan missed its "
           "launches. Please report this with the source to Headroom");
      Found = true;
    }
  }
  Jobs.clear();
  return Found;
}

std::string WrapperRun::cacheKey(const std::string &Source,
                                 const std::vector<std::string> &Command) {
  if (!Cache)
    return "";
  std::string Absolute = absolutePath(Source, Ctx.WorkingDirectory);
  Expected<std::string> Text = readFile(Absolute);
  if (!Text)
    return "";
  std::string Identity = executableIdentity(Ctx.ExecutableDirectory);
  // The findings kept with the copy depend on the checks asked for.
  std::string Checks =
      Settings.Checks ? "checks:" + Settings.CheckSelection : "no checks";
  std::vector<std::string> Parts = {Identity, Ctx.WorkingDirectory,
                                    Absolute, Settings.HeaderFilter,
                                    Checks,   Ctx.Color ? "color" : "plain"};
  // The library directories change what is bracketed.
  for (const std::string &Dir : Settings.LibraryHeaders)
    Parts.push_back("library-header:" + Dir);
  Parts.insert(Parts.end(), Command.begin(), Command.end());
  return InstrumentCache::key(Parts, *Text);
}

void WrapperRun::substitute(const CommandInput &In,
                            const InstrumentOutcome &Outcome,
                            const std::string &Copy) {
  Held.insert(Held.end(), Outcome.Messages.begin(), Outcome.Messages.end());
  Analyses[In.Index] = Outcome.Analysis;
  if (!Outcome.rewritten() || Copy.empty())
    return;
  InstrumentedSites += Outcome.InstrumentedLaunches;
  InstrumentedCalls += Outcome.InstrumentedCalls;
  Substituted[In.Index] = Copy;
  // As spelled, so that dependency files name the includes as nvcc would
  // have for the original (../src/config.h, not an absolute path).
  std::string SourceDir = parentPath(In.Path);
  if (SourceDir.empty())
    SourceDir = ".";
  if (std::find(SourceDirs.begin(), SourceDirs.end(), SourceDir) ==
      SourceDirs.end())
    SourceDirs.push_back(SourceDir);
  DependencySubs.push_back({Copy, In.Path});
  for (const PathSubstitution &Header : Outcome.Headers)
    DependencySubs.push_back(Header);
}

void WrapperRun::fixDependencyFiles(const NvccCommand &Cmd) {
  if (!Cmd.writesDependenciesWithCompile() || Substituted.empty())
    return;
  // nvcc's rule for the file name (nvcc --help, -MD): -MF, else the output
  // with its suffix replaced by .d, else each input's name with .d (in the
  // -odir directory when there is one).
  std::set<std::string> Candidates;
  if (std::optional<std::string> MF = Cmd.lastValue(OptionId::DepOutput)) {
    Candidates.insert(absolutePath(*MF, Ctx.WorkingDirectory));
  } else if (std::optional<std::string> Out = Cmd.lastValue(OptionId::Output)) {
    std::string Abs = absolutePath(*Out, Ctx.WorkingDirectory);
    std::string Ext = extension(Abs);
    Candidates.insert(
        (Ext.empty() ? Abs : Abs.substr(0, Abs.size() - Ext.size() - 1)) +
        ".d");
  } else {
    // In the current directory, or in -odir's.
    std::string Dir =
        absolutePath(Cmd.lastValue(OptionId::OutputDirectory).value_or("."),
                     Ctx.WorkingDirectory);
    for (const CommandInput &In : Cmd.inputs()) {
      std::string Name = fileName(In.Path);
      size_t Dot = Name.rfind('.');
      Candidates.insert(absolutePath(Name.substr(0, Dot) + ".d", Dir));
    }
  }
  for (const std::string &File : Candidates) {
    if (!isRegularFile(File))
      continue;
    Expected<bool> Changed =
        rewriteDependencyFile(File, DependencySubs, TempDir);
    if (!Changed)
      note("cannot rewrite the dependency file: " + Changed.error().message());
  }
}

int WrapperRun::run() {
  if (Cache && !Cache->problem().empty())
    Err << Tag << "warning: " << Cache->problem() << "\n";
  std::vector<std::string> Plain = Args;
  Expected<NvccCommand> Cmd = NvccCommand::parse(Args, Ctx.WorkingDirectory);
  if (!Cmd) {
    // nvcc will say what is wrong with the command.
    if (Settings.Verbose)
      Err << Tag << "note: " << Cmd.error().message()
          << "; running nvcc unchanged\n";
    return runCompiler(Plain);
  }
  Phase P = Cmd->phase();
  if (P != Phase::Compile && P != Phase::Link && P != Phase::Library)
    return runCompiler(Plain);
  if (!Settings.Instrument) {
    analyzeInputs(*Cmd);
    if (Ctx.Instrumenter)
      Beside.start(*Ctx.Instrumenter, std::move(Jobs));
    int Status = runCompiler(Plain);
    if (Status != 0)
      return Status;
    finishParsesBeside(*Cmd);
    return afterCompile(*Cmd);
  }

  std::string RuntimeProblem;
  if (Expected<RuntimeLocation> Found =
          findRuntime(Ctx.ExecutableDirectory, Ctx.SourceRuntimeInclude))
    Runtime = *Found;
  else
    RuntimeProblem = Found.error().message();

  instrumentInputs(*Cmd, RuntimeProblem);
  analyzeInputs(*Cmd);
  if (Settings.Verbose)
    note("instrumented " + std::to_string(InstrumentedSites) + " launch site" +
         (InstrumentedSites == 1 ? "" : "s") +
         (InstrumentedCalls == 0
              ? std::string()
              : " and " + std::to_string(InstrumentedCalls) + " library call" +
                    (InstrumentedCalls == 1 ? "" : "s")) +
         " in " + std::to_string(Substituted.size()) + " file" +
         (Substituted.size() == 1 ? "" : "s"));
  if (Ctx.Instrumenter)
    Beside.start(*Ctx.Instrumenter, std::move(Jobs));

  std::vector<std::string> LinkAdditions;
  if (Runtime && Cmd->linksHostBinary())
    LinkAdditions = {"-L" + Runtime->LibraryDirectory, "-lheadroom_rt",
                     "-Xlinker=-rpath," + Runtime->LibraryDirectory};
  Plain.insert(Plain.end(), LinkAdditions.begin(), LinkAdditions.end());

  if (int Status = compile(*Cmd, Plain, LinkAdditions); Status != 0)
    return Status;
  if (finishParsesBeside(*Cmd))
    if (int Status = compile(*Cmd, Plain, LinkAdditions); Status != 0)
      return Status;

  flushHeld();
  return afterCompile(*Cmd);
}

int WrapperRun::compile(const NvccCommand &Cmd,
                        const std::vector<std::string> &Plain,
                        const std::vector<std::string> &LinkAdditions) {
  if (Substituted.empty())
    return runCompiler(Plain);
  std::vector<std::string> Instrumented = {"-I" + Runtime->IncludeDirectory};
  for (const std::string &Dir : SourceDirs)
    Instrumented.push_back("-Xcompiler=-iquote," + Dir);
  for (size_t I = 0; I < Args.size(); ++I) {
    auto It = Substituted.find(I);
    Instrumented.push_back(It == Substituted.end() ? Args[I] : It->second);
  }
  Instrumented.insert(Instrumented.end(), LinkAdditions.begin(),
                      LinkAdditions.end());
  std::string Captured = TempDir + "/nvcc.stderr";
  int Status = runCompiler(Instrumented, Captured);
  Expected<std::string> Output = readFile(Captured);
  std::string Text = Output ? *Output : std::string();
  if (Status == 0) {
    Err << Text;
    fixDependencyFiles(Cmd);
    return 0;
  }
  if (Status >= 128) {
    // Killed by a signal (an interrupted build): nothing to fall back to.
    Err << Text;
    return Status;
  }
  // The originals decide: if they fail too, the user sees nvcc's own
  // errors for them, once.
  Status = runCompiler(Plain);
  if (Status != 0)
    return Status;
  note("the instrumented source did not compile (" + firstErrorLine(Text) +
       "); the original was compiled unchanged. Please report this "
       "with the source to Headroom");
  if (Settings.Verbose)
    Err << Text;
  return 0;
}

int WrapperRun::afterCompile(const NvccCommand &Cmd) {
  printFindings(Cmd);
  printStaticMixes(Cmd);
  return reportDiagnostics(Cmd);
}

void WrapperRun::printFindings(const NvccCommand &Cmd) {
  std::set<std::string> Problems;
  for (const CommandInput &In : Cmd.inputs()) {
    auto It = Analyses.find(In.Index);
    if (It == Analyses.end())
      continue;
    const SourceAnalysis &A = It->second;
    if (!A.Problem.empty() && Problems.insert(A.Problem).second)
      Err << Tag << "warning: " << A.Problem << "\n";
    Err << A.Findings;
    if (Settings.Checks && !A.Checked && A.Problem.empty() && Settings.Verbose)
      Err << Tag << "note: the source checks did not run on '" << In.Path
          << "': " << A.Skipped << "\n";
  }
}

void WrapperRun::printStaticMixes(const NvccCommand &Cmd) {
  if (!Settings.StaticMix || Cmd.phase() != Phase::Compile)
    return;
  std::string Cuobjdump = cuobjdumpBeside(Compiler);
  if (Cuobjdump.empty()) {
    if (Settings.Verbose)
      Err << Tag << "note: no cuobjdump beside " << Compiler.back()
          << ": no static mix of the objects compiled\n";
    return;
  }
  std::vector<CommandInput> Cuda;
  for (const CommandInput &In : Cmd.inputs())
    if (In.Kind == InputKind::Cuda && !In.FromOptionsFile)
      Cuda.push_back(In);
  for (const CommandInput &In : Cuda) {
    CompiledSource Compiled;
    Compiled.Source = In.Path;
    Compiled.Object = objectOf(Cmd, In, Cuda.size(), Ctx.WorkingDirectory);
    if (auto It = Analyses.find(In.Index); It != Analyses.end())
      Compiled.Kernels = It->second.Kernels;
    printStaticMix(Compiled, Cuobjdump, Ctx.WorkingDirectory, Settings, Err,
                   Ctx.Color);
  }
}

nvcc::KernelCodeReader WrapperRun::codeReader(const NvccCommand &Cmd,
                                              const CommandInput &In,
                                              size_t Cuda) {
  if (Cmd.phase() != Phase::Compile && Cmd.phase() != Phase::Link)
    return {};
  std::string Object = objectOf(Cmd, In, Cuda, Ctx.WorkingDirectory);
  return [this, Object]() -> std::shared_ptr<const KernelCodeIndex> {
    std::string Tool = cuobjdumpBeside(Compiler);
    if (Tool.empty())
      return nullptr;
    auto Frames = sass::readInlinedLines(Tool, Object);
    if (!Frames && Settings.Verbose)
      Err << Tag << "note: no inlined lines for the stall samples' lines: "
          << Frames.error().message() << "\n";
    auto Code = sass::readKernelCode(
        Tool, Object, Frames ? *Frames : std::vector<sass::FunctionFrames>());
    if (Code)
      return *Code;
    if (Settings.Verbose)
      Err << Tag << "note: no SASS for the stall samples' lines: "
          << Code.error().message() << "\n";
    return nullptr;
  };
}

int WrapperRun::reportDiagnostics(const NvccCommand &Cmd) {
  if (!Settings.Diagnostics)
    return 0;
  unsigned Violations = 0;
  std::size_t Cuda = 0;
  for (const CommandInput &In : Cmd.inputs())
    Cuda += In.Kind == InputKind::Cuda && !In.FromOptionsFile;
  for (const CommandInput &In : Cmd.inputs())
    if (In.Kind == InputKind::Cuda && !In.FromOptionsFile)
      Violations += printBuildDiagnostics(
          In.Path, Ctx.WorkingDirectory, Settings, Err, Ctx.Color,
          Substituted.count(In.Index) != 0,
          Cache ? Cache->root() + "/said" : "", codeReader(Cmd, In, Cuda));
  if (Violations) {
    Err << Tag << "error: " << Violations
        << (Violations == 1 ? " kernel exceeds" : " kernels exceed")
        << " the headroom threshold of " << *Settings.MaxHeadroom << "x\n";
    return 1;
  }
  return 0;
}

} // namespace

int runNvccWrapper(std::vector<std::string> Args, const WrapperContext &Ctx) {
  WrapperSettings Settings = readSettings(Args, Ctx.Getenv);
  for (const std::string &Problem : Settings.Problems)
    *Ctx.Err << Tag << "warning: " << Problem << "\n";
  if (Settings.Help) {
    *Ctx.Out << wrapperHelp();
    return 0;
  }
  if (!Settings.DiagnosticsStep.empty())
    return runDiagnosticsStep(Settings, Ctx);
  std::vector<std::string> Compiler =
      takeCompilerCommand(Args, Settings, Ctx.Getenv);
  if (Args.empty()) {
    *Ctx.Err << wrapperHelp();
    return 2;
  }
  WrapperRun Run(Ctx, std::move(Settings), std::move(Compiler),
                 std::move(Args));
  return Run.run();
}

} // namespace headroom::nvcc
