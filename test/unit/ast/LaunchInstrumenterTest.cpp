//===- LaunchInstrumenterTest.cpp - Tests for the launch rewrite ----------===//

#include "ast/LaunchInstrumenter.h"

#include "llvm/ADT/StringExtras.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace headroom::ast;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

namespace {

/// A site wrapping the first occurrence of \p Launch in \p Code.
LaunchSite siteFor(llvm::StringRef Code, llvm::StringRef Launch,
                   std::string Kernel, unsigned Line, unsigned Column) {
  LaunchSite Site;
  Site.Launch = {"app.cu", Line, Column};
  Site.KernelName = std::move(Kernel);
  Site.Kernel = {"app.cu", 1, 17};
  Site.KernelIsDefinition = true;
  Site.Begin = Code.find(Launch);
  Site.End = Site.Begin + Launch.size();
  return Site;
}

std::string replaceAll(std::string Text, llvm::StringRef From,
                       llvm::StringRef To) {
  for (size_t At = Text.find(From); At != std::string::npos;
       At = Text.find(From, At + To.size()))
    Text.replace(At, From.size(), To.str());
  return Text;
}

TEST(LaunchInstrumenterTest, WithoutInstrumentedSitesTheFileIsUnchanged) {
  std::string Code = "__global__ void k() {}\nvoid f() {}\n";
  LaunchSite Skipped = siteFor(Code, "k", "k", 1, 17);
  Skipped.Status = SiteStatus::DeviceLaunch;
  LaunchInstrumenter Instrumenter("app.cu", Code, {Skipped});
  auto Edits = Instrumenter.replacements();
  ASSERT_TRUE(static_cast<bool>(Edits)) << toString(Edits.takeError());
  EXPECT_TRUE(Edits->empty());
  auto Out = Instrumenter.rewrite();
  ASSERT_TRUE(static_cast<bool>(Out)) << toString(Out.takeError());
  EXPECT_EQ(*Out, Code);
}

TEST(LaunchInstrumenterTest, RewritesPreludeTableAndLaunches) {
  std::string Code = "__global__ void k(int);\n"
                     "void f(bool b) {\n"
                     "  if (b)\n"
                     "    k<<<1, 2>>>(3);\n"
                     "  ns::k<<<4, 5, 6, 0>>>(7);\n"
                     "}\n";
  // Given out of order: table indices follow the order in the file.
  std::vector<LaunchSite> Sites = {
      siteFor(Code, "ns::k<<<4, 5, 6, 0>>>(7)", "ns::k", 5, 3),
      siteFor(Code, "k<<<1, 2>>>(3)", "k", 4, 5)};
  LaunchInstrumenter Instrumenter("dir/app \"1\".cu", Code, Sites);
  const std::string &T = Instrumenter.tableName();
  EXPECT_THAT(T, StartsWith("__headroom_sites_"));
  std::string Hash = T.substr(std::strlen("__headroom_sites_"));
  EXPECT_EQ(Hash.size(), 8u);
  std::string Expected = replaceAll(
      "#include \"headroom/runtime.h\"\n"
      "namespace {\n"
      "const struct headroom_site_info __headroom_sites_$H[2] = {\n"
      "    {\"app.cu\", 4u, 5u, \"k\", \"app.cu\", 1u, 17u},\n"
      "    {\"app.cu\", 5u, 3u, \"ns::k\", \"app.cu\", 1u, 17u},\n"
      "};\n"
      "struct __headroom_registrar_$H {\n"
      "  __headroom_registrar_$H() {\n"
      "    headroom_register_sites(__headroom_sites_$H, 2u, "
      "HEADROOM_RUNTIME_ABI_VERSION);\n"
      "  }\n"
      "} __headroom_registrar_$H_instance;\n"
      "} // namespace\n"
      "#line 1 \"dir/app \\\"1\\\".cu\"\n"
      "__global__ void k(int);\n"
      "void f(bool b) {\n"
      "  if (b)\n"
      "    (headroom_launch_begin(&__headroom_sites_$H[0]), k<<<1, 2>>>(3), "
      "headroom_launch_end(&__headroom_sites_$H[0]));\n"
      "  (headroom_launch_begin(&__headroom_sites_$H[1]), ns::k<<<4, 5, 6, "
      "0>>>(7), headroom_launch_end(&__headroom_sites_$H[1]));\n"
      "}\n",
      "$H", Hash);
  auto Out = Instrumenter.rewrite();
  ASSERT_TRUE(static_cast<bool>(Out)) << toString(Out.takeError());
  EXPECT_EQ(*Out, Expected);
}

TEST(LaunchInstrumenterTest, RegistersTheTableWithTheCompileDirectory) {
  std::string Code = "void f() {\n  k<<<1, 1>>>();\n}\n";
  LaunchInstrumenter Instrumenter("src/a.cu", Code,
                                  {siteFor(Code, "k<<<1, 1>>>()", "k", 2, 3)},
                                  "/home/me/proj \"b\"");
  auto Out = Instrumenter.rewrite();
  ASSERT_TRUE(static_cast<bool>(Out)) << toString(Out.takeError());
  EXPECT_THAT(*Out, HasSubstr("    headroom_register_sites_in(" +
                              Instrumenter.tableName() +
                              ", 1u, \"/home/me/proj \\\"b\\\"\", "
                              "HEADROOM_RUNTIME_ABI_VERSION);\n"));
  EXPECT_THAT(*Out, Not(HasSubstr("headroom_register_sites(")));
}

TEST(LaunchInstrumenterTest, EveryUserLineKeepsItsNumberAfterTheLineDirective) {
  std::string Code = "void f() {\n  k<<<1, 1>>>();\n}\n// last\n";
  LaunchInstrumenter Instrumenter("a.cu", Code,
                                  {siteFor(Code, "k<<<1, 1>>>()", "k", 2, 3)});
  auto Out = Instrumenter.rewrite();
  ASSERT_TRUE(static_cast<bool>(Out)) << toString(Out.takeError());
  llvm::StringRef AfterLine =
      llvm::StringRef(*Out).split("#line 1 \"a.cu\"\n").second;
  llvm::SmallVector<llvm::StringRef> Original, Rewritten;
  llvm::StringRef(Code).split(Original, '\n');
  AfterLine.split(Rewritten, '\n');
  ASSERT_EQ(Rewritten.size(), Original.size());
  for (size_t I = 0; I < Original.size(); ++I)
    if (I != 1)
      EXPECT_EQ(Rewritten[I], Original[I]) << "line " << I + 1;
  EXPECT_THAT(Rewritten[1].str(), HasSubstr("k<<<1, 1>>>()"));
}

TEST(LaunchInstrumenterTest, TheByteOrderMarkStaysFirst) {
  std::string Code = "\xEF\xBB\xBFvoid f() { k<<<1, 1>>>(); }\n";
  LaunchInstrumenter Instrumenter("a.cu", Code,
                                  {siteFor(Code, "k<<<1, 1>>>()", "k", 1, 12)});
  auto Out = Instrumenter.rewrite();
  ASSERT_TRUE(static_cast<bool>(Out)) << toString(Out.takeError());
  EXPECT_THAT(*Out, StartsWith("\xEF\xBB\xBF#include \"headroom/runtime.h\""));
}

TEST(LaunchInstrumenterTest, TheTableNameDependsOnFileAndContents) {
  LaunchInstrumenter A("a.cu", "x", {}), B("b.cu", "x", {}), C("a.cu", "y", {}),
      A2("a.cu", "x", {});
  EXPECT_EQ(A.tableName(), A2.tableName());
  EXPECT_NE(A.tableName(), B.tableName());
  EXPECT_NE(A.tableName(), C.tableName());
}

TEST(LaunchInstrumenterTest, ARangeOutsideTheFileIsAnError) {
  std::string Code = "void f();\n";
  LaunchSite Site = siteFor(Code, "f", "k", 1, 6);
  Site.End = 100;
  LaunchInstrumenter Instrumenter("a.cu", Code, {Site});
  auto Out = Instrumenter.rewrite();
  ASSERT_FALSE(static_cast<bool>(Out));
  EXPECT_THAT(toString(Out.takeError()),
              HasSubstr("app.cu:1:6: launch range [5, 100)"));
}

TEST(LaunchInstrumenterTest, EscapesCStrings) {
  EXPECT_EQ(escapeCString("plain/path.cu"), "plain/path.cu");
  EXPECT_EQ(escapeCString("C:\\src\\\"q\".cu"), "C:\\\\src\\\\\\\"q\\\".cu");
  EXPECT_EQ(escapeCString("tab\there\n"), "tab\\011here\\012");
}

/// A library call wrapping the first occurrence of \p Text in \p Code.
LaunchSite callFor(llvm::StringRef Code, llvm::StringRef Text, std::string Name,
                   CallBracket Bracket = CallBracket::Lambda, size_t From = 0) {
  LaunchSite Site;
  Site.Kind = LaunchKind::LibraryCall;
  Site.Bracket = Bracket;
  Site.KernelName = std::move(Name);
  Site.Begin = Code.find(Text, From);
  Site.End = Site.Begin + Text.size();
  Site.Launch = {"app.cu", 1, Site.Begin + 1};
  return Site;
}

TEST(LaunchInstrumenterTest, LibraryCallsGetAScopeTableAndAGuard) {
  std::string Code = "void f() { cublasSgemm(h); }\n";
  LaunchInstrumenter Instrumenter(
      "app.cu", Code, {callFor(Code, "cublasSgemm(h)", "cublasSgemm")},
      "/home/me/proj");
  const std::string &S = Instrumenter.scopeTableName();
  EXPECT_THAT(S, StartsWith("__headroom_scopes_"));
  std::string Hash = S.substr(std::strlen("__headroom_scopes_"));
  std::string Expected = replaceAll(
      "#include \"headroom/runtime.h\"\n"
      "namespace {\n"
      "const struct headroom_scope_info __headroom_scopes_$H[1] = {\n"
      "    {\"app.cu\", 1u, 12u, \"cublasSgemm\"},\n"
      "};\n"
      "struct __headroom_scope_$H {\n"
      "  const struct headroom_scope_info *Scope;\n"
      "  explicit __headroom_scope_$H(const struct headroom_scope_info *S) "
      ": Scope(S) {\n"
      "    headroom_scope_begin(S);\n"
      "  }\n"
      "  ~__headroom_scope_$H() { headroom_scope_end(Scope); }\n"
      "};\n"
      "struct __headroom_registrar_$H {\n"
      "  __headroom_registrar_$H() {\n"
      "    headroom_register_scopes_in(__headroom_scopes_$H, 1u, "
      "\"/home/me/proj\", HEADROOM_RUNTIME_ABI_VERSION);\n"
      "  }\n"
      "} __headroom_registrar_$H_instance;\n"
      "} // namespace\n"
      "#line 1 \"app.cu\"\n"
      "void f() { [&]() -> decltype(auto) { return "
      "((void)__headroom_scope_$H(&__headroom_scopes_$H[0]), "
      "cublasSgemm(h)); }(); }\n",
      "$H", Hash);
  auto Out = Instrumenter.rewrite();
  ASSERT_TRUE(static_cast<bool>(Out)) << toString(Out.takeError());
  EXPECT_EQ(*Out, Expected);
}

TEST(LaunchInstrumenterTest, LaunchesAndLibraryCallsHaveATableEach) {
  std::string Code = "void f() { k<<<1, 1>>>(thrust::reduce(b, e)); "
                     "thrust::sort(b, e); }\n";
  LaunchSite Launch =
      siteFor(Code, "k<<<1, 1>>>(thrust::reduce(b, e))", "k", 1, 12);
  LaunchInstrumenter Instrumenter(
      "app.cu", Code,
      {callFor(Code, "thrust::sort(b, e)", "thrust::sort",
               CallBracket::LambdaWithoutCapture),
       Launch, callFor(Code, "thrust::reduce(b, e)", "thrust::reduce")});
  std::string T = Instrumenter.tableName(), S = Instrumenter.scopeTableName();
  std::string G =
      "__headroom_scope_" + S.substr(std::strlen("__headroom_scopes_"));
  auto Out = Instrumenter.rewrite();
  ASSERT_TRUE(static_cast<bool>(Out)) << toString(Out.takeError());
  EXPECT_THAT(*Out, HasSubstr("headroom_site_info " + T + "[1]"));
  EXPECT_THAT(*Out, HasSubstr("headroom_scope_info " + S + "[2]"));
  EXPECT_THAT(*Out, HasSubstr("headroom_register_sites(" + T + ", 1u"));
  EXPECT_THAT(*Out, HasSubstr("headroom_register_scopes(" + S + ", 2u"));
  // Scope indices follow the file: reduce (inside the launch), then sort.
  EXPECT_THAT(
      *Out,
      HasSubstr("void f() { (headroom_launch_begin(&" + T +
                "[0]), k<<<1, 1>>>([&]() -> decltype(auto) { return ((void)" +
                G + "(&" + S +
                "[0]), thrust::reduce(b, e)); }()), "
                "headroom_launch_end(&" +
                T +
                "[0])); []() -> decltype(auto) "
                "{ return ((void)" +
                G + "(&" + S + "[1]), thrust::sort(b, e)); }(); }\n"));
}

TEST(LaunchInstrumenterTest, ADeclarationsBracketHoldsItsArgumentsCall) {
  // d(reduce(...)): the carrier of the constructor's bracket and the
  // call's own bracket share one range; the carrier is outside, so that the
  // call's bracket ends before the constructor runs.
  std::string Code = "void f() { V d(thrust::reduce(b, e), 1); }\n";
  LaunchSite Call = callFor(Code, "thrust::reduce(b, e)", "thrust::reduce");
  LaunchSite Construct =
      callFor(Code, "thrust::reduce(b, e)", "thrust::device_vector",
              CallBracket::Temporary);
  for (auto Order : {std::vector<LaunchSite>{Call, Construct},
                     std::vector<LaunchSite>{Construct, Call}}) {
    LaunchInstrumenter Instrumenter("app.cu", Code, Order);
    std::string S = Instrumenter.scopeTableName();
    std::string G =
        "__headroom_scope_" + S.substr(std::strlen("__headroom_scopes_"));
    auto Out = Instrumenter.rewrite();
    ASSERT_TRUE(static_cast<bool>(Out)) << toString(Out.takeError());
    unsigned CallIndex = Order[0].Bracket == CallBracket::Lambda ? 0 : 1;
    std::string CallEntry = "&" + S + "[" + std::to_string(CallIndex) + "]";
    std::string CtorEntry = "&" + S + "[" + std::to_string(1 - CallIndex) + "]";
    EXPECT_THAT(*Out, HasSubstr("void f() { V d(((void)" + G + "(" + CtorEntry +
                                "), [&]() -> decltype(auto) { return ((void)" +
                                G + "(" + CallEntry +
                                "), thrust::reduce(b, e)); }()), 1); }\n"));
  }
}

TEST(LaunchInstrumenterTest, NestedCallsCloseInsideOut) {
  // v = reduce(b, e): both texts end at one offset; the inner call's
  // bracket closes first.
  std::string Code = "void f() { v = reduce(b, e); }\n";
  LaunchInstrumenter Instrumenter(
      "app.cu", Code,
      {callFor(Code, "reduce(b, e)", "reduce"),
       callFor(Code, "v = reduce(b, e)", "vector::operator=")});
  std::string S = Instrumenter.scopeTableName();
  std::string G =
      "__headroom_scope_" + S.substr(std::strlen("__headroom_scopes_"));
  auto Out = Instrumenter.rewrite();
  ASSERT_TRUE(static_cast<bool>(Out)) << toString(Out.takeError());
  std::string Open = "[&]() -> decltype(auto) { return ((void)" + G + "(&" + S;
  EXPECT_THAT(*Out, HasSubstr("void f() { " + Open + "[0]), v = " + Open +
                              "[1]), reduce(b, e)); }()); }(); }\n"));
}

} // namespace
