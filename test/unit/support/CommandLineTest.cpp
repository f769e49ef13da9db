//===- CommandLineTest.cpp - Command-line options -------------------------===//

#include "support/CommandLine.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace headroom;

namespace {

CommandLine example() {
  CommandLine CL("headroom example", "[-o FILE] INPUT...", "An example.");
  CL.option("output", "FILE", "where to write")
      .option("target", "NAME", "a target", /*Repeatable=*/true)
      .flag("quick", "be quick")
      .alias('o', "output")
      .positionals("the inputs");
  return CL;
}

TEST(CommandLine, ParsesOptionsFlagsAndPositionals) {
  Expected<ParsedArgs> P = example().parse(
      {"in.json", "-o", "out.json", "--target=a", "--target", "b", "--quick"});
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_EQ(P->get("output"), "out.json");
  EXPECT_EQ(P->getAll("target"), (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(P->has("quick"));
  EXPECT_EQ(P->Positionals, std::vector<std::string>{"in.json"});
}

TEST(CommandLine, ErrorsNameTheOptionAndLeaveTheProgramToTheCaller) {
  CommandLine CL = example();
  EXPECT_EQ(CL.parse({"--bogus"}).error().message(),
            "unknown option '--bogus' (see 'headroom example --help')");
  EXPECT_EQ(CL.parse({"-x"}).error().message(),
            "unknown option '-x' (see 'headroom example --help')");
  EXPECT_EQ(CL.parse({"-o"}).error().message(),
            "option '--output' expects a value <FILE>");
  EXPECT_EQ(CL.parse({"-o", "a", "-o", "b"}).error().message(),
            "option '--output' given more than once");
  EXPECT_EQ(CL.parse({"--quick=1"}).error().message(),
            "option '--quick' takes no value");
  EXPECT_EQ(CL.parse({"--"}).error().message(), "unexpected '--'");
}

TEST(CommandLine, AnUnknownOptionNamesTheClosestKnownOne) {
  CommandLine CL = example();
  EXPECT_EQ(CL.parse({"--targets", "a"}).error().message(),
            "unknown option '--targets'; did you mean '--target'?");
  EXPECT_EQ(CL.parse({"--outptu=x"}).error().message(),
            "unknown option '--outptu'; did you mean '--output'?");
  // Too far from every option: where the list is.
  EXPECT_EQ(CL.parse({"--verbose"}).error().message(),
            "unknown option '--verbose' (see 'headroom example --help')");
}

TEST(CommandLine, HelpNamesTheProgram) {
  std::ostringstream OS;
  example().printHelp(OS);
  EXPECT_EQ(OS.str().rfind("usage: headroom example [-o FILE] INPUT...\n", 0),
            0u)
      << OS.str();
  EXPECT_NE(OS.str().find("-o, --output <FILE>"), std::string::npos);
  EXPECT_TRUE(example().parse({"-h"})->has("help"));
}

TEST(CommandLine, HelpSaysRepeatableOnceAndListsArgumentsAsRows) {
  CommandLine CL("headroom example", "[--target NAME]... [-- ARGS]",
                 "An example.");
  CL.option("target", "NAME", "a target; several are compared",
            /*Repeatable=*/true)
      .argument("INPUT", "the input")
      .afterDashDash("<tool arguments>", "passed to the tool");
  std::ostringstream OS;
  CL.printHelp(OS);
  // Names padded to the options' column (32 characters and a space).
  EXPECT_NE(OS.str().find("\narguments:\n  INPUT" + std::string(26, ' ') +
                          "the input\n  -- <tool arguments>" +
                          std::string(12, ' ') +
                          "passed to the tool\n\noptions:\n"),
            std::string::npos)
      << OS.str();
  EXPECT_NE(OS.str().find("a target; several are compared (repeatable)\n"),
            std::string::npos)
      << OS.str();
  // afterDashDash accepts what follows '--'.
  Expected<ParsedArgs> P = CL.parse({"--", "-x"});
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_EQ(P->AfterDashDash, std::vector<std::string>{"-x"});
}

} // namespace
