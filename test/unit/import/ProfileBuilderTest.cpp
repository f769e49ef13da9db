//===- ProfileBuilderTest.cpp - A profile of Nsight Compute's launches ----===//

#include "import/ProfileBuilder.h"

#include "NcuPages.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace headroom;
using namespace headroom::ncu;
using namespace headroom::ncu::test;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

NcuRawPage page(const std::vector<Launch> &Launches) {
  Expected<NcuRawPage> P = readRawPage(rawPage(Launches));
  EXPECT_TRUE(P) << P.error().message();
  return P ? *P : NcuRawPage{};
}

SourcePageFile sourcePage(const std::string &Path, const std::string &File,
                          const std::string &Function, unsigned Line,
                          const std::string &Text) {
  KernelSource S;
  S.File = File;
  S.Function = Function;
  S.FunctionLine = 2;
  S.Line = Line;
  S.Text = Text;
  S.NameColumn = 17;
  return {Path, S};
}

TEST(ProfileBuilder, OneEntryPerKernelAndConfiguration) {
  NcuRawPage Raw = page({{"a(int)", "(8, 1, 1)", "100", "10"},
                         {"b(const float *)", "(8, 1, 1)", "5,000", "1"},
                         {"a(int)", "(8, 1, 1)", "300", "30"},
                         {"a(int)", "(16, 1, 1)", "400", "40"},
                         {"a(int)", "(8, 1, 1)", "201", "20"}});
  Expected<ImportedProfile> I = buildProfile(Raw, {}, {});
  ASSERT_TRUE(I) << I.error().message();
  const ProfileDocument &P = I->Profile;
  EXPECT_EQ(I->Launches, 5u);
  ASSERT_EQ(P.Kernels.size(), 3u);
  const ProfileKernel &A = P.Kernels[0];
  EXPECT_EQ(A.Name, "a(int)");
  EXPECT_EQ(A.Launches, 3u);
  EXPECT_EQ(A.Timing, "profiled");
  EXPECT_EQ(A.timedLaunches(), 3u);
  EXPECT_EQ(A.TotalNs, 601u);
  EXPECT_EQ(A.MinNs, 100u);
  EXPECT_EQ(A.MaxNs, 300u);
  EXPECT_EQ(A.MedianNs, 201u);
  EXPECT_THAT(A.DurationSampleNs, ElementsAre(100, 201, 300));
  EXPECT_EQ(A.ProfiledNs, 200u);
  EXPECT_EQ(A.CounterLaunches, 3u);
  EXPECT_DOUBLE_EQ(A.Counters.at("smsp__inst_executed.sum"), 20.0);
  EXPECT_EQ(A.StaticSharedBytes, 8192u);
  EXPECT_EQ(A.RegistersPerThread, 32u);
  // Nsight's signature, and the demangler's spelling of it.
  EXPECT_EQ(P.Kernels[1].Name, "b(const float *)");
  EXPECT_EQ(P.Kernels[1].Demangled, "b(float const*)");
  EXPECT_EQ(P.Kernels[2].Grid, (std::array<unsigned, 3>{16, 1, 1}));
  // One site per kernel, without a launch; both entries of a(int) in one.
  ASSERT_EQ(P.Sites.size(), 2u);
  EXPECT_EQ(P.Sites[0].Kernel, "a");
  EXPECT_FALSE(P.Sites[0].hasLaunch());
  EXPECT_FALSE(P.Sites[0].hasDefinition());
  EXPECT_EQ(P.Kernels[2].Site, 0u);
  EXPECT_EQ(P.Kernels[1].Site, 1u);
  ASSERT_EQ(P.Devices.size(), 1u);
  EXPECT_EQ(P.Devices[0].Name, "NVIDIA H200");
  EXPECT_EQ(P.Collection.Mode, "counters");
  EXPECT_EQ(P.Collection.Trigger, "import");
  EXPECT_THAT(I->Warnings,
              ElementsAre(HasSubstr("no source page of kernel 'a'"),
                          HasSubstr("no source page of kernel 'b'")));
}

TEST(ProfileBuilder, AtMost64DurationsSpreadOverTheLaunches) {
  std::vector<Launch> Launches;
  for (int I = 0; I < 100; ++I)
    Launches.push_back({"k()", "(1, 1, 1)", std::to_string(1000 + I), "1"});
  Expected<ImportedProfile> I = buildProfile(page(Launches), {}, {});
  ASSERT_TRUE(I) << I.error().message();
  const ProfileKernel &K = I->Profile.Kernels[0];
  EXPECT_EQ(K.Launches, 100u);
  ASSERT_EQ(K.DurationSampleNs.size(), 64u);
  EXPECT_EQ(K.DurationSampleNs.front(), 1000u);
  EXPECT_EQ(K.DurationSampleNs.back(), 1098u);
  EXPECT_EQ(K.TotalNs, 104950u);
}

TEST(ProfileBuilder, SourcePagesLocateTheirKernels) {
  NcuRawPage Raw = page({{"a(int)"}, {"b(const float *)"}});
  auto Dir = std::filesystem::temp_directory_path() /
             ("headroom-import-" + std::to_string(::getpid()));
  std::filesystem::create_directories(Dir / "src");
  // Indented here, where Nsight prints the line trimmed.
  std::ofstream(Dir / "src" / "k.cu") << "\n\n  __global__ void b(const float "
                                         "*p) {}\n";
  std::vector<SourcePageFile> Pages{
      sourcePage("b.csv", "/other/machine/src/k.cu", "b(const float *)", 3,
                 "__global__ void b(const float *p) {}")};
  Expected<ImportedProfile> Kept = buildProfile(Raw, Pages, {});
  ASSERT_TRUE(Kept) << Kept.error().message();
  const ProfileSite &B = Kept->Profile.Sites[1];
  EXPECT_EQ(B.Definition.File, "/other/machine/src/k.cu");
  EXPECT_EQ(B.Definition.Line, 3u);
  EXPECT_EQ(B.Definition.Column, 17u);
  EXPECT_EQ(B.Directory, "");
  Expected<ImportedProfile> Found =
      buildProfile(Raw, Pages, {Dir.string(), "raw.csv"});
  ASSERT_TRUE(Found) << Found.error().message();
  const ProfileSite &Here = Found->Profile.Sites[1];
  EXPECT_EQ(Here.Definition.File, (Dir / "src" / "k.cu").string());
  EXPECT_EQ(Here.Definition.Column, 19u);
  EXPECT_THAT(Found->Warnings,
              ElementsAre(HasSubstr("no source page of kernel 'a'")));
  std::filesystem::remove_all(Dir);
}

TEST(ProfileBuilder, APageOfAnotherKernelOrASecondPageIsAnError) {
  NcuRawPage Raw = page({{"a(int)"}});
  auto ErrorOf = [&](const std::vector<SourcePageFile> &Pages) {
    Expected<ImportedProfile> I = buildProfile(Raw, Pages, {});
    EXPECT_FALSE(I);
    return I ? std::string() : I.error().message();
  };
  EXPECT_EQ(ErrorOf({sourcePage("c.csv", "/k.cu", "c(int)", 1, "c")}),
            "c.csv: line 2: a source page of kernel 'c(int)', which the raw "
            "page has no launch of");
  EXPECT_EQ(ErrorOf({sourcePage("a.csv", "/k.cu", "a(int)", 1, "a"),
                     sourcePage("a2.csv", "/k.cu", "a(int)", 1, "a")}),
            "a2.csv: line 2: a second source page of kernel 'a(int)' (the "
            "first: a.csv)");
}

} // namespace
