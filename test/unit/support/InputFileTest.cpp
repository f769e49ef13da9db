//===- InputFileTest.cpp - Reading the files a user names -----------------===//

#include "support/InputFile.h"
#include "support/JsonInput.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace headroom;
namespace fs = std::filesystem;

namespace {

class InputFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = fs::temp_directory_path() /
          ("headroom-inputfile-" + std::to_string(::getpid()));
    fs::remove_all(Dir);
    fs::create_directories(Dir);
  }
  void TearDown() override { fs::remove_all(Dir); }
  std::string path(const char *Name) { return (Dir / Name).string(); }
  void write(const char *Name, const std::string &Text) {
    std::ofstream(path(Name), std::ios::binary) << Text;
  }
  fs::path Dir;
};

TEST_F(InputFileTest, ReadsARegularFileWhole) {
  std::string Text(100000, 'x');
  Text += '\0';
  Text += "end";
  write("a.txt", Text);
  Expected<std::string> Read = readInputFile(path("a.txt"), 1 << 20);
  ASSERT_TRUE(Read) << Read.error().message();
  EXPECT_EQ(*Read, Text);
}

TEST_F(InputFileTest, RefusesWhatIsNoRegularFile) {
  Expected<std::string> D = readInputFile(Dir.string(), 1 << 20);
  ASSERT_FALSE(D);
  EXPECT_EQ(D.error().message(), "is a directory, not a regular file");

  Expected<std::string> Zero = readInputFile("/dev/zero", 1 << 20);
  ASSERT_FALSE(Zero);
  EXPECT_EQ(Zero.error().message(),
            "is a character device, not a regular file");

  // A FIFO with no writer: opening it would block; it is refused at once.
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  auto Start = std::chrono::steady_clock::now();
  Expected<std::string> F = readInputFile(path("fifo"), 1 << 20);
  ASSERT_FALSE(F);
  EXPECT_EQ(F.error().message(), "is a FIFO (named pipe), not a regular file");
  EXPECT_LT(std::chrono::steady_clock::now() - Start, std::chrono::seconds(5));

  fs::create_symlink(path("loop-b"), path("loop-a"));
  fs::create_symlink(path("loop-a"), path("loop-b"));
  Expected<std::string> L = readInputFile(path("loop-a"), 1 << 20);
  ASSERT_FALSE(L);
  EXPECT_EQ(L.error().message(),
            "cannot open file: Too many levels of symbolic links");

  Expected<std::string> Missing = readInputFile(path("missing"), 1 << 20);
  ASSERT_FALSE(Missing);
  EXPECT_EQ(Missing.error().message(),
            "cannot open file: No such file or directory");
}

TEST_F(InputFileTest, RefusesAFileAboveTheLimit) {
  write("big.txt", std::string(1001, 'x'));
  Expected<std::string> Big = readInputFile(path("big.txt"), 1000);
  ASSERT_FALSE(Big);
  EXPECT_EQ(Big.error().message(),
            "the file has 1001 bytes, more than the limit of 1000");
  EXPECT_TRUE(readInputFile(path("big.txt"), 1001));
}

// A file whose size stat() does not tell (/proc) is read to its end.
TEST_F(InputFileTest, ReadsPastAZeroStatSize) {
  Expected<std::string> Status = readInputFile("/proc/self/status", 1 << 20);
  ASSERT_TRUE(Status) << Status.error().message();
  EXPECT_NE(Status->find("Name:"), std::string::npos);
  Expected<std::string> Small = readInputFile("/proc/self/status", 10);
  ASSERT_FALSE(Small);
  EXPECT_EQ(Small.error().message(),
            "the file has more than 10 bytes, more than the limit of 10");
}

TEST(Printable, EscapesControlCharactersAndShortens) {
  EXPECT_EQ(printable("a\nb\tc\x01"), "a\\nb\\tc\\x01");
  EXPECT_EQ(printable(std::string(300, 'y'), 10), "yyyyyyyyyy...");
  EXPECT_EQ(printable("caf\xc3\xa9"), "caf\xc3\xa9");
}

TEST_F(InputFileTest, JsonFilesGoThroughTheSameChecks) {
  Expected<nlohmann::json> D = readJsonFile(Dir.string());
  ASSERT_FALSE(D);
  EXPECT_EQ(D.error().message(), "is a directory, not a regular file");
}

} // namespace

namespace {

// `headroom merge ... | headroom report -p /dev/stdin`: a pipe on standard
// input is read, within the limit.
TEST(InputFileStdin, ReadsAPipeOnStandardInput) {
  int Pipe[2];
  ASSERT_EQ(::pipe(Pipe), 0);
  int Saved = ::dup(STDIN_FILENO);
  ASSERT_EQ(::write(Pipe[1], "{\"a\": 1}", 8), 8);
  ::close(Pipe[1]);
  ::dup2(Pipe[0], STDIN_FILENO);
  ::close(Pipe[0]);
  Expected<std::string> Read = readInputFile("/dev/stdin", 100);
  ::dup2(Saved, STDIN_FILENO);
  ::close(Saved);
  ASSERT_TRUE(Read) << Read.error().message();
  EXPECT_EQ(*Read, "{\"a\": 1}");
  EXPECT_TRUE(isStandardInput("/dev/fd/0"));
  EXPECT_FALSE(isStandardInput("stdin"));
}

} // namespace
