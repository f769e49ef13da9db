//===- InstrumentTest.cpp - Tests for instrumenting whole TUs -------------===//
///
/// Runs the whole pipeline (host-side parse, launch finder, rewrite) on
/// in-memory files that include the fake CUDA runtime header of the lit
/// tests, and checks `apply(input) == expected` on the user's part of the
/// output (after the `#line 1` directive) and the sites found.
///
//===----------------------------------------------------------------------===//

#include "ast/Instrument.h"
#include "ast/CompileFlags.h"
#include "ast/LaunchInstrumenter.h"
#include "support/Paths.h"

#include "InMemoryInstrument.h"
#include "RecordingConsumer.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <cstring>
#include <map>

using namespace headroom::ast;
using ::testing::HasSubstr;

namespace {

constexpr const char *FileName = "/virtual/app.cu";

using headroom::test::RecordingConsumer;

using ExtraInputs = headroom::test::InMemoryInputs;

/// Instruments \p Code as /virtual/app.cu, compiled with the fake CUDA
/// runtime header and \p Flags.
llvm::Expected<InstrumentResult>
instrumentCode(llvm::StringRef Code, std::vector<std::string> Flags = {},
               clang::DiagnosticConsumer *Diagnostics = nullptr,
               ExtraInputs Extra = {}) {
  RecordingConsumer Quiet;
  Extra.Flags = std::move(Flags);
  return headroom::test::instrumentInMemory(
      FileName, Code, Diagnostics ? Diagnostics : &Quiet, Extra);
}

/// The rewritten user code, with the table name replaced by `S`.
std::string apply(llvm::StringRef Code, std::vector<std::string> Flags = {}) {
  auto Result = instrumentCode(Code, std::move(Flags));
  if (!Result)
    return "error: " + toString(Result.takeError());
  std::string Table = LaunchInstrumenter(FileName, Code, {}).tableName();
  llvm::StringRef Source = Result->Source;
  std::string LineDirective = "#line 1 \"" + std::string(FileName) + "\"\n";
  if (size_t At = Source.find(LineDirective); At != llvm::StringRef::npos)
    Source = Source.substr(At + LineDirective.size());
  std::string Out = Source.str();
  for (size_t At = Out.find(Table); At != std::string::npos;
       At = Out.find(Table, At + 1))
    Out.replace(At, Table.size(), "S");
  return Out;
}

const char *Kernels = "#include \"cuda_runtime.h\"\n"
                      "__global__ void k(int x) {}\n";

std::string withKernels(llvm::StringRef Body) { return Kernels + Body.str(); }

TEST(InstrumentTest, WrapsLaunchesWithTwoThreeAndFourConfigArguments) {
  std::string In = withKernels("void f(cudaStream_t s) {\n"
                               "  k<<<1, 2>>>(0);\n"
                               "  k<<<dim3(1, 2), dim3(3), 64>>>(1);\n"
                               "  k<<<1, 2, 0, s>>>(2);\n"
                               "}\n");
  EXPECT_EQ(
      apply(In),
      withKernels("void f(cudaStream_t s) {\n"
                  "  (headroom_launch_begin(&S[0]), k<<<1, 2>>>(0), "
                  "headroom_launch_end(&S[0]));\n"
                  "  (headroom_launch_begin(&S[1]), k<<<dim3(1, 2), "
                  "dim3(3), 64>>>(1), headroom_launch_end(&S[1]));\n"
                  "  (headroom_launch_begin(&S[2]), k<<<1, 2, 0, s>>>(2), "
                  "headroom_launch_end(&S[2]));\n"
                  "}\n"));
}

TEST(InstrumentTest, UnbracedBodiesStayValid) {
  std::string In = withKernels("void f(int n) {\n"
                               "  if (n) k<<<1, 1>>>(n); else k<<<2, 2>>>(n);\n"
                               "  while (n--) k<<<3, 3>>>(n);\n"
                               "}\n");
  EXPECT_EQ(apply(In),
            withKernels("void f(int n) {\n"
                        "  if (n) (headroom_launch_begin(&S[0]), k<<<1, "
                        "1>>>(n), headroom_launch_end(&S[0])); else "
                        "(headroom_launch_begin(&S[1]), k<<<2, 2>>>(n), "
                        "headroom_launch_end(&S[1]));\n"
                        "  while (n--) (headroom_launch_begin(&S[2]), k<<<3, "
                        "3>>>(n), headroom_launch_end(&S[2]));\n"
                        "}\n"));
}

TEST(InstrumentTest, ALaunchInATemplateIsRewrittenOnceInThePattern) {
  std::string In =
      withKernels("template <typename T> __global__ void t(T) {}\n"
                  "template <typename T> void run(T v) { t<T><<<1, 1>>>(v); }\n"
                  "void f() { run(1); run(2.0); run('c'); }\n");
  auto Result = instrumentCode(In);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  ASSERT_EQ(Result->Sites.size(), 1u);
  EXPECT_EQ(Result->Sites[0].KernelName, "t<T>");
  EXPECT_EQ(Result->Sites[0].Launch, (SourcePosition{FileName, 4, 39}));
  EXPECT_EQ(Result->Sites[0].Kernel, (SourcePosition{FileName, 3, 39}));
  EXPECT_EQ(apply(In),
            withKernels("template <typename T> __global__ void "
                        "t(T) {}\n"
                        "template <typename T> void run(T v) { "
                        "(headroom_launch_begin(&S[0]), t<T><<<1, "
                        "1>>>(v), headroom_launch_end(&S[0])); }\n"
                        "void f() { run(1); run(2.0); run('c'); }\n"));
}

TEST(InstrumentTest, NamesQualifiedKernelsAndFindsTheirDefinitions) {
  std::string In = "#include \"cuda_runtime.h\"\n"
                   "namespace app {\n"
                   "__global__ void declared(int);\n"
                   "template <typename T> __global__ void t(T) {}\n"
                   "template <> __global__ void t<char>(char) {}\n"
                   "struct Runner { void go() { t<float><<<1, 1>>>(1.0f); } "
                   "};\n"
                   "} // namespace app\n"
                   "void f() { app::declared<<<1, 1>>>(0); "
                   "app::t<char><<<1, 1>>>('c'); }\n";
  auto Result = instrumentCode(In);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  ASSERT_EQ(Result->Sites.size(), 3u);
  EXPECT_EQ(Result->Sites[0].KernelName, "app::t<float>");
  EXPECT_EQ(Result->Sites[0].Kernel, (SourcePosition{FileName, 4, 39}));
  EXPECT_TRUE(Result->Sites[0].KernelIsDefinition);
  EXPECT_EQ(Result->Sites[1].KernelName, "app::declared");
  EXPECT_EQ(Result->Sites[1].Launch, (SourcePosition{FileName, 8, 12}));
  EXPECT_EQ(Result->Sites[1].Kernel, (SourcePosition{FileName, 3, 17}));
  EXPECT_FALSE(Result->Sites[1].KernelIsDefinition);
  EXPECT_EQ(Result->Sites[2].KernelName, "app::t<char>");
  EXPECT_EQ(Result->Sites[2].Kernel, (SourcePosition{FileName, 5, 29}));
  for (const LaunchSite &Site : Result->Sites)
    EXPECT_EQ(Site.Status, SiteStatus::Instrumented);
}

TEST(InstrumentTest, LaunchesInHostLambdasAreInstrumented) {
  std::string In = withKernels("void f() {\n"
                               "  auto l = [] { k<<<1, 1>>>(0); };\n"
                               "  auto g = [](auto v) { k<<<1, 1>>>(v); };\n"
                               "  l(); g(1); g(2);\n"
                               "}\n");
  EXPECT_EQ(
      apply(In),
      withKernels("void f() {\n"
                  "  auto l = [] { (headroom_launch_begin(&S[0]), "
                  "k<<<1, 1>>>(0), headroom_launch_end(&S[0])); };\n"
                  "  auto g = [](auto v) { (headroom_launch_begin(&S[1]), "
                  "k<<<1, 1>>>(v), headroom_launch_end(&S[1])); };\n"
                  "  l(); g(1); g(2);\n"
                  "}\n"));
}

TEST(InstrumentTest, MacroUsesAndArgumentsAreWrappedLargerBodiesAreNot) {
  std::string In =
      withKernels("#define LAUNCH k<<<1, 1>>>(0)\n"
                  "#define CHECK(...) do { __VA_ARGS__; } while (0)\n"
                  "#define SYNCED(n) do { k<<<n, 1>>>(n); } while (0)\n"
                  "void f() {\n"
                  "  LAUNCH;\n"
                  "  CHECK(k<<<2, 1>>>(2));\n"
                  "  SYNCED(3);\n"
                  "}\n");
  EXPECT_EQ(apply(In),
            withKernels("#define LAUNCH k<<<1, 1>>>(0)\n"
                        "#define CHECK(...) do { __VA_ARGS__; } while (0)\n"
                        "#define SYNCED(n) do { k<<<n, 1>>>(n); } while (0)\n"
                        "void f() {\n"
                        "  (headroom_launch_begin(&S[0]), LAUNCH, "
                        "headroom_launch_end(&S[0]));\n"
                        "  CHECK((headroom_launch_begin(&S[1]), k<<<2, "
                        "1>>>(2), headroom_launch_end(&S[1])));\n"
                        "  SYNCED(3);\n"
                        "}\n"));
  auto Result = instrumentCode(In);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  ASSERT_EQ(Result->Sites.size(), 3u);
  EXPECT_EQ(Result->Sites[2].Status, SiteStatus::InMacroBody);
  EXPECT_EQ(Result->Sites[2].Launch, (SourcePosition{FileName, 9, 3}));
}

TEST(InstrumentTest, AMacroArgumentExpandedTwiceIsOneSite) {
  std::string In = withKernels("#define TWICE(...) __VA_ARGS__; __VA_ARGS__\n"
                               "void f() { TWICE(k<<<1, 1>>>(0)); }\n");
  EXPECT_EQ(apply(In),
            withKernels("#define TWICE(...) __VA_ARGS__; __VA_ARGS__\n"
                        "void f() { TWICE((headroom_launch_begin(&S[0]), "
                        "k<<<1, 1>>>(0), headroom_launch_end(&S[0]))); }\n"));
}

TEST(InstrumentTest, DeviceLaunchesAreReportedAndLeftAlone) {
  std::string In = withKernels(
      "__global__ void parent() { k<<<1, 1>>>(0); }\n"
      "__device__ void helper() { k<<<1, 1>>>(1); }\n"
      "__global__ void viaLambda() { [] { k<<<1, 1>>>(2); }(); }\n"
      "void f() { auto d = [] __device__ () { k<<<1, 1>>>(3); }; }\n");
  auto Result = instrumentCode(In, {"-fgpu-rdc"});
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  ASSERT_EQ(Result->Sites.size(), 4u);
  for (const LaunchSite &Site : Result->Sites)
    EXPECT_EQ(Site.Status, SiteStatus::DeviceLaunch)
        << Site.Launch.Line << ":" << Site.Launch.Column;
  EXPECT_EQ(Result->Source, In);
}

TEST(InstrumentTest, HostDeviceFunctionsOnlyInHostOnlyBranches) {
  std::string In = withKernels("__host__ __device__ void hd() {\n"
                               "  k<<<1, 1>>>(0);\n"
                               "#ifndef __CUDA_ARCH__\n"
                               "  k<<<1, 1>>>(1);\n"
                               "#endif\n"
                               "#if defined(__CUDA_ARCH__)\n"
                               "#elif 1\n"
                               "  k<<<1, 1>>>(2);\n"
                               "#endif\n"
                               "#if !defined( __CUDA_ARCH__ ) /* host */\n"
                               "  k<<<1, 1>>>(3);\n"
                               "#endif\n"
                               "#if 1\n"
                               "  k<<<1, 1>>>(4);\n"
                               "#endif\n"
                               "}\n");
  auto Result = instrumentCode(In, {"-fgpu-rdc"});
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  std::vector<std::pair<unsigned, SiteStatus>> Got;
  for (const LaunchSite &Site : Result->Sites)
    Got.emplace_back(Site.Launch.Line, Site.Status);
  EXPECT_THAT(Got, ::testing::ElementsAre(
                       std::pair(4u, SiteStatus::HostDeviceFunction),
                       std::pair(6u, SiteStatus::Instrumented),
                       std::pair(10u, SiteStatus::Instrumented),
                       std::pair(13u, SiteStatus::Instrumented),
                       std::pair(16u, SiteStatus::HostDeviceFunction)));
}

TEST(InstrumentTest, WithoutLaunchesTheFileIsUnchanged) {
  std::string In = withKernels("void f() {}\n");
  auto Result = instrumentCode(In);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  EXPECT_TRUE(Result->Sites.empty());
  EXPECT_EQ(Result->Source, In);
}

TEST(InstrumentTest, ATranslationUnitThatDoesNotParseIsRefused) {
  // A syntax error; semantic errors are tolerated away from the launches
  // (InstrumentErrorsTest.cpp).
  RecordingConsumer Diagnostics;
  auto Result = instrumentCode(withKernels("void f() { k<<<1, 1>>>(0); }\n"
                                           "void g() { int x = ; }\n"),
                               {}, &Diagnostics);
  ASSERT_FALSE(static_cast<bool>(Result));
  EXPECT_THAT(toString(Result.takeError()),
              HasSubstr("does not compile as CUDA host code"));
  EXPECT_THAT(Diagnostics.Messages, HasSubstr("expected expression"));
}

TEST(InstrumentTest, LaunchApiCallsKeepTheirResult) {
  std::string In = withKernels(
      "cudaError_t f(void **a, cudaLaunchConfig_t *c) {\n"
      "  cudaError_t e = cudaLaunchKernel((const void *)k, 1, 1, a, 0, 0);\n"
      "  if (cudaLaunchCooperativeKernel((void *)&k, 1, 1, a, 0, 0)) {}\n"
      "  return cudaLaunchKernelExC(c, (const void *)k, a);\n"
      "}\n");
  auto Result = instrumentCode(In);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  ASSERT_EQ(Result->Sites.size(), 3u);
  for (const LaunchSite &Site : Result->Sites) {
    EXPECT_EQ(Site.Kind, LaunchKind::ApiCall);
    EXPECT_EQ(Site.KernelName, "k");
    EXPECT_EQ(Site.Kernel, (SourcePosition{FileName, 2, 17}));
  }
  std::string Out = apply(In);
  std::string End =
      "__headroom_end_" + LaunchInstrumenter(FileName, In, {})
                              .tableName()
                              .substr(std::strlen("__headroom_sites_"));
  EXPECT_EQ(Out,
            withKernels("cudaError_t f(void **a, cudaLaunchConfig_t *c) {\n"
                        "  cudaError_t e = " +
                        End +
                        "(&S[0], (headroom_launch_begin(&S[0]), "
                        "cudaLaunchKernel((const void *)k, 1, 1, a, 0, 0)));\n"
                        "  if (" +
                        End +
                        "(&S[1], (headroom_launch_begin(&S[1]), "
                        "cudaLaunchCooperativeKernel((void *)&k, 1, 1, a, 0, "
                        "0)))) {}\n"
                        "  return " +
                        End +
                        "(&S[2], (headroom_launch_begin(&S[2]), "
                        "cudaLaunchKernelExC(c, (const void *)k, a)));\n"
                        "}\n"));
}

TEST(InstrumentTest, ALaunchContainingAConditionalIsLeftAlone) {
  std::string In = withKernels("void f() {\n"
                               "  k<<<1, 1>>>(\n"
                               "#ifdef X\n"
                               "      1\n"
                               "#else\n"
                               "      2\n"
                               "#endif\n"
                               "  );\n"
                               "}\n");
  auto Result = instrumentCode(In);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  ASSERT_EQ(Result->Sites.size(), 1u);
  EXPECT_EQ(Result->Sites[0].Status, SiteStatus::SpansConditional);
  EXPECT_EQ(Result->Source, In);
}

TEST(InstrumentTest, SelectedHeadersAreRewrittenInCopies) {
  ExtraInputs Extra;
  Extra.Files = {
      {"/virtual/inc/lib.cuh", "#pragma once\n"
                               "#include \"cuda_runtime.h\"\n"
                               "#include \"detail.h\"\n"
                               "__global__ void h(int) {}\n"
                               "inline void run() { h<<<1, 1>>>(V); }\n"},
      {"/virtual/inc/detail.h", "#pragma once\nconstexpr int V = 3;\n"},
      {"/virtual/inc/api.h", "#pragma once\n#include \"lib.cuh\"\n"}};
  Extra.HeaderFilter = "/inc/lib";
  std::string In = withKernels("#include <api.h>\n"
                               "void f() { k<<<1, 1>>>(0); run(); }\n");
  auto Result = instrumentCode(In, {"-I/virtual/inc"}, nullptr, Extra);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  ASSERT_EQ(Result->Sites.size(), 2u);
  EXPECT_EQ(Result->Sites[1].HeaderFile, "/virtual/inc/lib.cuh");
  EXPECT_EQ(Result->Sites[1].Status, SiteStatus::Instrumented);
  EXPECT_THAT(Result->Source,
              HasSubstr("#include \"/copies/virtual/inc/api.h\"\n"));
  ASSERT_EQ(Result->Headers.size(), 2u);
  std::map<std::string, std::string> Copies;
  for (const RewrittenHeader &H : Result->Headers)
    Copies[H.Original] = H.Source;
  std::string Table = LaunchInstrumenter(FileName, In, {}).tableName();
  EXPECT_EQ(Copies["/virtual/inc/api.h"],
            "#line 1 \"/virtual/inc/api.h\"\n#pragma once\n"
            "#include \"/copies/virtual/inc/lib.cuh\"\n");
  EXPECT_EQ(Copies["/virtual/inc/lib.cuh"],
            "#line 1 \"/virtual/inc/lib.cuh\"\n#pragma once\n"
            "#include \"cuda_runtime.h\"\n"
            "#include \"/virtual/inc/detail.h\"\n"
            "__global__ void h(int) {}\n"
            "inline void run() { (headroom_launch_begin(&" +
                Table + "[1]), h<<<1, 1>>>(V), headroom_launch_end(&" + Table +
                "[1])); }\n");
  // Without the filter the header's launch is only reported.
  auto Plain =
      instrumentCode(In, {"-I/virtual/inc"}, nullptr, ExtraInputs{Extra.Files});
  ASSERT_TRUE(static_cast<bool>(Plain)) << toString(Plain.takeError());
  EXPECT_EQ(Plain->Sites[1].Status, SiteStatus::OutsideMainFile);
  EXPECT_TRUE(Plain->Headers.empty());
}

TEST(InstrumentTest, AHeaderBehindAComputedIncludeIsNotRewritten) {
  ExtraInputs Extra;
  Extra.Files = {{"/virtual/inc/lib.cuh",
                  "#pragma once\n#include \"cuda_runtime.h\"\n"
                  "__global__ void h(int) {}\n"
                  "inline void run() { h<<<1, 1>>>(0); }\n"}};
  Extra.HeaderFilter = "lib";
  std::string In = "#define LIB <lib.cuh>\n#include LIB\nvoid f() { run(); }\n";
  auto Result = instrumentCode(In, {"-I/virtual/inc"}, nullptr, Extra);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  ASSERT_EQ(Result->Sites.size(), 1u);
  EXPECT_EQ(Result->Sites[0].Status, SiteStatus::HeaderNotRewritable);
  EXPECT_TRUE(Result->Headers.empty());
  EXPECT_EQ(Result->Source, In);
}

TEST(InstrumentTest, PreludeRegistersTheSitesWithTheirPositions) {
  std::string In = withKernels("void f() { k<<<1, 1>>>(0); }\n");
  auto Result = instrumentCode(In);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  EXPECT_EQ(Result->MainFile, FileName);
  EXPECT_THAT(Result->Source, HasSubstr("{\"/virtual/app.cu\", 3u, 12u, \"k\", "
                                        "\"/virtual/app.cu\", 2u, 17u},\n"));
  // With the directory the compile runs in, which the profile records.
  EXPECT_THAT(Result->Source,
              HasSubstr("headroom_register_sites_in(" +
                        LaunchInstrumenter(FileName, In, {}).tableName() +
                        ", 1u, \"" + headroom::currentDirectory() + "\", "));
}

TEST(InstrumentTest, SitePathsAreNormalizedAsTheCompilerCannot) {
  // The compiler names files as spelled: "inc/./k.cuh", "/virtual/x/../a.cu".
  ExtraInputs Extra;
  Extra.Files = {{"/virtual/inc/k.cuh", "__global__ void h(int x) {}\n"}};
  std::string In = "#include \"cuda_runtime.h\"\n"
                   "#include \"inc/./k.cuh\"\n"
                   "void f() { h<<<1, 1>>>(0); }\n";
  auto Result = instrumentCode(In, {}, nullptr, Extra);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  ASSERT_EQ(Result->Sites.size(), 1u);
  EXPECT_EQ(Result->Sites[0].Kernel.File, "/virtual/inc/k.cuh");
  EXPECT_THAT(Result->Source, HasSubstr("{\"/virtual/app.cu\", 3u, 12u, \"h\", "
                                        "\"/virtual/inc/k.cuh\", 1u, 17u},\n"));
}

} // namespace
