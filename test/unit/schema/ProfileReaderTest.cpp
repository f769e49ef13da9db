//===- ProfileReaderTest.cpp - Reading headroom.profile/1 -----------------===//

#include "schema/ProfileReader.h"
#include "schema/ProfileWriter.h"

#include "ProfileJson.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

using namespace headroom;
using namespace headroom::test;
using ::testing::HasSubstr;

namespace {

Expected<ProfileDocument> readText(const std::string &Name,
                                   const std::string &Text) {
  return readProfileFile(writeTemp(Name, Text));
}

std::string errorOf(const std::string &Name, nlohmann::json J) {
  auto P = readText(Name, J.dump());
  EXPECT_FALSE(P) << "accepted " << Name;
  return P ? std::string() : P.error().message();
}

TEST(ProfileTest, ReadsSitesKernelsAndCounters) {
  auto P = readText("good.json", twoKernelProfile().dump());
  ASSERT_TRUE(P) << P.error().message();
  ASSERT_EQ(P->Sites.size(), 3u);
  EXPECT_EQ(P->Sites[1].Launch.Line, 44u);
  EXPECT_EQ(P->Sites[1].Definition.Column, 17u);
  ASSERT_EQ(P->Kernels.size(), 3u);
  EXPECT_EQ(P->Kernels[0].Site, std::optional<std::size_t>(0));
  EXPECT_EQ(P->Kernels[0].Launches, 30u);
  EXPECT_EQ(P->Kernels[0].counterLaunches(), 1u);
  EXPECT_DOUBLE_EQ(P->Kernels[0].Counters.at("dram__sectors_read.sum"),
                   262144.0);
  EXPECT_TRUE(P->Kernels[2].Counters.empty());
  EXPECT_TRUE(P->hasCounters());
  EXPECT_EQ(P->device(0)->Name, "Test GPU");
}

TEST(ProfileTest, SourcePathsAreNormalizedAndTheDirectoryIsOptional) {
  auto J = twoKernelProfile();
  J["sites"][0]["file"] = "kernel/./app.cu";
  J["sites"][0]["kernel_file"] = "src/../kernel/app.cu";
  J["sites"][0]["directory"] = "/home/me/proj/build/";
  auto P = readText("paths.json", J.dump());
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_EQ(P->Sites[0].Launch.File, "kernel/app.cu");
  EXPECT_EQ(P->Sites[0].Definition.File, "kernel/app.cu");
  EXPECT_EQ(P->Sites[0].Directory, "/home/me/proj/build");
  // Profiles recorded before sites had directories.
  EXPECT_EQ(P->Sites[1].Directory, "");
}

TEST(ProfileTest, ALaunchThroughAFunctionPointerHasNoDefinition) {
  auto J = twoKernelProfile();
  // As runtimes before 2026-11-25 wrote it, and as they write it now.
  J["sites"][0]["kernel_file"] = "";
  J["sites"][0]["kernel_line"] = 0;
  J["sites"][0]["kernel_column"] = 0;
  for (const char *Key : {"kernel_file", "kernel_line", "kernel_column"})
    J["sites"][1].erase(Key);
  auto P = readText("pointer.json", J.dump());
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_FALSE(P->Sites[0].hasDefinition());
  EXPECT_FALSE(P->Sites[1].hasDefinition());
  // Written without the keys, it reads back the same.
  nlohmann::ordered_json Written = profileToJson(*P);
  EXPECT_FALSE(Written["sites"][0].contains("kernel_file"));
  auto Again = readText("again.json", Written.dump());
  ASSERT_TRUE(Again) << Again.error().message();
  EXPECT_FALSE(Again->Sites[0].hasDefinition());
  // An empty file with a line is not an unknown definition.
  J["sites"][0]["kernel_line"] = 7;
  EXPECT_THAT(errorOf("line.json", J),
              HasSubstr("sites[0].kernel_file: expected a non-empty string"));
}

TEST(ProfileTest, ASiteOfAnImportedProfileHasNoLaunch) {
  auto J = twoKernelProfile();
  // headroom import: Nsight Compute records the definition, not the launch.
  for (const char *Key : {"file", "line", "column"})
    J["sites"][0].erase(Key);
  auto P = readText("imported.json", J.dump());
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_FALSE(P->Sites[0].hasLaunch());
  EXPECT_TRUE(P->Sites[0].hasDefinition());
  EXPECT_TRUE(P->Sites[1].hasLaunch());
  // Written without the keys, in both orders, it reads back the same.
  for (ProfileKeyOrder Order :
       {ProfileKeyOrder::Documented, ProfileKeyOrder::Merged}) {
    nlohmann::ordered_json Written = profileToJson(*P, Order);
    EXPECT_FALSE(Written["sites"][0].contains("file"));
    EXPECT_FALSE(Written["sites"][0].contains("line"));
    auto Again = readText("again.json", Written.dump());
    ASSERT_TRUE(Again) << Again.error().message();
    EXPECT_FALSE(Again->Sites[0].hasLaunch());
    EXPECT_EQ(Again->Sites[0].Definition.Line, 10u);
  }
  // Part of a launch location is an error.
  J["sites"][0]["line"] = 40;
  EXPECT_THAT(errorOf("part.json", J),
              HasSubstr("sites[0].file: missing (expected a non-empty "
                        "string)"));
}

TEST(ProfileTest, ASiteDirectoryMustBeAbsolute) {
  auto J = twoKernelProfile();
  J["sites"][1]["directory"] = "build";
  EXPECT_THAT(errorOf("dir.json", J),
              HasSubstr("dir.json: sites[1].directory: expected an absolute "
                        "directory, got \"build\""));
  J["sites"][1]["directory"] = 3;
  EXPECT_THAT(errorOf("dir3.json", J),
              HasSubstr("sites[1].directory: expected a string, got 3"));
}

TEST(ProfileTest, RejectsWrongSchema) {
  auto J = twoKernelProfile();
  J["schema"] = "headroom.device/1";
  EXPECT_THAT(errorOf("schema.json", J),
              HasSubstr("schema: expected \"headroom.profile/1\""));
}

TEST(ProfileTest, NamesTheFileAndFieldOfABadValue) {
  auto J = twoKernelProfile();
  J["kernels"][1]["launches"] = -3;
  std::string E = errorOf("launches.json", J);
  EXPECT_THAT(E, HasSubstr("launches.json: kernels[1].launches: expected a "
                           "non-negative integer, got -3"));
}

TEST(ProfileTest, RejectsAnUnknownSiteId) {
  auto J = twoKernelProfile();
  J["kernels"][0]["site"] = 7;
  EXPECT_THAT(errorOf("site.json", J),
              HasSubstr("kernels[0].site: expected the id of an entry in "
                        "sites, got 7"));
}

TEST(ProfileTest, RejectsABadGrid) {
  auto J = twoKernelProfile();
  J["kernels"][0]["grid"] = {4096, 0, 1};
  EXPECT_THAT(errorOf("grid.json", J),
              HasSubstr("kernels[0].grid[1]: expected a positive integer"));
}

TEST(ProfileTest, RejectsNonNumericCounters) {
  auto J = twoKernelProfile();
  J["kernels"][0]["counters"]["smsp__inst_executed.sum"] = "many";
  EXPECT_THAT(errorOf("counter.json", J),
              HasSubstr("kernels[0].counters.smsp__inst_executed.sum: "
                        "expected a non-negative number"));
}

TEST(ProfileTest, ReportsInvalidJsonWithItsPosition) {
  auto P = readText("broken.json", "{\"schema\": \n");
  ASSERT_FALSE(P);
  EXPECT_THAT(P.error().message(), HasSubstr("broken.json: line 2"));
}

TEST(ProfileTest, AcceptsLaunchesOutsideSites) {
  auto J = twoKernelProfile();
  J["kernels"][2]["site"] = nullptr;
  auto P = readText("nosite.json", J.dump());
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_FALSE(P->Kernels[2].Site);
}

TEST(ProfileDocument, ReadsAndNamesTheFile) {
  Expected<ProfileDocument> Missing = readProfileFile("/nonexistent/p.json");
  ASSERT_FALSE(Missing);
  // The wording of readJsonFile, as for every other JSON file the tool reads.
  EXPECT_EQ(Missing.error().message(),
            "/nonexistent/p.json: cannot open file: No such file or directory");
  std::string Path = ::testing::TempDir() + "/not-json.json";
  std::ofstream(Path) << "{ nope";
  Expected<ProfileDocument> Bad = readProfileFile(Path);
  ASSERT_FALSE(Bad);
  EXPECT_EQ(Bad.error().message().rfind(
                Path + ": line 1, column 4: invalid JSON: ", 0),
            0u)
      << Bad.error().message();
}

// The reader of `headroom report` and the one of `headroom merge` had their
// own rules; the one reader accepts what either accepted of what the runtime
// writes.

TEST(ProfileTest, SiteIdsNeedOnlyBeUnique) {
  auto J = twoKernelProfile();
  J["sites"][0]["id"] = 7;
  J["kernels"][0]["site"] = 7;
  auto P = readText("ids.json", J.dump());
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_EQ(P->siteOf(P->Kernels[0]), &P->Sites[0]);
  J["sites"][1]["id"] = 7;
  EXPECT_THAT(errorOf("twice.json", J),
              HasSubstr("sites[1].id: expected a unique id, got 7 a second "
                        "time"));
}

TEST(ProfileTest, ADeviceNeedsNoName) {
  // The runtime leaves out what the driver could not say.
  auto J = twoKernelProfile();
  J["devices"][0].erase("name");
  auto P = readText("noname.json", J.dump());
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_EQ(P->device(0)->Name, "");
}

TEST(ProfileTest, KernelsMustRunOnAListedDevice) {
  auto J = twoKernelProfile();
  J["kernels"][1]["device"] = 3;
  EXPECT_THAT(errorOf("device.json", J),
              HasSubstr("kernels[1].device: expected the index of an entry "
                        "in devices, got 3"));
}

TEST(ProfileTest, ScopesAreRead) {
  auto J = twoKernelProfile();
  J["scopes"] = {{{"id", 0},
                  {"file", "app.cu"},
                  {"line", 60},
                  {"column", 3},
                  {"name", "cublasSgemm"}}};
  J["kernels"][2]["site"] = nullptr;
  J["kernels"][2]["scope"] = 0;
  auto P = readText("scopes.json", J.dump());
  ASSERT_TRUE(P) << P.error().message();
  ASSERT_EQ(P->Scopes.size(), 1u);
  EXPECT_EQ(P->Scopes[0].Name, "cublasSgemm");
  EXPECT_EQ(P->Scopes[0].Directory, "");
  EXPECT_EQ(P->Kernels[2].Scope, std::optional<std::uint64_t>(0));
  // As a site's: the directory its relative file is relative to.
  J["scopes"][0]["directory"] = "/home/me/proj/build/";
  P = readText("scopes.json", J.dump());
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_EQ(P->Scopes[0].Directory, "/home/me/proj/build");
  J["scopes"][0]["directory"] = "build";
  EXPECT_THAT(errorOf("scopes.json", J),
              HasSubstr("scopes[0].directory: expected an absolute "
                        "directory, got \"build\""));
  J["scopes"][0].erase("directory");
  J["kernels"][2]["scope"] = 1;
  EXPECT_THAT(errorOf("scope.json", J),
              HasSubstr("kernels[2].scope: expected the id of an entry in "
                        "scopes, got 1"));
}

TEST(ProfileTest, MessagesShowTheValueAsJson) {
  auto J = twoKernelProfile();
  J["kernels"][1]["launches"] = "many";
  EXPECT_THAT(errorOf("many.json", J),
              HasSubstr("kernels[1].launches: expected a non-negative "
                        "integer, got \"many\""));
  J = twoKernelProfile();
  J["kernels"][0]["block"] = {256, 1};
  EXPECT_THAT(errorOf("block.json", J),
              testing::EndsWith("kernels[0].block: expected an array of 3 "
                                "positive integers"));
}

// Enumerations, ranges and CUDA's limits: what one reader accepts, report,
// lint and merge all do (docs/reliability.md).
TEST(ProfileTest, RejectsValuesOutsideTheFormat) {
  struct Case {
    const char *Pointer;
    nlohmann::json Value;
    const char *Message;
  } Cases[] = {
      {"/collection/mode", "bogus",
       "collection.mode: expected one of \"counters\", \"time\", \"sites\", "
       "got \"bogus\""},
      {"/collection/sampling", "every:x",
       "collection.sampling: expected one of \"first\", \"all\", \"off\", "
       "\"mixed\", \"every:N\", got \"every:x\""},
      {"/kernels/0/total_ns", 1e308,
       "kernels[0].total_ns: expected a non-negative number of at most 2^62, "
       "got 1e+308"},
      {"/kernels/0/launches", std::uint64_t(1) << 63,
       "kernels[0].launches: expected a non-negative integer of at most 2^62, "
       "got 9223372036854775808"},
      {"/kernels/0/block",
       {1024, 2, 1},
       "kernels[0].block: expected at most 1024 threads per block (CUDA's "
       "limit), got 2048"},
      {"/kernels/0/grid",
       {1, 1, 65536},
       "kernels[0].grid[2]: expected a positive integer of at most 65535 "
       "(CUDA's limit), got 65536"},
      {"/kernels/0/counters/smsp__inst_executed.sum", 1e-310,
       "kernels[0].counters.smsp__inst_executed.sum: expected 0 or a number "
       "of magnitude at least 1e-09, got 1e-310"},
      {"/collection/modes",
       {{"guess", 1}},
       "collection.modes.guess: expected a mode: \"counters\", \"time\" or "
       "\"sites\""},
  };
  for (const Case &C : Cases) {
    auto J = twoKernelProfile();
    J[nlohmann::json::json_pointer(C.Pointer)] = C.Value;
    EXPECT_THAT(errorOf("bad.json", J), HasSubstr(C.Message)) << C.Pointer;
  }
}

// The writer writes an absent enumeration as "" (found by fuzz_profile):
// the reader takes it for absent, so what it wrote reads back.
TEST(ProfileTest, AnEmptyEnumerationIsAbsent) {
  auto J = twoKernelProfile();
  J["collection"]["requested_mode"] = "";
  J["kernels"][0]["timing"] = "";
  auto P = readText("empty.json", J.dump());
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_EQ(P->Collection.RequestedMode, "");
  EXPECT_EQ(P->Kernels[0].Timing, "");
}

/// A stall_samples member: 2 instructions of line 12, one unresolved.
nlohmann::json stallSamplesJson() {
  return {{"launches", 2},
          {"period", 32768},
          {"dropped", 1},
          {"pcs",
           {{{"function", "_Z6streamPf"},
             {"offset", 432},
             {"file", "./app.cu"},
             {"line", 12},
             {"directory", "/src"},
             {"stalls", {{"long_scoreboard", 340}, {"selected", 12}}}},
            {{"function", "_Z6streamPf"},
             {"offset", 448},
             {"stalls", {{"a_reason_of_a_later_cupti", 5}}}}}}};
}

TEST(ProfileTest, ReadsStallSamples) {
  auto J = twoKernelProfile();
  J["collection"]["stall_sampling"] = {
      {"mode", "on"}, {"period", 32768}, {"note", "n"}};
  J["kernels"][0]["stall_samples"] = stallSamplesJson();
  auto P = readText("stalls.json", J.dump());
  ASSERT_TRUE(P) << P.error().message();
  ASSERT_TRUE(P->Collection.StallSampling);
  EXPECT_EQ(P->Collection.StallSampling->Mode, "on");
  EXPECT_EQ(P->Collection.StallSampling->Period, 32768u);
  EXPECT_EQ(P->Collection.StallSampling->Note, "n");
  ASSERT_TRUE(P->Kernels[0].Stalls);
  EXPECT_FALSE(P->Kernels[1].Stalls);
  const StallSamples &S = *P->Kernels[0].Stalls;
  EXPECT_EQ(S.Launches, 2u);
  EXPECT_EQ(S.Period, 32768u);
  EXPECT_EQ(S.Dropped, 1u);
  ASSERT_EQ(S.Pcs.size(), 2u);
  EXPECT_EQ(S.Pcs[0].Function, "_Z6streamPf");
  EXPECT_EQ(S.Pcs[0].Offset, 432u);
  EXPECT_EQ(S.Pcs[0].Where.File, "app.cu");
  EXPECT_EQ(S.Pcs[0].Where.Line, 12u);
  EXPECT_EQ(S.Pcs[0].Where.Column, 0u);
  EXPECT_EQ(S.Pcs[0].Directory, "/src");
  EXPECT_EQ(S.Pcs[0].samples(), 352u);
  EXPECT_EQ(S.Pcs[1].Where.File, "");
  // A reason this reader does not know is kept as it is.
  EXPECT_EQ(S.Pcs[1].Stalls.at("a_reason_of_a_later_cupti"), 5u);
  EXPECT_EQ(profileText(*P),
            profileText(*readText("again.json", profileText(*P))));
}

TEST(ProfileTest, RejectsBadStallSamples) {
  struct Case {
    const char *Pointer;
    nlohmann::json Value;
    const char *Message;
  } Cases[] = {
      {"/collection/stall_sampling/mode", "maybe",
       "collection.stall_sampling.mode: expected one of \"on\", \"off\", "
       "\"unavailable\", \"mixed\", got \"maybe\""},
      {"/collection/stall_sampling",
       {{"period", 1}},
       "collection.stall_sampling.mode: missing"},
      {"/collection/stall_sampling/period", -1,
       "collection.stall_sampling.period: expected a non-negative integer, "
       "got -1"},
      {"/collection/stall_sampling/note", 3,
       "collection.stall_sampling.note: expected a string, got 3"},
      {"/kernels/0/stall_samples", 7,
       "kernels[0].stall_samples: expected an object, got 7"},
      {"/kernels/0/stall_samples/launches", 1.5,
       "kernels[0].stall_samples.launches: expected a non-negative integer, "
       "got 1.5"},
      {"/kernels/0/stall_samples/period", "fast",
       "kernels[0].stall_samples.period: expected a non-negative integer, "
       "got \"fast\""},
      {"/kernels/0/stall_samples/dropped", -2,
       "kernels[0].stall_samples.dropped: expected a non-negative integer"},
      {"/kernels/0/stall_samples/pcs",
       {{"a", 1}},
       "kernels[0].stall_samples.pcs: expected an array, got an object"},
      {"/kernels/0/stall_samples/pcs/0/function", 12,
       "kernels[0].stall_samples.pcs[0].function: expected a non-empty "
       "string, got 12"},
      {"/kernels/0/stall_samples/pcs/0/offset", -16,
       "kernels[0].stall_samples.pcs[0].offset: expected a non-negative "
       "integer, got -16"},
      {"/kernels/0/stall_samples/pcs/0/line", 0,
       "kernels[0].stall_samples.pcs[0].line: expected a line number of at "
       "least 1, got 0"},
      {"/kernels/0/stall_samples/pcs/1/line", 4,
       "kernels[0].stall_samples.pcs[1].line: expected only with \"file\""},
      {"/kernels/0/stall_samples/pcs/0/stalls/long_scoreboard", 2.5,
       "kernels[0].stall_samples.pcs[0].stalls.long_scoreboard: expected a "
       "non-negative integer, got 2.5"},
      {"/kernels/0/stall_samples/pcs/0/stalls",
       {1, 2},
       "kernels[0].stall_samples.pcs[0].stalls: expected an object of "
       "counts, got an array"},
      {"/kernels/0/stall_samples/pcs/1/stalls",
       {{"", 1}},
       "kernels[0].stall_samples.pcs[1].stalls.: expected a stall reason's "
       "name"},
      {"/kernels/0/stall_samples/pcs/1/stalls/wait", std::uint64_t(1) << 62,
       "kernels[0].stall_samples.pcs: expected at most 2^62 samples in all"},
  };
  for (const Case &C : Cases) {
    auto J = twoKernelProfile();
    J["collection"]["stall_sampling"] = {{"mode", "on"}, {"period", 32768}};
    J["kernels"][0]["stall_samples"] = stallSamplesJson();
    J[nlohmann::json::json_pointer(C.Pointer)] = C.Value;
    EXPECT_THAT(errorOf("bad.json", J), HasSubstr(C.Message)) << C.Pointer;
  }
  auto J = twoKernelProfile();
  J["kernels"][0]["stall_samples"] = stallSamplesJson();
  J["kernels"][0]["stall_samples"]["pcs"][0].erase("line");
  EXPECT_THAT(errorOf("no-line.json", J),
              HasSubstr("kernels[0].stall_samples.pcs[0].line: missing"));
  J["kernels"][0]["stall_samples"]["pcs"][0].erase("stalls");
  J["kernels"][0]["stall_samples"]["pcs"][0]["line"] = 3;
  EXPECT_THAT(errorOf("no-stalls.json", J),
              HasSubstr("kernels[0].stall_samples.pcs[0].stalls: missing"));
}

// Profiles of runtimes before stall sampling have neither field; readers
// before it ignore both (they read the members they know by name).
TEST(ProfileTest, StallSamplesAreOptional) {
  auto P = readText("plain.json", twoKernelProfile().dump());
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_FALSE(P->Collection.StallSampling);
  EXPECT_FALSE(P->Kernels[0].Stalls);
  auto J = twoKernelProfile();
  J["kernels"][0]["a_field_of_a_later_runtime"] = {{"x", 1}};
  J["a_later_section"] = nlohmann::json::array();
  EXPECT_TRUE(readText("later.json", J.dump()));
}

nlohmann::json followsProfile() {
  auto J = twoKernelProfile();
  J["kernels"][1]["examined_launches"] = 10;
  J["kernels"][1]["follows"] = {{{"site", 0},
                                 {"scope", nullptr},
                                 {"name", "_Z6streamPf"},
                                 {"launches", 9},
                                 {"shared_bytes", 1048576}}};
  return J;
}

TEST(ProfileTest, ReadsWhatEachEntryFollows) {
  auto P = readText("follows.json", followsProfile().dump());
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_FALSE(P->Kernels[0].ExaminedLaunches);
  EXPECT_TRUE(P->Kernels[0].Follows.empty());
  const ProfileKernel &K = P->Kernels[1];
  EXPECT_EQ(K.ExaminedLaunches, 10u);
  ASSERT_EQ(K.Follows.size(), 1u);
  EXPECT_EQ(K.Follows[0].Site, 0u);
  EXPECT_FALSE(K.Follows[0].Scope);
  EXPECT_EQ(K.Follows[0].Name, "_Z6streamPf");
  EXPECT_EQ(K.Follows[0].Launches, 9u);
  EXPECT_EQ(K.Follows[0].SharedBytes, 1048576u);
  EXPECT_EQ(profileText(*P),
            profileText(*readText("again.json", profileText(*P))));
}

TEST(ProfileTest, RejectsBadFollows) {
  struct Case {
    const char *Pointer;
    nlohmann::json Value;
    const char *Message;
  } Cases[] = {
      {"/kernels/1/examined_launches", -1,
       "kernels[1].examined_launches: expected a non-negative integer, got "
       "-1"},
      {"/kernels/1/examined_launches", 11,
       "kernels[1].examined_launches: expected at most launches (10), got "
       "11"},
      {"/kernels/1/follows", 3, "kernels[1].follows: expected an array, got 3"},
      {"/kernels/1/follows/0/site", 7,
       "kernels[1].follows[0].site: expected the id of an entry in sites, "
       "got 7"},
      {"/kernels/1/follows/0/scope", 0,
       "kernels[1].follows[0].scope: expected the id of an entry in scopes, "
       "got 0"},
      {"/kernels/1/follows/0/name", "",
       "kernels[1].follows[0].name: expected a non-empty string, got \"\""},
      {"/kernels/1/follows/0/launches", 0,
       "kernels[1].follows[0].launches: expected a positive integer, got 0"},
      {"/kernels/1/follows/0/launches", 10.5,
       "kernels[1].follows[0].launches: expected a non-negative integer, got "
       "10.5"},
      {"/kernels/1/follows/0/shared_bytes", "1 GiB",
       "kernels[1].follows[0].shared_bytes: expected a non-negative integer, "
       "got \"1 GiB\""},
      {"/kernels/1/examined_launches", 8,
       "kernels[1].follows: expected at most examined_launches (8) launches "
       "in all, got 9"},
  };
  for (const Case &C : Cases) {
    auto J = followsProfile();
    J[nlohmann::json::json_pointer(C.Pointer)] = C.Value;
    EXPECT_THAT(errorOf("bad.json", J), HasSubstr(C.Message)) << C.Pointer;
  }
  auto J = followsProfile();
  J["kernels"][1].erase("examined_launches");
  EXPECT_THAT(errorOf("no-examined.json", J),
              HasSubstr("kernels[1].follows: expected at most "
                        "examined_launches (0) launches in all, got 9"));
  J = followsProfile();
  J["kernels"][1]["follows"][0].erase("shared_bytes");
  EXPECT_THAT(errorOf("no-bytes.json", J),
              HasSubstr("kernels[1].follows[0].shared_bytes: missing"));
}

} // namespace

TEST(ProfileTest, AKernelWithoutADeviceRanOnTheFirstListed) {
  // Found by .ci/run's fuzz campaign (fuzz_profile, 2026-11-25): a kernel
  // without "device" read as device 0, which the one device listed (1) is
  // not, so the written profile did not read back.
  auto Json = twoKernelProfile();
  Json["devices"][0]["index"] = 1;
  for (auto &K : Json["kernels"])
    K.erase("device");
  auto P = readText("no-device.json", Json.dump());
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_EQ(P->Kernels[0].Device, 1u);
  EXPECT_NE(P->device(P->Kernels[0].Device), nullptr);
}
