//===- SkippedBodiesTest.cpp - Function bodies the host parse skips -------===//
///
/// Which bodies the instrumenter's parse leaves unparsed, seen through
/// clang's errors: a header function's body that calls an undeclared
/// function is an error when it is parsed (tolerated: no launch depends on
/// it) and none when it is skipped. Whole pipeline on in-memory files with
/// the fake CUDA runtime header, as InstrumentTest.cpp.
///
//===----------------------------------------------------------------------===//

#include "InMemoryInstrument.h"
#include "RecordingConsumer.h"

#include "gtest/gtest.h"

using namespace headroom::ast;

namespace {

constexpr const char *Main = "/virtual/app.cu";
constexpr const char *Helper = "/virtual/helper.h";
constexpr const char *BadBody =
    "inline int helper(int n) { return undeclared(n); }\n";

/// What instrumenting a main file that launches `k` after \p Before and an
/// include of the helper header \p Header made; \p Flags, the header filter
/// and library directories as given.
struct Parse {
  std::string Before;
  std::string Header = BadBody;
  std::vector<std::string> Flags;
  std::string HeaderFilter;
  std::vector<std::string> LibraryHeaders;

  /// The errors clang had (tolerated), or -1 when instrumenting failed.
  int errors() const {
    std::string Code = "#include \"cuda_runtime.h\"\n"
                       "__global__ void k(int x) {}\n" +
                       Before + "#include \"helper.h\"\n" +
                       "void f(int n) { k<<<1, 1>>>(helper(n)); }\n";
    headroom::test::RecordingConsumer Quiet;
    headroom::test::InMemoryInputs Inputs;
    Inputs.Files = {{Helper, Header}};
    Inputs.Flags = Flags;
    Inputs.HeaderFilter = HeaderFilter;
    Inputs.LibraryHeaders = LibraryHeaders;
    auto Result =
        headroom::test::instrumentInMemory(Main, Code, &Quiet, Inputs);
    if (!Result) {
      llvm::consumeError(Result.takeError());
      return -1;
    }
    if (Result->instrumentedCount() != 1)
      return -1;
    return static_cast<int>(Result->ToleratedErrors.size());
  }
};

TEST(SkippedBodiesTest, AHeaderWithoutLaunchTextKeepsOnlyDeclarations) {
  EXPECT_EQ(Parse{}.errors(), 0);
}

TEST(SkippedBodiesTest, TheMainFileKeepsEveryBody) {
  Parse P;
  P.Before = "int g(int n) { return undeclared(n); }\n";
  EXPECT_EQ(P.errors(), 1);
}

TEST(SkippedBodiesTest, AHeaderThatMayLaunchKeepsItsBodies) {
  // Chevrons, the launch API, a library's name: anywhere in its code.
  for (const char *Text :
       {"#define L(k) k<<<1, 1>>>(0)\n", "int cudaLaunchesSoFar = 0;\n",
        "namespace thrust {}\n"}) {
    Parse P;
    P.Header = std::string(BadBody) + Text;
    EXPECT_EQ(P.errors(), 1) << Text;
  }
  // Not in a comment or a literal.
  Parse Quoted;
  Quoted.Header = std::string(BadBody) + "// k<<<1, 1>>>\nconst char *s = "
                                         "\"cublasSgemm\";\n";
  EXPECT_EQ(Quoted.errors(), 0);
}

TEST(SkippedBodiesTest, ALaunchMacroDefinedBeforeKeepsTheBodies) {
  Parse InMain;
  InMain.Before = "#define LAUNCH(k) k<<<1, 1>>>(0)\n";
  EXPECT_EQ(InMain.errors(), 1);
  Parse OnCommandLine;
  OnCommandLine.Flags = {"-DLAUNCH(k)=k<<<1,1>>>(0)"};
  EXPECT_EQ(OnCommandLine.errors(), 1);
  Parse Harmless;
  Harmless.Before = "#define TWICE(x) ((x) << 1)\n";
  EXPECT_EQ(Harmless.errors(), 0);
}

TEST(SkippedBodiesTest, SelectedAndLibraryHeadersKeepTheirBodies) {
  Parse Selected;
  Selected.HeaderFilter = "helper";
  EXPECT_EQ(Selected.errors(), 1);
  Parse Libraries;
  Libraries.LibraryHeaders = {"/elsewhere"};
  EXPECT_EQ(Libraries.errors(), 1);
}

TEST(SkippedBodiesTest, KernelsInAHeaderKeepTheirBodies) {
  Parse P;
  P.Header = "inline int helper(int n) { return n; }\n"
             "__global__ void h(int n) { undeclared(n); }\n";
  EXPECT_EQ(P.errors(), 1);
}

} // namespace
