//===- InstrumentErrorsTest.cpp - Instrumenting past clang's errors -------===//
///
/// What clang cannot compile and nvcc can: errors of clang's semantic
/// analysis away from the launches are tolerated (and passed on as
/// warnings), a launch in or around code with errors refuses the file, and
/// preprocessor or syntax errors refuse it as before. Also launches written
/// with spaced chevrons, which only nvcc reads. Whole pipeline on in-memory
/// files with the fake CUDA runtime header, as InstrumentTest.cpp.
///
//===----------------------------------------------------------------------===//

#include "ast/CompileFlags.h"
#include "ast/Instrument.h"
#include "ast/LaunchInstrumenter.h"
#include "ast/WrittenLaunches.h"

#include "InMemoryInstrument.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace headroom::ast;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

constexpr const char *FileName = "/virtual/app.cu";

/// Keeps each diagnostic as `level: message`.
class LevelConsumer : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    const char *Name = Level == clang::DiagnosticsEngine::Warning ? "warning"
                       : Level >= clang::DiagnosticsEngine::Error ? "error"
                                                                  : "note";
    Messages += std::string(Name) + ": " + std::string(Message) + "\n";
  }
  std::string Messages;
};

/// Instruments \p Code as /virtual/app.cu with the fake CUDA runtime header.
llvm::Expected<InstrumentResult>
instrumentCode(llvm::StringRef Code, clang::DiagnosticConsumer *Diagnostics) {
  return headroom::test::instrumentInMemory(FileName, Code, Diagnostics);
}

/// The rewritten user code (after `#line 1`), the table named `S`.
std::string apply(llvm::StringRef Code) {
  LevelConsumer Quiet;
  auto Result = instrumentCode(Code, &Quiet);
  if (!Result)
    return "error: " + toString(Result.takeError());
  // The parse reads spaced chevrons joined, and the name hashes that text.
  std::string Read = normalizeLaunchChevrons(Code).value_or(Code.str());
  std::string Table = LaunchInstrumenter(FileName, Read, {}).tableName();
  std::string Out = Result->Source;
  std::string LineDirective = "#line 1 \"" + std::string(FileName) + "\"\n";
  if (size_t At = Out.find(LineDirective); At != std::string::npos)
    Out = Out.substr(At + LineDirective.size());
  for (size_t At = Out.find(Table); At != std::string::npos;
       At = Out.find(Table, At + 1))
    Out.replace(At, Table.size(), "S");
  return Out;
}

std::string withKernels(llvm::StringRef Body) {
  return "#include \"cuda_runtime.h\"\n__global__ void k(int x) {}\n" +
         Body.str();
}

/// withKernels() with a host function `h` declared on the kernel's line.
std::string withHost(llvm::StringRef Body) {
  return "#include \"cuda_runtime.h\"\n"
         "__global__ void k(int x) {} int h(int, int);\n" +
         Body.str();
}

TEST(InstrumentErrorsTest, PreprocessorAndSyntaxErrorsRefuseTheFile) {
  for (const char *Broken :
       {"void g() { int x = ; }\n",
        "#error \"this file must be compiled with nvcc\"\n",
        "#include \"no-such-header.h\"\n"}) {
    LevelConsumer Diagnostics;
    auto Result = instrumentCode(
        withKernels(std::string("void f() { k<<<1, 1>>>(0); }\n") + Broken),
        &Diagnostics);
    ASSERT_FALSE(static_cast<bool>(Result)) << Broken;
    EXPECT_THAT(toString(Result.takeError()),
                HasSubstr("does not compile as CUDA host code"));
    EXPECT_THAT(Diagnostics.Messages, HasSubstr("error: ")) << Broken;
  }
}

TEST(InstrumentErrorsTest, SemanticErrorsAwayFromTheLaunchesAreTolerated) {
  LevelConsumer Diagnostics;
  std::string In = withKernels("int g(int n, unsigned m) {\n"
                               "  return undeclared(n, m);\n"
                               "}\n"
                               "void f(int n) {\n"
                               "  int b = undeclared(n);\n"
                               "  k<<<b, 1>>>(n);\n"
                               "}\n");
  auto Result = instrumentCode(In, &Diagnostics);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  EXPECT_EQ(Result->instrumentedCount(), 1u);
  ASSERT_EQ(Result->ToleratedErrors.size(), 2u);
  EXPECT_EQ(Result->ToleratedErrors[0],
            "/virtual/app.cu:4:10: use of undeclared identifier 'undeclared'");
  // clang's errors reach the consumer as warnings.
  EXPECT_THAT(Diagnostics.Messages,
              HasSubstr("warning: use of undeclared identifier 'undeclared'"));
  EXPECT_THAT(Diagnostics.Messages, Not(HasSubstr("error: ")));
  EXPECT_EQ(toleratedErrorsNote(*Result),
            "clang's host parse of '/virtual/app.cu' had 2 errors that no "
            "launch depends on (first: /virtual/app.cu:4:10: use of undeclared "
            "identifier 'undeclared'); its launches are instrumented and nvcc "
            "judges that code");
  EXPECT_THAT(apply(In), HasSubstr("(headroom_launch_begin(&S[0]), "
                                   "k<<<b, 1>>>(n), headroom_launch_end"));
}

TEST(InstrumentErrorsTest, ALaunchClangDoesNotUnderstandRefusesTheFile) {
  struct Case {
    const char *Code;
    const char *Launch;
  };
  for (const Case &C : {
           // An argument, the configuration, the kernel's arguments.
           Case{"void f() { k<<<1, 1>>>(undeclared); }\n",
                "the launch at /virtual/app.cu:3:13"},
           Case{"void f() { k<<<undeclared(), 1>>>(0); }\n",
                "the launch of 'k' at /virtual/app.cu:3:12"},
           Case{"void f() { k<<<1, 1>>>(); }\n",
                "the launch at /virtual/app.cu:3:13"},
           Case{"void f() { k<<<1, 1>>>(0); k<<<1, 1>>>(); k<<<2, 1>>>(); }\n",
                "the launch at /virtual/app.cu:3:29 (and 1 more)"},
           // Inside a declaration clang found invalid.
           Case{"struct S { Undeclared m; void f() { k<<<1, 1>>>(0); } };\n",
                "the launch of 'k' at /virtual/app.cu:3:37"},
           // In a broken expression or declaration (kept in the AST, or
           // left out of it), and a launch API call left out.
           Case{"void f() { h((k<<<1, 1>>>(0), 0), undeclared); }\n",
                "the launch of 'k' at /virtual/app.cu:3:15"},
           Case{"void f() { auto v = k<<<1, 1>>>(0) + undeclared; }\n",
                "the launch at /virtual/app.cu:3:22"},
           Case{"void f() { cudaLaunchKernel((void *)k, 1, 1, undeclared); "
                "}\n",
                "the launch at /virtual/app.cu:3:12"},
           // In a template whose instantiation fails in the launch: the
           // pattern has no error, the error is reported in its text.
           Case{"template <class T> void g(T v) { k<<<undeclared(v), 1>>>(0); "
                "}\nvoid f() { g(1); }\n",
                "the launch of 'k' at /virtual/app.cu:3:34"},
       }) {
    LevelConsumer Diagnostics;
    auto Result = instrumentCode(withHost(C.Code), &Diagnostics);
    ASSERT_FALSE(static_cast<bool>(Result)) << C.Code;
    std::string Message = toString(Result.takeError());
    EXPECT_THAT(Message, HasSubstr(C.Launch)) << C.Code;
    EXPECT_THAT(Message, HasSubstr("is in code that clang cannot compile"));
    // Refused, clang's errors stay errors.
    EXPECT_THAT(Diagnostics.Messages, HasSubstr("error: ")) << C.Code;
  }
}

TEST(InstrumentErrorsTest, AnErrorInTheBodyOfACalledTemplateIsTolerated) {
  // clang rejects a __shared__ variable with a constructor (nvcc warns);
  // in a kernel template, the failed body makes the instantiation invalid,
  // which the launch is not: the error is device code, nvcc judges it. A
  // host helper template whose body fails is not an error of the launch
  // either.
  LevelConsumer Diagnostics;
  std::string In = withKernels(
      "struct Counter { int n; __device__ Counter() : n(0) {} };\n"
      "template <int B> __global__ void t(int x) {\n"
      "  __shared__ Counter c;\n"
      "}\n"
      "template <class T> int blocks(T n) { return undeclared(n); }\n"
      "void f() { t<4><<<blocks(2), 1>>>(0); }\n");
  auto Result = instrumentCode(In, &Diagnostics);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  EXPECT_EQ(Result->instrumentedCount(), 1u);
  ASSERT_EQ(Result->ToleratedErrors.size(), 2u);
  EXPECT_EQ(Result->ToleratedErrors[0],
            "/virtual/app.cu:7:45: use of undeclared identifier 'undeclared'");
  EXPECT_EQ(Result->ToleratedErrors[1],
            "/virtual/app.cu:5:22: initialization is not supported for "
            "__shared__ variables");
  EXPECT_THAT(apply(In), HasSubstr("(headroom_launch_begin(&S[0]), "
                                   "t<4><<<blocks(2), 1>>>(0), "
                                   "headroom_launch_end"));
}

TEST(InstrumentErrorsTest, LaunchesInInactiveTextDoNotCountAsUnbuilt) {
  LevelConsumer Quiet;
  auto Result =
      instrumentCode(withKernels("#if 0\nvoid a() { k<<<1, 1>>>(0); }\n#endif\n"
                                 "#define LAUNCH(x) k<<<1, 1>>>(x)\n"
                                 "// k<<<1, 1>>>(0);\n"
                                 "const char *s = \"k<<<1, 1>>>(0)\";\n"
                                 "void f() { k<<<1, 1>>>(0); }\n"
                                 "void g() { undeclared(); }\n"),
                     &Quiet);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  EXPECT_EQ(Result->instrumentedCount(), 1u);
  EXPECT_EQ(Result->ToleratedErrors.size(), 1u);
}

TEST(InstrumentErrorsTest, SpacedChevronsAreReadAsNvccReadsThem) {
  std::string In = withKernels("void f(int n) {\n"
                               "  k<< <n, 1>> >(n);\n"
                               "  k<<<n, 1>>\n"
                               "   >(n);\n"
                               "}\n");
  LevelConsumer Quiet;
  auto Result = instrumentCode(In, &Quiet);
  ASSERT_TRUE(static_cast<bool>(Result)) << toString(Result.takeError());
  ASSERT_EQ(Result->Sites.size(), 2u);
  EXPECT_EQ(Result->Sites[0].Launch.Line, 4u);
  EXPECT_EQ(Result->Sites[1].Launch.Line, 5u);
  EXPECT_EQ(Result->Sites[1].Launch.Column, 3u);
  EXPECT_EQ(apply(In),
            withKernels("void f(int n) {\n"
                        "  (headroom_launch_begin(&S[0]), k<<< n, 1>>> (n), "
                        "headroom_launch_end(&S[0]));\n"
                        "  (headroom_launch_begin(&S[1]), k<<<n, 1  \n"
                        " >>>(n), headroom_launch_end(&S[1]));\n"
                        "}\n"));
}

} // namespace
