//===- LaunchScanCompletenessTest.cpp - The scan misses no launch ---------===//
//
// `headroom nvcc` parses a source before nvcc compiles it only when the
// launch scan (nvcc/LaunchScan.h) says it may launch a kernel. Here every
// source of the instrument and check tests and of the corpus goes through
// the Clang pass as the wrapper runs it (nvcc/clang/ClangInstrumenter, the
// same nvcc command, the header filter and library directories of its test)
// and through the scan: wherever the pass finds a launch or a library call,
// instrumented or reported as left alone, the scan must have said "may
// launch".
//
//===----------------------------------------------------------------------===//

#include "nvcc/LaunchScan.h"
#include "nvcc/clang/ClangInstrumenter.h"

#include "support/Paths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace headroom::nvcc {
namespace {

namespace fs = std::filesystem;

const std::string Src = HEADROOM_SOURCE_DIR;

/// One source with the nvcc arguments of its test.
struct TestSource {
  std::string File;
  std::vector<std::string> Args;
  std::string HeaderFilter;
  /// --headroom-library-header directories, relative to the source tree.
  std::vector<std::string> LibraryHeaders = {};
};

/// What the pass and the scan said about one source.
struct Verdicts {
  bool Parsed = false;
  /// The pass found a launch or a library call: instrumented, or warned
  /// about.
  bool PassFound = false;
  LaunchScanResult Scan;
  std::string Why;
};

Verdicts judge(const TestSource &S) {
  Verdicts V;
  std::vector<std::string> Nvcc = {"nvcc"};
  Nvcc.insert(Nvcc.end(), S.Args.begin(), S.Args.end());
  Nvcc.insert(Nvcc.end(), {"-c", S.File});
  fs::path Slot = fs::temp_directory_path() /
                  ("headroom-scan-complete-" + std::to_string(::getpid()));
  InstrumentRequest R;
  R.Source = S.File;
  R.WorkingDirectory = Src;
  R.NvccCommand = Nvcc;
  R.HeaderFilter = S.HeaderFilter;
  R.LibraryHeaders = S.LibraryHeaders;
  R.HeaderDirectory = (Slot / "headers").string();
  R.Checks = false;
  ClangInstrumenter Pass;
  Expected<InstrumentOutcome> Outcome = Pass.instrument(R);
  fs::remove_all(Slot);
  if (Outcome) {
    V.Parsed = true;
    V.PassFound = Outcome->rewritten();
    for (const std::string &M : Outcome->Messages)
      V.PassFound |= M.find("[headroom-instrument]") != std::string::npos;
  } else {
    V.Why = Outcome.error().message();
  }
  Expected<nvccargs::NvccCommand> Cmd = nvccargs::NvccCommand::parse(
      std::vector<std::string>(Nvcc.begin() + 1, Nvcc.end()), Src);
  EXPECT_TRUE(Cmd) << S.File;
  if (Cmd)
    V.Scan = scanForLaunches(
        scanInputsFor(*Cmd, S.File, Src,
                      toolkitDirectories("/usr/local/cuda/bin/nvcc",
                                         [](const char *N) -> const char * {
                                           return std::getenv(N);
                                         }),
                      S.LibraryHeaders));
  return V;
}

bool hasToolkit() {
  return isRegularFile("/usr/local/cuda/include/cuda_runtime.h");
}

std::vector<std::string> filesIn(const std::string &Dir,
                                 std::vector<std::string> Extensions) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (const fs::directory_entry &E :
       fs::directory_iterator(Src + "/" + Dir, EC))
    if (E.is_regular_file() &&
        std::find(Extensions.begin(), Extensions.end(),
                  E.path().extension().string()) != Extensions.end())
      Files.push_back(Dir + "/" + E.path().filename().string());
  std::sort(Files.begin(), Files.end());
  return Files;
}

/// The sources of the instrument tests that parse with the toolkit's own
/// headers (library calls included), with their flags.
const std::vector<std::pair<std::string, std::vector<std::string>>> &
toolkitLitSources() {
  static const std::vector<std::pair<std::string, std::vector<std::string>>>
      Sources = {{"test/lit/instrument/library-toolkit.cu",
                  {"-std=c++17", "-arch=sm_90", "--extended-lambda"}},
                 {"test/lit/instrument/nvcc-compile.cu",
                  {"-std=c++17", "-arch=sm_90", "-rdc=true"}}};
  return Sources;
}

/// The instrument tests' sources, on the fake CUDA header (as their RUN
/// lines parse them: %fakecuda), with -fgpu-rdc for the device launches and
/// the include directories of their inputs (the fake GPU libraries and the
/// library of --library-header among them); the check tests' sources.
std::vector<TestSource> litSources() {
  std::string Inputs = Src + "/test/lit/Inputs";
  std::vector<std::string> Args = {"-Xcompiler=-nocudainc,-nocudalib",
                                   "-I" + Inputs + "/fake-cuda",
                                   "-I" + Inputs + "/instrument",
                                   "-I" + Inputs + "/instrument/libraries",
                                   "-I" + Inputs + "/instrument/mylib/include",
                                   "-isystem",
                                   Inputs + "/instrument/system",
                                   "-rdc=true",
                                   "-std=c++17"};
  std::vector<TestSource> Sources;
  for (const char *Dir : {"test/lit/instrument", "test/lit/Inputs/instrument"})
    for (std::string &F : filesIn(Dir, {".cu"})) {
      auto Toolkit =
          std::find_if(toolkitLitSources().begin(), toolkitLitSources().end(),
                       [&](const auto &T) { return T.first == F; });
      if (Toolkit != toolkitLitSources().end()) {
        if (hasToolkit())
          Sources.push_back({std::move(F), Toolkit->second, ""});
        continue;
      }
      std::vector<std::string> Libraries;
      if (fileName(F) == "library-header.cu")
        Libraries.push_back("test/lit/Inputs/instrument/mylib/include");
      Sources.push_back({std::move(F), Args, "", Libraries});
    }
  // The check tests parse with the toolkit's headers.
  if (hasToolkit())
    for (std::string &F : filesIn("test/lit/check", {".cu"}))
      Sources.push_back({std::move(F), {"-std=c++17", "-arch=sm_90"}, ""});
  // test/lit/instrument/header-filter.test's project, with its filter and
  // without.
  std::vector<std::string> Project = Args;
  Project.push_back("-I" + Inputs + "/instrument/project/include");
  for (std::string &F :
       filesIn("test/lit/Inputs/instrument/project/src", {".cu"})) {
    Sources.push_back({F, Project, "/project/(include/proj|src)/"});
    Sources.push_back({std::move(F), Project, ""});
  }
  return Sources;
}

/// The corpus with the flags of its RUN lines (`DEFINE: %{flags} = ...`,
/// `--header-filter=...`), on the real toolkit.
std::vector<TestSource> corpusSources() {
  std::vector<TestSource> Sources;
  static const std::regex Flags(R"(DEFINE: %\{flags\} = (.*))");
  static const std::regex Filter(R"(--header-filter=(\S+))");
  for (std::string &F : filesIn("test/corpus", {".cu", ".cpp"})) {
    std::ifstream In(Src + "/" + F);
    std::string Line;
    TestSource S{F, {"-I" + Src + "/test/corpus/Inputs"}, ""};
    while (std::getline(In, Line)) {
      std::smatch M;
      if (std::regex_search(Line, M, Flags)) {
        std::string Text = std::regex_replace(M[1].str(), std::regex("%S"),
                                              Src + "/test/corpus");
        std::istringstream Words(Text);
        for (std::string W; Words >> W;)
          S.Args.push_back(W);
      }
      if (std::regex_search(Line, M, Filter))
        S.HeaderFilter = M[1].str();
    }
    Sources.push_back(std::move(S));
  }
  return Sources;
}

std::string nameOf(const ::testing::TestParamInfo<TestSource> &Info) {
  std::string Name = fileName(Info.param.File) +
                     (Info.param.HeaderFilter.empty() ? "" : "_filtered");
  for (char &C : Name)
    if (!std::isalnum(static_cast<unsigned char>(C)))
      C = '_';
  return Name + "_" + std::to_string(Info.index);
}

TEST(LaunchScanCompletenessTest, EveryLitSourceWithALaunchIsScannedAsOne) {
  unsigned Parsed = 0, WithLaunches = 0, Without = 0;
  for (const TestSource &S : litSources()) {
    Verdicts V = judge(S);
    if (!V.Parsed) {
      std::printf("not parsed: %s: %s\n", S.File.c_str(), V.Why.c_str());
      continue;
    }
    ++Parsed;
    WithLaunches += V.PassFound;
    Without += !V.Scan.MayLaunch;
    EXPECT_TRUE(!V.PassFound || V.Scan.MayLaunch)
        << S.File << " (filter '" << S.HeaderFilter
        << "'): the pass finds a launch the scan missed";
  }
  std::printf("%u parsed, %u with launches, %u scanned as launching none\n",
              Parsed, WithLaunches, Without);
  // Not vacuous: most sources parse and launch, some do neither.
  EXPECT_GE(Parsed, 25u);
  EXPECT_GE(WithLaunches, 20u);
  EXPECT_GE(Without, 4u);
}

class CorpusScanTest : public ::testing::TestWithParam<TestSource> {};

TEST_P(CorpusScanTest, ALaunchThePassFindsIsScannedAsOne) {
  if (!hasToolkit())
    GTEST_SKIP() << "the corpus parses with the CUDA toolkit's headers";
  Verdicts V = judge(GetParam());
  if (!V.Parsed)
    GTEST_SKIP() << "the pass does not parse it: " << V.Why;
  EXPECT_TRUE(!V.PassFound || V.Scan.MayLaunch)
      << "the pass finds a launch the scan missed";
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusScanTest,
                         ::testing::ValuesIn(corpusSources()), nameOf);

} // namespace
} // namespace headroom::nvcc
