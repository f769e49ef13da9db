//===- NvccWrapperTest.cpp - Tests for headroom nvcc's policies -----------===//
//
// The wrapper with a fake instrumenter and a fake nvcc (a shell script that
// fails on sources containing "BROKEN"), for the policies that keep a build
// alive: a source that cannot be instrumented, or whose instrumented copy
// does not compile, is compiled unchanged with one note.
//
//===----------------------------------------------------------------------===//

#include "nvcc/NvccWrapper.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <thread>

using namespace headroom::nvcc;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
namespace fs = std::filesystem;

namespace {

/// The source the tests compile: it launches a kernel (LaunchScan.h), so
/// the wrapper parses it before nvcc compiles it.
const std::string Original = "original k<<<1, 1>>>();\n";

/// Returns what it was told to, and remembers the requests.
class FakeInstrumenter : public SourceInstrumenter {
public:
  headroom::Expected<InstrumentOutcome>
  instrument(const InstrumentRequest &Request) override {
    if (BeforeInstrument)
      BeforeInstrument();
    Requests.push_back(Request);
    if (!Failure.empty())
      return headroom::Error(Failure);
    return Outcome;
  }
  SourceAnalysis analyze(const InstrumentRequest &Request) override {
    Analyzed.push_back(Request);
    return Analysis;
  }
  InstrumentOutcome Outcome;
  std::string Failure;
  /// Runs before each instrument().
  std::function<void()> BeforeInstrument;
  std::vector<InstrumentRequest> Requests;
  /// What analyze() returns, and the requests it got.
  SourceAnalysis Analysis;
  std::vector<InstrumentRequest> Analyzed;
};

std::string read(const fs::path &P) {
  std::stringstream S;
  S << std::ifstream(P).rdbuf();
  return S.str();
}

class NvccWrapperTest : public ::testing::Test {
protected:
  void SetUp() override {
    Root =
        fs::temp_directory_path() /
        ("headroom-nvcc-wrapper-" +
         std::string(
             ::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(Root);
    // An installed layout with a runtime, and a work directory.
    fs::create_directories(Root / "prefix" / "bin");
    fs::create_directories(Root / "prefix" / "lib");
    fs::create_directories(Root / "prefix" / "include" / "headroom");
    std::ofstream(Root / "prefix" / "lib" / "libheadroom_rt.so") << "";
    std::ofstream(Root / "prefix" / "include" / "headroom" / "runtime.h") << "";
    fs::create_directories(Root / "work" / "src");
    std::ofstream(Root / "work" / "src" / "app.cu") << Original;
    // The fake nvcc: logs its arguments and the sources it was given.
    Nvcc = (Root / "nvcc").string();
    std::ofstream(Nvcc)
        << "#!/bin/sh\n"
           "log="
        << (Root / "log").string()
        << "\n"
           "for a in \"$@\"; do\n"
           "  echo \"$a\" >> $log\n"
           "  case $a in *.cu) cat \"$a\" >> $log\n"
           "    if grep -q SIGNAL \"$a\"; then kill -TERM $$; fi\n"
           "    if grep -q BROKEN \"$a\"; then\n"
           "      echo \"$a(1): error: broken\" >&2; exit 2; fi;;\n"
           "  esac\n"
           "done\n"
           "echo '== end' >> $log\n";
    fs::permissions(Nvcc, fs::perms::owner_all);
    Env["HEADROOM_NVCC"] = Nvcc;
    Env["HEADROOM_DIAGNOSTICS"] = "0";
    Ctx.WorkingDirectory = (Root / "work").string();
    Ctx.ExecutableDirectory = (Root / "prefix" / "bin").string();
    Ctx.Instrumenter = &Instrumenter;
    Ctx.Getenv = [this](const char *Name) -> const char * {
      auto It = Env.find(Name);
      return It == Env.end() ? nullptr : It->second.c_str();
    };
    Ctx.Out = &Out;
    Ctx.Err = &Err;
    Instrumenter.Outcome.Text = "instrumented\n";
    Instrumenter.Outcome.InstrumentedLaunches = 1;
    Instrumenter.Outcome.Messages = {"src/app.cu:3:1: warning: left alone"};
    fs::current_path(Root / "work");
  }
  void TearDown() override {
    fs::current_path(fs::temp_directory_path());
    fs::remove_all(Root);
  }
  int run(std::vector<std::string> Args) {
    return runNvccWrapper(std::move(Args), Ctx);
  }
  std::string log() { return read(Root / "log"); }

  fs::path Root;
  std::string Nvcc;
  std::map<std::string, std::string> Env;
  FakeInstrumenter Instrumenter;
  std::ostringstream Out, Err;
  WrapperContext Ctx;
};

TEST_F(NvccWrapperTest, CompilesTheInstrumentedCopy) {
  EXPECT_EQ(run({"-c", "src/app.cu", "-o", "app.o"}), 0);
  ASSERT_EQ(Instrumenter.Requests.size(), 1u);
  const InstrumentRequest &R = Instrumenter.Requests[0];
  EXPECT_EQ(R.Source, "src/app.cu");
  EXPECT_EQ(R.WorkingDirectory, (Root / "work").string());
  // Parsed as an nvcc command whatever the compiler is called (here a
  // script), so that nvcc's flags are translated for clang.
  EXPECT_EQ(R.NvccCommand, (std::vector<std::string>{"nvcc", "-c", "src/app.cu",
                                                     "-o", "app.o"}));
  std::string Log = log();
  EXPECT_THAT(Log, HasSubstr("-I" + (Root / "prefix" / "include").string() +
                             "\n-Xcompiler=-iquote,src\n-c\n"));
  EXPECT_THAT(Log, HasSubstr("/0/app.cu\ninstrumented\n-o\napp.o\n== end"));
  EXPECT_THAT(Log, Not(HasSubstr("original")));
  EXPECT_EQ(Err.str(), "src/app.cu:3:1: warning: left alone\n");
}

TEST_F(NvccWrapperTest, AnUninstrumentableSourceIsCompiledUnchanged) {
  Instrumenter.Failure = "clang cannot parse it";
  EXPECT_EQ(run({"-c", "src/app.cu"}), 0);
  EXPECT_THAT(log(), HasSubstr("src/app.cu\n" + Original));
  EXPECT_EQ(Err.str(), "headroom nvcc: note: 'src/app.cu' is not "
                       "instrumented: clang cannot parse it; it is compiled "
                       "unchanged\n");
}

TEST_F(NvccWrapperTest, ACopyThatDoesNotCompileFallsBackToTheOriginal) {
  Instrumenter.Outcome.Text = "BROKEN\n";
  EXPECT_EQ(run({"-c", "src/app.cu", "-o", "app.o"}), 0);
  std::string Log = log();
  // Two runs: the copy, then the original.
  EXPECT_THAT(Log, HasSubstr("BROKEN\n"));
  EXPECT_THAT(Log, HasSubstr("src/app.cu\n" + Original + "-o\napp.o\n== end"));
  EXPECT_THAT(Err.str(), HasSubstr("headroom nvcc: note: the instrumented "
                                   "source did not compile ("));
  EXPECT_THAT(Err.str(), HasSubstr("app.cu(1): error: broken); the original "
                                   "was compiled unchanged"));
  // The copy's errors are not shown (unless verbose).
  EXPECT_THAT(Err.str(), Not(HasSubstr("\n/")));
}

TEST_F(NvccWrapperTest, AnInterruptedCompileIsNotRetried) {
  Instrumenter.Outcome.Text = "SIGNAL\n";
  EXPECT_EQ(run({"-c", "src/app.cu"}), 128 + 15);
  EXPECT_THAT(log(), Not(HasSubstr("original")));
}

TEST_F(NvccWrapperTest, AGenuineErrorIsReportedOnceWithoutNotes) {
  std::ofstream(Root / "work" / "src" / "app.cu") << "BROKEN " << Original;
  Instrumenter.Outcome.Text = "BROKEN copy\n";
  // nvcc's own stderr (inherited) has the error, from the original's run;
  // the wrapper adds nothing.
  EXPECT_EQ(run({"-c", "src/app.cu"}), 2);
  EXPECT_THAT(Err.str(), IsEmpty());
  EXPECT_THAT(log(), HasSubstr("\nsrc/app.cu\nBROKEN " + Original));
}

TEST_F(NvccWrapperTest, ASourceInADirectoryWithACommaIsCompiledUnchanged) {
  fs::create_directories(Root / "work" / "a,b");
  std::ofstream(Root / "work" / "a,b" / "k.cu") << "original\n";
  EXPECT_EQ(run({"-c", "a,b/k.cu"}), 0);
  EXPECT_TRUE(Instrumenter.Requests.empty());
  EXPECT_THAT(log(), HasSubstr("-c\na,b/k.cu\noriginal\n"));
  EXPECT_THAT(Err.str(), HasSubstr("'a,b/k.cu' is not instrumented: its "
                                   "directory's name contains a comma"));
}

TEST_F(NvccWrapperTest, NoLaunchesMeansTheOriginal) {
  Instrumenter.Outcome.InstrumentedLaunches = 0;
  Instrumenter.Outcome.Messages.clear();
  EXPECT_EQ(run({"-c", "src/app.cu"}), 0);
  EXPECT_THAT(log(), HasSubstr("-c\nsrc/app.cu\n" + Original + "== end"));
  EXPECT_THAT(Err.str(), IsEmpty());
}

TEST_F(NvccWrapperTest, WithoutClangEverySourceIsCompiledUnchanged) {
  Ctx.Instrumenter = nullptr;
  EXPECT_EQ(run({"-c", "src/app.cu", "src/app.cu"}), 0);
  EXPECT_THAT(log(), HasSubstr("-c\nsrc/app.cu\n" + Original + "src/app.cu\n"));
  EXPECT_EQ(Err.str(),
            "headroom nvcc: note: 'src/app.cu' is not instrumented: this "
            "headroom was built without Clang; it is compiled unchanged\n"
            "headroom nvcc: note: 'src/app.cu' is not instrumented: this "
            "headroom was built without Clang; it is compiled unchanged\n");
}

TEST_F(NvccWrapperTest, OtherStepsAreUntouched) {
  for (std::vector<std::string> Args :
       {std::vector<std::string>{"-E", "src/app.cu"},
        {"-M", "src/app.cu"},
        {"-ptx", "src/app.cu"},
        {"-cuda", "src/app.cu"},
        {"-dryrun", "-c", "src/app.cu"},
        {"-c", "-x", "c++", "src/app.cu"}}) {
    fs::remove(Root / "log");
    EXPECT_EQ(run(Args), 0);
    std::string Expected;
    for (const std::string &A : Args)
      Expected += A + "\n" + (A == "src/app.cu" ? Original : "");
    EXPECT_EQ(log(), Expected + "== end\n");
  }
  EXPECT_TRUE(Instrumenter.Requests.empty());
}

TEST_F(NvccWrapperTest, HeaderFilterAndVerbosityReachTheInstrumenter) {
  Env["HEADROOM_HEADER_FILTER"] = "include/";
  Env["HEADROOM_VERBOSE"] = "1";
  EXPECT_EQ(run({"-c", "src/app.cu"}), 0);
  ASSERT_EQ(Instrumenter.Requests.size(), 1u);
  EXPECT_EQ(Instrumenter.Requests[0].HeaderFilter, "include/");
  EXPECT_TRUE(Instrumenter.Requests[0].Verbose);
  EXPECT_THAT(Instrumenter.Requests[0].HeaderDirectory,
              HasSubstr("/0/headers"));
  EXPECT_THAT(Err.str(), HasSubstr("headroom nvcc: running: " + Nvcc));
}

} // namespace

namespace {

TEST_F(NvccWrapperTest, FindingsArePrintedAfterASuccessfulCompile) {
  Instrumenter.Outcome.Messages.clear();
  Instrumenter.Outcome.Analysis.Checked = true;
  Instrumenter.Outcome.Analysis.Findings =
      "src/app.cu:2:1: warning: finding [headroom-x]\n";
  Env["HEADROOM_CHECKS"] = "headroom-x";
  EXPECT_EQ(run({"-c", "src/app.cu", "-o", "app.o"}), 0);
  ASSERT_EQ(Instrumenter.Requests.size(), 1u);
  EXPECT_TRUE(Instrumenter.Requests[0].Checks);
  EXPECT_EQ(Instrumenter.Requests[0].CheckSelection, "headroom-x");
  // The instrumenter's parse ran the checks: no second parse.
  EXPECT_THAT(Instrumenter.Analyzed, IsEmpty());
  EXPECT_EQ(Err.str(), "src/app.cu:2:1: warning: finding [headroom-x]\n");

  // Not after a failed compile.
  std::ofstream(Root / "work" / "src" / "app.cu") << "BROKEN\n";
  Instrumenter.Outcome.Text = "BROKEN\n";
  Err.str("");
  EXPECT_EQ(run({"-c", "src/app.cu", "-o", "app.o"}), 2);
  EXPECT_THAT(Err.str(), Not(HasSubstr("headroom-x")));
}

TEST_F(NvccWrapperTest, AnUninstrumentedSourceIsParsedForTheChecksAlone) {
  Instrumenter.Analysis.Checked = true;
  Instrumenter.Analysis.Findings = "src/app.cu:2:1: warning: w [headroom-x]\n";
  EXPECT_EQ(run({"--headroom-no-instrument", "-c", "src/app.cu"}), 0);
  EXPECT_THAT(Instrumenter.Requests, IsEmpty());
  ASSERT_EQ(Instrumenter.Analyzed.size(), 1u);
  EXPECT_EQ(Instrumenter.Analyzed[0].Source, "src/app.cu");
  EXPECT_EQ(Err.str(), Instrumenter.Analysis.Findings);
  // The compile is nvcc's own, unchanged.
  EXPECT_THAT(log(), HasSubstr("-c\nsrc/app.cu\n" + Original + "== end"));
}

TEST_F(NvccWrapperTest, ChecksThatCannotRunSaySoOnlyWhenVerbose) {
  Instrumenter.Failure = "clang cannot parse it as CUDA host code (x)";
  EXPECT_EQ(run({"-c", "src/app.cu"}), 0);
  // The failed parse is not tried again for the checks.
  EXPECT_THAT(Instrumenter.Analyzed, IsEmpty());
  EXPECT_THAT(Err.str(), Not(HasSubstr("source checks")));
  Err.str("");
  EXPECT_EQ(run({"--headroom-verbose", "-c", "src/app.cu"}), 0);
  EXPECT_THAT(Err.str(),
              HasSubstr("note: the source checks did not run on "
                        "'src/app.cu': clang cannot parse it as CUDA host "
                        "code (x)\n"));
}

TEST_F(NvccWrapperTest, ChecksOffAskNoParseOfTheirOwn) {
  EXPECT_EQ(run({"--headroom-no-checks", "--headroom-no-instrument", "-c",
                 "src/app.cu"}),
            0);
  // No cuobjdump beside this nvcc either: nothing needs the parse.
  EXPECT_THAT(Instrumenter.Analyzed, IsEmpty());
  EXPECT_EQ(Err.str(), "");
}

TEST_F(NvccWrapperTest, ASelectionProblemIsOneWarning) {
  Instrumenter.Analysis.Problem = "HEADROOM_CHECKS: no check named 'x'";
  std::ofstream(Root / "work" / "src" / "b.cu") << "b\n";
  EXPECT_EQ(run({"--headroom-no-instrument", "-c", "src/app.cu", "src/b.cu"}),
            0);
  EXPECT_EQ(Err.str(),
            "headroom nvcc: warning: HEADROOM_CHECKS: no check named 'x'\n");
}

} // namespace

namespace {

TEST_F(NvccWrapperTest, ASourceWithoutLaunchesIsParsedBesideNvcc) {
  std::ofstream(Root / "work" / "src" / "app.cu") << "__global__ void k();\n";
  Instrumenter.Outcome.InstrumentedLaunches = 0;
  Instrumenter.Outcome.Messages.clear();
  Instrumenter.Outcome.Analysis.Checked = true;
  Instrumenter.Outcome.Analysis.Findings = "src/app.cu:1:1: warning: w [x]\n";
  // The parse waits for nvcc to have started: were it run before nvcc, as
  // for a source that launches, nvcc would never start.
  bool NvccRanFirst = false;
  Instrumenter.BeforeInstrument = [&] {
    for (int I = 0; I < 500 && !NvccRanFirst; ++I) {
      NvccRanFirst = fs::exists(Root / "log");
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  };
  Env["HEADROOM_VERBOSE"] = "1";
  EXPECT_EQ(run({"-c", "src/app.cu"}), 0);
  EXPECT_TRUE(NvccRanFirst);
  EXPECT_THAT(log(), HasSubstr("-c\nsrc/app.cu\n__global__ void k();\n== end"));
  // Parsed once, to instrument as before (cached, and a launch the scan
  // missed would be found): its findings are printed.
  ASSERT_EQ(Instrumenter.Requests.size(), 1u);
  EXPECT_TRUE(Instrumenter.Requests[0].Checks);
  EXPECT_THAT(Instrumenter.Analyzed, IsEmpty());
  EXPECT_THAT(Err.str(),
              HasSubstr("note: 'src/app.cu' launches no kernel: 1 file "
                        "scanned in "));
  EXPECT_THAT(Err.str(), HasSubstr("; nvcc compiles it unchanged\n"));
  EXPECT_THAT(Err.str(),
              HasSubstr("note: 'src/app.cu' parsed beside nvcc in "));
  EXPECT_THAT(Err.str(), HasSubstr("src/app.cu:1:1: warning: w [x]\n"));
}

TEST_F(NvccWrapperTest, ALaunchTheScanMissedIsCompiledAgainInstrumented) {
  // The fake instrumenter finds a launch the scan cannot see.
  std::ofstream(Root / "work" / "src" / "app.cu") << "no launch\n";
  EXPECT_EQ(run({"-c", "src/app.cu", "-o", "app.o"}), 0);
  std::string Log = log();
  EXPECT_THAT(Log, HasSubstr("-c\nsrc/app.cu\nno launch\n-o\napp.o\n== end\n"
                             "-I"));
  EXPECT_THAT(Log, HasSubstr("/0/app.cu\ninstrumented\n-o\napp.o\n== end"));
  EXPECT_THAT(Err.str(),
              HasSubstr("note: 'src/app.cu' was compiled again, instrumented: "
                        "the launch scan missed its launches"));
}

TEST_F(NvccWrapperTest, ASourceWithoutLaunchesIsNotParsedForNothing) {
  std::ofstream(Root / "work" / "src" / "app.cu") << "no launch\n";
  // No checks, and no cuobjdump beside this nvcc for a static mix.
  EXPECT_EQ(run({"--headroom-no-checks", "-c", "src/app.cu"}), 0);
  EXPECT_THAT(Instrumenter.Requests, IsEmpty());
  EXPECT_THAT(Instrumenter.Analyzed, IsEmpty());
  EXPECT_THAT(log(), HasSubstr("-c\nsrc/app.cu\nno launch\n== end"));
  EXPECT_EQ(Err.str(), "");
}

} // namespace
