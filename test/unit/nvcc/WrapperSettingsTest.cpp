//===- WrapperSettingsTest.cpp - Tests for headroom nvcc's settings -------===//

#include "nvcc/WrapperSettings.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <map>

using namespace headroom::nvcc;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

struct FakeEnvironment {
  std::map<std::string, std::string> Values;
  std::function<const char *(const char *)> getenv() const {
    return [this](const char *Name) -> const char * {
      auto It = Values.find(Name);
      return It == Values.end() ? nullptr : It->second.c_str();
    };
  }
};

TEST(WrapperSettingsTest, EnvironmentAndArguments) {
  FakeEnvironment Env;
  Env.Values = {{"HEADROOM_INSTRUMENT", "off"},
                {"HEADROOM_DIAGNOSTICS", "No"},
                {"HEADROOM_VERBOSE", "1"},
                {"HEADROOM_PROFILE", "p.json"},
                {"HEADROOM_DEVICE", "H100-SXM"},
                {"HEADROOM_MAX_HEADROOM", "2.5"},
                {"HEADROOM_HEADER_FILTER", "include/"},
                {"HEADROOM_NVCC", "/opt/nvcc"}};
  std::vector<std::string> Args = {"-c", "a.cu"};
  WrapperSettings S = readSettings(Args, Env.getenv());
  EXPECT_FALSE(S.Instrument);
  EXPECT_FALSE(S.Diagnostics);
  EXPECT_TRUE(S.Verbose);
  EXPECT_EQ(S.Profile, "p.json");
  EXPECT_EQ(S.Device, "H100-SXM");
  EXPECT_EQ(S.MaxHeadroom, 2.5);
  EXPECT_EQ(S.HeaderFilter, "include/");
  EXPECT_EQ(S.Nvcc, "/opt/nvcc");
  EXPECT_THAT(S.Problems, IsEmpty());

  // Arguments beat the environment and are taken out.
  Args = {"--headroom-max-headroom=3",
          "-c",
          "--headroom-device=x.json",
          "a.cu",
          "--headroom-profile=q.json",
          "--headroom-header-filter=h",
          "--headroom-help"};
  S = readSettings(Args, Env.getenv());
  EXPECT_THAT(Args, ElementsAre("-c", "a.cu"));
  EXPECT_EQ(S.MaxHeadroom, 3.0);
  EXPECT_EQ(S.Device, "x.json");
  EXPECT_EQ(S.Profile, "q.json");
  EXPECT_EQ(S.HeaderFilter, "h");
  EXPECT_TRUE(S.Help);
}

TEST(WrapperSettingsTest, WhereTheProfileIsLookedFor) {
  FakeEnvironment Env;
  Env.Values = {{"HEADROOM_PROFILE", "p.json"},
                {"HEADROOM_PROFILE_DIR", "/runs"}};
  std::vector<std::string> Args = {
      "--headroom-build-profile=/build/headroom-profile.json", "-c", "a.cu"};
  WrapperSettings S = readSettings(Args, Env.getenv());
  EXPECT_THAT(Args, ElementsAre("-c", "a.cu"));
  ProfileLocations L = S.profileLocations();
  EXPECT_EQ(L.Profile, "p.json");
  EXPECT_EQ(L.Directory, "/runs");
  EXPECT_EQ(L.BuildProfile, "/build/headroom-profile.json");
  EXPECT_TRUE(S.DiagnosticsStep.empty());

  Args = {"--headroom-profile-dir=/mine",
          "--headroom-diagnostics-step=CMakeFiles/stamp"};
  S = readSettings(Args, Env.getenv());
  EXPECT_THAT(Args, IsEmpty());
  EXPECT_EQ(S.ProfileDirectory, "/mine") << "the argument beats the variable";
  EXPECT_EQ(S.DiagnosticsStep, "CMakeFiles/stamp");
  EXPECT_THAT(S.Problems, IsEmpty());
}

TEST(WrapperSettingsTest, TheModelOfTheDiagnostics) {
  FakeEnvironment Env;
  std::vector<std::string> Args = {"-c", "a.cu"};
  EXPECT_EQ(readSettings(Args, Env.getenv()).Model,
            headroom::ModelChoice::Auto);
  Env.Values = {{"HEADROOM_MODEL", "thesis"}};
  EXPECT_EQ(readSettings(Args, Env.getenv()).Model,
            headroom::ModelChoice::Thesis);
  Args = {"--headroom-model=hopper", "-c", "a.cu"};
  WrapperSettings S = readSettings(Args, Env.getenv());
  EXPECT_EQ(S.Model, headroom::ModelChoice::Hopper);
  EXPECT_THAT(Args, ElementsAre("-c", "a.cu"));
  Args = {"--headroom-model=roofline"};
  S = readSettings(Args, Env.getenv());
  EXPECT_EQ(S.Model, headroom::ModelChoice::Thesis) << "the environment's";
  ASSERT_EQ(S.Problems.size(), 1u);
  EXPECT_EQ(S.Problems[0], "--headroom-model='roofline' is not auto, hopper, "
                           "thesis or fitted; ignored");
}

TEST(WrapperSettingsTest, SourceChecksAndStaticMix) {
  FakeEnvironment Env;
  std::vector<std::string> Args = {"-c", "a.cu"};
  WrapperSettings S = readSettings(Args, Env.getenv());
  EXPECT_TRUE(S.Checks);
  EXPECT_EQ(S.CheckSelection, "");
  EXPECT_TRUE(S.StaticMix);

  // HEADROOM_CHECKS is a switch, or the checks to run.
  Env.Values = {{"HEADROOM_CHECKS", "0"}, {"HEADROOM_STATIC_MIX", "off"}};
  S = readSettings(Args, Env.getenv());
  EXPECT_FALSE(S.Checks);
  EXPECT_FALSE(S.StaticMix);
  Env.Values = {{"HEADROOM_CHECKS", "-*,headroom-fp64-promotion"}};
  S = readSettings(Args, Env.getenv());
  EXPECT_TRUE(S.Checks);
  EXPECT_EQ(S.CheckSelection, "-*,headroom-fp64-promotion");
  EXPECT_THAT(S.Problems, IsEmpty());

  // The options beat the environment.
  Args = {"--headroom-no-checks", "--headroom-no-static-mix", "-c", "a.cu"};
  S = readSettings(Args, Env.getenv());
  EXPECT_FALSE(S.Checks);
  EXPECT_FALSE(S.StaticMix);
  Env.Values = {{"HEADROOM_CHECKS", "off"}};
  Args = {"--headroom-checks=headroom-launch-config", "-c", "a.cu"};
  S = readSettings(Args, Env.getenv());
  EXPECT_TRUE(S.Checks);
  EXPECT_EQ(S.CheckSelection, "headroom-launch-config");
  EXPECT_THAT(Args, ElementsAre("-c", "a.cu"));
}

TEST(WrapperSettingsTest, LibraryHeadersAddUp) {
  FakeEnvironment Env;
  Env.Values = {{"HEADROOM_LIBRARY_HEADERS", "/opt/a/include::lib/b"}};
  std::vector<std::string> Args = {"--headroom-library-header=/opt/c", "-c",
                                   "a.cu", "--headroom-library-header=d"};
  WrapperSettings S = readSettings(Args, Env.getenv());
  EXPECT_THAT(S.LibraryHeaders,
              ElementsAre("/opt/a/include", "lib/b", "/opt/c", "d"));
  EXPECT_THAT(Args, ElementsAre("-c", "a.cu"));
  EXPECT_THAT(S.Problems, IsEmpty());
  // Without a directory the option is a problem, as any option without its
  // value.
  Args = {"--headroom-library-header=", "--headroom-library-header"};
  EXPECT_EQ(readSettings(Args, FakeEnvironment().getenv()).Problems.size(), 2u);
}

TEST(WrapperSettingsTest, AMisspeltOptionNamesTheClosest) {
  std::vector<std::string> Args = {"--headroom-library-headers=x",
                                   "--headroom-colour"};
  WrapperSettings S = readSettings(Args, FakeEnvironment().getenv());
  EXPECT_THAT(
      S.Problems,
      ElementsAre("unknown option '--headroom-library-headers=x'; did you "
                  "mean '--headroom-library-header'? (see 'headroom nvcc "
                  "--headroom-help'); ignored",
                  "unknown option '--headroom-colour' (see 'headroom nvcc "
                  "--headroom-help'); ignored"));
}

TEST(WrapperSettingsTest, ProblemsAreCollectedNotFatal) {
  FakeEnvironment Env;
  Env.Values = {{"HEADROOM_MAX_HEADROOM", "-1"}, {"HEADROOM_VERBOSE", "2"}};
  std::vector<std::string> Args = {"--headroom-verbose=yes",
                                   "--headroom-max-headroom=inf",
                                   "--headroom-unknown", "a.cu"};
  WrapperSettings S = readSettings(Args, Env.getenv());
  EXPECT_FALSE(S.MaxHeadroom);
  EXPECT_FALSE(S.Verbose);
  EXPECT_EQ(S.Problems.size(), 5u);
  EXPECT_THAT(Args, ElementsAre("a.cu"));
}

TEST(WrapperSettingsTest, TheCompilerCommand) {
  FakeEnvironment Env;
  WrapperSettings S;
  std::vector<std::string> Args = {"/usr/local/cuda/bin/nvcc", "-c", "a.cu"};
  EXPECT_THAT(takeCompilerCommand(Args, S, Env.getenv()),
              ElementsAre("/usr/local/cuda/bin/nvcc"));
  EXPECT_THAT(Args, ElementsAre("-c", "a.cu"));
  Args = {"ccache", "nvcc", "-c", "a.cu"};
  EXPECT_THAT(takeCompilerCommand(Args, S, Env.getenv()),
              ElementsAre("ccache", "nvcc"));
  EXPECT_THAT(Args, ElementsAre("-c", "a.cu"));
  // An empty launcher list element is no argument.
  Args = {"", "/opt/cuda/bin/nvcc", "", "-c", "a.cu"};
  EXPECT_THAT(takeCompilerCommand(Args, S, Env.getenv()),
              ElementsAre("/opt/cuda/bin/nvcc"));
  EXPECT_THAT(Args, ElementsAre("-c", "a.cu"));
  // Inputs before the options are not a compiler.
  Args = {"a.cu", "b.cu", "-o", "app"};
  S.Nvcc = "/opt/cuda/bin/nvcc";
  EXPECT_THAT(takeCompilerCommand(Args, S, Env.getenv()),
              ElementsAre("/opt/cuda/bin/nvcc"));
  EXPECT_EQ(Args.size(), 4u);
}

} // namespace
