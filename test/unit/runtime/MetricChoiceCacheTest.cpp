//===- MetricChoiceCacheTest.cpp - The metric choice kept across runs -----===//

#include "MetricChoiceCache.h"

#include "TempDir.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace headroom::rt;
using namespace headroom::rt::test;

namespace {

MetricChoiceKey key() {
  return {"GH100",
          28,
          {"smsp__inst_executed.sum", "dram__bytes.sum"},
          {"lts__t_bytes.sum", "bogus.sum"}};
}

MetricChoice choice() {
  return {{"smsp__inst_executed.sum", "dram__bytes.sum", "lts__t_bytes.sum"},
          4,
          {{"bogus.sum", "not available on this chip"}}};
}

TEST(MetricChoiceCache, OneFilePerChipAndRequestInTheDirectory) {
  std::string Path = metricChoicePath("/c/headroom", key());
  EXPECT_EQ(Path.rfind("/c/headroom/metrics-GH100-", 0), 0u) << Path;
  EXPECT_EQ(Path.size(), std::string("/c/headroom/metrics-GH100-").size() + 16 +
                             std::string(".json").size())
      << Path;
  EXPECT_EQ(metricChoicePath("/c/headroom", key()), Path);
  MetricChoiceKey K = key();
  K.Chip = "a/../b c";
  EXPECT_EQ(metricChoicePath("/c", K).rfind("/c/metrics-a____b_c-", 0), 0u);
  K.Chip = "";
  EXPECT_EQ(metricChoicePath("/c", K).rfind("/c/metrics-unknown-", 0), 0u);
}

TEST(MetricChoiceCache, AnotherRequestOrCuptiVersionHasItsOwnFile) {
  const std::string Default = metricChoicePath("/c", key());
  MetricChoiceKey K = key();
  K.Extras = {"gpu__time_duration.sum"};
  EXPECT_NE(metricChoicePath("/c", K), Default);
  K = key();
  K.CuptiVersion = 29;
  EXPECT_NE(metricChoicePath("/c", K), Default);
  // A metric moved from the required list to the extras is another request.
  K = key();
  K.Extras.insert(K.Extras.begin(), K.Required.back());
  K.Required.pop_back();
  EXPECT_NE(metricChoicePath("/c", K), Default);
}

TEST(MetricChoiceCache, AStoredChoiceIsReadBackForTheSameKey) {
  TempDir Dir;
  std::string Path = metricChoicePath(Dir.file("new/dir"), key());
  std::string Error;
  ASSERT_TRUE(storeMetricChoice(Path, key(), choice(), Error)) << Error;
  std::optional<MetricChoice> C = loadMetricChoice(Path, key());
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Metrics, choice().Metrics);
  EXPECT_EQ(C->Passes, 4u);
  ASSERT_EQ(C->Dropped.size(), 1u);
  EXPECT_EQ(C->Dropped[0].Name, "bogus.sum");
  EXPECT_EQ(C->Dropped[0].Reason, "not available on this chip");
}

TEST(MetricChoiceCache, AnotherChipVersionOrRequestIsAMiss) {
  TempDir Dir;
  std::string Path = Dir.file("metrics-GH100.json");
  std::string Error;
  ASSERT_TRUE(storeMetricChoice(Path, key(), choice(), Error)) << Error;
  MetricChoiceKey K = key();
  K.Chip = "AD102";
  EXPECT_FALSE(loadMetricChoice(Path, K));
  K = key();
  K.CuptiVersion = 29;
  EXPECT_FALSE(loadMetricChoice(Path, K));
  K = key();
  K.Required.pop_back();
  EXPECT_FALSE(loadMetricChoice(Path, K));
  K = key();
  K.Extras.push_back("sm__cycles_active.avg");
  EXPECT_FALSE(loadMetricChoice(Path, K));
}

TEST(MetricChoiceCache, MissingOrDamagedFilesAreMisses) {
  TempDir Dir;
  EXPECT_FALSE(loadMetricChoice(Dir.file("none.json"), key()));
  for (const char *Text :
       {"", "{", "[]", "{\"schema\": \"headroom.metric-choice/1\"}",
        "{\"schema\": \"headroom.metric-choice/1\", \"chip\": \"GH100\", "
        "\"cupti_version\": 28, \"required\": [\"smsp__inst_executed.sum\", "
        "\"dram__bytes.sum\"], \"extras\": [\"lts__t_bytes.sum\", "
        "\"bogus.sum\"], \"metrics\": [], \"passes\": 4, \"dropped\": []}",
        "{\"schema\": \"headroom.metric-choice/1\", \"chip\": \"GH100\", "
        "\"cupti_version\": 28, \"required\": [\"smsp__inst_executed.sum\", "
        "\"dram__bytes.sum\"], \"extras\": [\"lts__t_bytes.sum\", "
        "\"bogus.sum\"], \"metrics\": [\"x\"], \"passes\": \"4\", "
        "\"dropped\": []}"}) {
    std::string Path = Dir.file("damaged.json");
    std::ofstream(Path) << Text;
    EXPECT_FALSE(loadMetricChoice(Path, key())) << Text;
  }
}

TEST(MetricChoiceCache, AnUnwritableDirectoryIsAnError) {
  TempDir Dir;
  std::ofstream(Dir.file("file")) << "x";
  std::string Error;
  EXPECT_FALSE(storeMetricChoice(Dir.file("file/sub/metrics-GH100.json"), key(),
                                 choice(), Error));
  EXPECT_NE(Error.find("file/sub"), std::string::npos) << Error;
}

} // namespace
