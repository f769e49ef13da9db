//===- AtomicFileTest.cpp -------------------------------------------------===//

#include "AtomicFile.h"

#include "TempDir.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace headroom::rt;
using headroom::rt::test::readFile;
using headroom::rt::test::TempDir;
using headroom::rt::test::writeFile;

namespace {

TEST(AtomicFile, WritesANewFile) {
  TempDir Dir;
  std::string Error;
  ASSERT_TRUE(writeFileAtomically(Dir.file("out.json"), "{}\n", Error))
      << Error;
  EXPECT_EQ(readFile(Dir.file("out.json")), "{}\n");
  EXPECT_EQ(Dir.entries().size(), 1u);
}

TEST(AtomicFile, ReplacesAnExistingFile) {
  TempDir Dir;
  writeFile(Dir.file("out.json"), std::string(100000, 'o'));
  std::string Error;
  ASSERT_TRUE(writeFileAtomically(Dir.file("out.json"), "new", Error)) << Error;
  EXPECT_EQ(readFile(Dir.file("out.json")), "new");
  EXPECT_EQ(Dir.entries().size(), 1u) << "no temporary file is left behind";
}

TEST(AtomicFile, NoPartialFileIsEverVisible) {
  TempDir Dir;
  const std::string Target = Dir.file("out.json");
  writeFile(Target, "old");
  const std::string New(1 << 20, 'n');
  std::string SeenTemp, TargetBeforeRename, TempBeforeRename;
  std::string Error;
  ASSERT_TRUE(writeFileAtomically(Target, New, Error,
                                  [&](const std::string &Temp) {
                                    SeenTemp = Temp;
                                    TargetBeforeRename = readFile(Target);
                                    TempBeforeRename = readFile(Temp);
                                  }))
      << Error;
  // Until the rename the target holds the old contents, and the new ones are
  // complete in a different file of the same directory.
  EXPECT_EQ(TargetBeforeRename, "old");
  EXPECT_EQ(TempBeforeRename.size(), New.size());
  EXPECT_NE(SeenTemp, Target);
  EXPECT_EQ(std::filesystem::path(SeenTemp).parent_path(), Dir.path());
  EXPECT_EQ(readFile(Target), New);
  EXPECT_FALSE(std::filesystem::exists(SeenTemp));
}

TEST(AtomicFile, FailureLeavesTheOldFileAndNoTemporary) {
  TempDir Dir;
  // The target is a non-empty directory: the rename fails after the write.
  std::filesystem::create_directory(Dir.file("target"));
  writeFile(Dir.file("target/keep"), "keep");
  std::string Error;
  EXPECT_FALSE(writeFileAtomically(Dir.file("target"), "data", Error));
  EXPECT_FALSE(Error.empty());
  EXPECT_EQ(readFile(Dir.file("target/keep")), "keep");
  EXPECT_EQ(Dir.entries().size(), 1u) << "the temporary file was removed";
}

TEST(AtomicFile, MissingDirectoryIsAnError) {
  std::string Error;
  EXPECT_FALSE(writeFileAtomically("/nonexistent-dir/x.json", "data", Error));
  EXPECT_NE(Error.find("/nonexistent-dir/x.json"), std::string::npos) << Error;
}

} // namespace
