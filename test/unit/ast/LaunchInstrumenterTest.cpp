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

} // namespace
