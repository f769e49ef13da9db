//===- CacheSizeLimitTest.cpp - The instrumentation cache's size cap ------===//

#include "nvcc/CacheSizeLimit.h"
#include "nvcc/InstrumentCache.h"

#include "support/Paths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <thread>
#include <unistd.h>

namespace headroom::nvcc {
namespace {

namespace fs = std::filesystem;

TEST(CacheSizeTest, ReadsSizesAsCcacheDoes) {
  auto Bytes = [](const std::string &Text) -> std::uint64_t {
    Expected<std::uint64_t> B = parseCacheSize(Text);
    EXPECT_TRUE(B) << Text;
    return B ? *B : ~std::uint64_t(0);
  };
  EXPECT_EQ(Bytes("500M"), 500000000u);
  EXPECT_EQ(Bytes("2G"), 2000000000u);
  EXPECT_EQ(Bytes("1.5G"), 1500000000u);
  EXPECT_EQ(Bytes("10k"), 10000u);
  EXPECT_EQ(Bytes("10K"), 10000u);
  EXPECT_EQ(Bytes("3T"), 3000000000000u);
  EXPECT_EQ(Bytes("10Ki"), 10240u);
  EXPECT_EQ(Bytes("1GiB"), 1073741824u);
  EXPECT_EQ(Bytes("2 MB"), 2000000u);
  EXPECT_EQ(Bytes("123"), 123u);
  EXPECT_EQ(Bytes("0"), 0u);
}

TEST(CacheSizeTest, RefusesWhatIsNoSize) {
  for (const char *Bad :
       {"", "M", "abc", "-1", "5X", "1.5.5G", "2GG", "1Xi", "99999999999T"}) {
    Expected<std::uint64_t> B = parseCacheSize(Bad);
    ASSERT_FALSE(B) << Bad;
    EXPECT_EQ(B.error().message(),
              "'" + std::string(Bad) +
                  "' is not a size (expected a size such as 500M, 2G or "
                  "1.5Gi (suffixes k, M, G, T or Ki, Mi, Gi, Ti), or 0 for "
                  "no limit)");
  }
}

TEST(CacheSizeTest, PrintsSizesBack) {
  EXPECT_EQ(formatCacheSize(DefaultCacheMaxSize), "1G");
  EXPECT_EQ(formatCacheSize(500000000), "500M");
  EXPECT_EQ(formatCacheSize(1500), "1.5k");
  EXPECT_EQ(formatCacheSize(12), "12");
}

class CacheSizeLimitTest : public ::testing::Test {
protected:
  void SetUp() override {
    Root = fs::temp_directory_path() /
           ("headroom-limit-test-" + std::to_string(::getpid()));
    fs::remove_all(Root);
    fs::create_directories(Root);
  }
  void TearDown() override { fs::remove_all(Root); }

  /// An entry of \p Bytes last used \p HoursAgo hours ago.
  void entry(const std::string &Key, size_t Bytes, int HoursAgo) {
    fs::path Dir = Root / Key;
    ASSERT_TRUE(writeFile((Dir / "app.cu").string(), std::string(Bytes, 'x')));
    age(Key, HoursAgo);
  }
  void age(const std::string &Key, int HoursAgo) {
    fs::file_time_type When =
        fs::file_time_type::clock::now() - std::chrono::hours(HoursAgo);
    for (const fs::directory_entry &E :
         fs::recursive_directory_iterator(Root / Key))
      fs::last_write_time(E.path(), When);
    fs::last_write_time(Root / Key, When);
  }
  std::string sizeFile() {
    Expected<std::string> Text = readFile((Root / "size").string());
    return Text ? *Text : "";
  }

  fs::path Root;
};

const char *const KeyA = "000000000000000a", *const KeyB = "000000000000000b",
                  *const KeyC = "000000000000000c",
                  *const KeyD = "000000000000000d";

TEST_F(CacheSizeLimitTest, EvictsTheEntriesUsedLongestAgo) {
  entry(KeyA, 1000, 3);
  entry(KeyB, 1000, 1);
  entry(KeyC, 1000, 2);
  // Not entries: the stamps of SaidOnce.h and anything else.
  ASSERT_TRUE(
      writeFile((Root / "said/stamp").string(), std::string(5000, 's')));
  ASSERT_TRUE(writeFile((Root / "notes.txt").string(), "x"));
  CacheSizeLimit Limit(Root.string(), 2500);
  EvictionOutcome O = Limit.evict(1500, "");
  EXPECT_EQ(O.Before, 3000u);
  EXPECT_EQ(O.After, 1000u);
  EXPECT_EQ(O.Removed, 2u);
  EXPECT_FALSE(fs::exists(Root / KeyA));
  EXPECT_FALSE(fs::exists(Root / KeyC));
  EXPECT_TRUE(fs::exists(Root / KeyB));
  EXPECT_TRUE(fs::exists(Root / "said/stamp"));
  EXPECT_TRUE(fs::exists(Root / "notes.txt"));
  EXPECT_EQ(sizeFile(), "1000\n");
}

TEST_F(CacheSizeLimitTest, KeepsTheEntryJustStoredAndThoseInUse) {
  entry(KeyA, 1000, 5);
  entry(KeyB, 1000, 0); // used now, maybe by a compile running beside
  entry(KeyC, 1000, 4);
  CacheSizeLimit Limit(Root.string(), 100);
  EvictionOutcome O = Limit.evict(0, KeyA);
  EXPECT_EQ(O.Removed, 1u);
  EXPECT_TRUE(fs::exists(Root / KeyA));
  EXPECT_TRUE(fs::exists(Root / KeyB));
  EXPECT_FALSE(fs::exists(Root / KeyC));
  EXPECT_EQ(O.After, 2000u);
}

TEST_F(CacheSizeLimitTest, AddingCountsWithoutMeasuringUntilOver) {
  CacheSizeLimit Limit(Root.string(), 5000);
  entry(KeyA, 1000, 3);
  // No size file yet: measured once, nothing removed under the limit.
  std::optional<EvictionOutcome> O = Limit.added(KeyA, 1000);
  ASSERT_TRUE(O);
  EXPECT_EQ(O->Removed, 0u);
  EXPECT_EQ(sizeFile(), "1000\n");
  entry(KeyB, 2000, 2);
  EXPECT_FALSE(Limit.added(KeyB, 2000));
  EXPECT_EQ(sizeFile(), "3000\n");
  // A file the size file does not know of is not measured for...
  ASSERT_TRUE(
      writeFile((Root / KeyB / "more").string(), std::string(500, 'm')));
  age(KeyB, 2);
  entry(KeyC, 1500, 1);
  EXPECT_FALSE(Limit.added(KeyC, 1500));
  EXPECT_EQ(sizeFile(), "4500\n");
  // ...until the total passes the limit: then down to 80% of it.
  entry(KeyD, 1000, 0);
  O = Limit.added(KeyD, 1000);
  ASSERT_TRUE(O);
  EXPECT_EQ(O->Before, 6000u);
  EXPECT_EQ(O->Removed, 2u); // A, then B
  EXPECT_EQ(O->After, 2500u);
  EXPECT_FALSE(fs::exists(Root / KeyA));
  EXPECT_FALSE(fs::exists(Root / KeyB));
  EXPECT_EQ(sizeFile(), "2500\n");
}

TEST_F(CacheSizeLimitTest, NoLimitDoesNothing) {
  entry(KeyA, 1000, 3);
  EXPECT_FALSE(CacheSizeLimit(Root.string(), 0).added(KeyA, 1000));
  EXPECT_FALSE(fs::exists(Root / "size"));
}

TEST_F(CacheSizeLimitTest, ParallelStoresKeepAnExactTotal) {
  // Compiles of make -j store at once: each adds under the lock.
  CacheSizeLimit Limit(Root.string(), 1000000);
  ASSERT_TRUE(writeFile((Root / "size").string(), "0\n"));
  std::vector<std::thread> Threads;
  for (int T = 0; T < 8; ++T)
    Threads.emplace_back([&, T] {
      for (int I = 0; I < 25; ++I)
        (void)Limit.added("e" + std::to_string(T * 100 + I), 10);
    });
  for (std::thread &T : Threads)
    T.join();
  EXPECT_EQ(sizeFile(), "2000\n");
}

class InstrumentCacheLimitTest : public CacheSizeLimitTest {
protected:
  std::string store(const InstrumentCache &C, const std::string &Text) {
    std::string Key = InstrumentCache::key({"k"}, Text);
    InstrumentOutcome O;
    O.InstrumentedLaunches = 1;
    std::string Copy = C.entryDirectory(Key) + "/app.cu";
    EXPECT_TRUE(writeFile(Copy, std::string(2000, 'c')));
    EXPECT_TRUE(C.store(Key, O, Copy));
    return Key;
  }
};

TEST_F(InstrumentCacheLimitTest, StoresEvictAndLookupsRenew) {
  InstrumentCache C(Root.string(), 5000);
  std::string First = store(C, "first");
  std::string Second = store(C, "second");
  age(First, 3);
  age(Second, 2);
  // Found: used now, so it outlives the entry used after it.
  ASSERT_TRUE(C.lookup(First));
  std::string Third = store(C, "third");
  EXPECT_TRUE(fs::exists(Root / First));
  EXPECT_FALSE(fs::exists(Root / Second));
  EXPECT_TRUE(fs::exists(Root / Third));
}

TEST_F(InstrumentCacheLimitTest, TheEnvironmentSetsTheLimit) {
  std::map<std::string, std::string> Env = {{"HEADROOM_CACHE_DIR", Root}};
  auto Getenv = [&](const char *Name) -> const char * {
    auto It = Env.find(Name);
    return It == Env.end() ? nullptr : It->second.c_str();
  };
  EXPECT_EQ(InstrumentCache::fromEnvironment(Getenv)->maxSize(),
            DefaultCacheMaxSize);
  Env["HEADROOM_CACHE_MAX_SIZE"] = "500M";
  EXPECT_EQ(InstrumentCache::fromEnvironment(Getenv)->maxSize(), 500000000u);
  Env["HEADROOM_CACHE_MAX_SIZE"] = "0";
  EXPECT_EQ(InstrumentCache::fromEnvironment(Getenv)->maxSize(), 0u);
  Env["HEADROOM_CACHE_MAX_SIZE"] = "lots";
  std::optional<InstrumentCache> C = InstrumentCache::fromEnvironment(Getenv);
  EXPECT_EQ(C->maxSize(), DefaultCacheMaxSize);
  EXPECT_EQ(C->problem(),
            "HEADROOM_CACHE_MAX_SIZE: 'lots' is not a size (expected a size "
            "such as 500M, 2G or 1.5Gi (suffixes k, M, G, T or Ki, Mi, Gi, "
            "Ti), or 0 for no limit); the cache keeps to 1G");
}

} // namespace
} // namespace headroom::nvcc
