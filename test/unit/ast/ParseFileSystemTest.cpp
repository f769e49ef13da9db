//===- ParseFileSystemTest.cpp - Tests for what the host parse reads ------===//
///
/// The parse reads spaced launch chevrons normalized, and clang's CUDA
/// wrapper finds the toolkit's headers through forwarding headers next to
/// it, which exist only in memory.
///
//===----------------------------------------------------------------------===//

#include "ast/ParseFileSystem.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace headroom::ast;
using ::testing::ElementsAre;
using ::testing::UnorderedElementsAre;

namespace {

/// A resource directory whose wrapper names toolkit headers, one of clang's
/// own and one the toolkit lacks, and a toolkit with two of them.
llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> toolchain() {
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  auto Add = [&](llvm::StringRef Path, llvm::StringRef Text) {
    FS->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Text));
  };
  Add("/rd/include/__clang_cuda_runtime_wrapper.h",
      "#include <cmath>\n"
      "#include \"cuda.h\"\n"
      "#if !defined(CUDA_VERSION)\n"
      "#error \"cuda.h did not define CUDA_VERSION\"\n"
      "#endif\n"
      "  #  include \"__clang_cuda_builtin_vars.h\"\n"
      "#include \"crt/host_runtime.h\"\n"
      "#include \"not_in_this_toolkit.h\"\n"
      "#include \"cuda.h\"\n");
  Add("/rd/include/__clang_cuda_builtin_vars.h", "// clang's own\n");
  Add("/cuda/include/cuda.h", "#define CUDA_VERSION 13000\n");
  Add("/cuda/include/crt/host_runtime.h", "// toolkit\n");
  Add("/src/app.cu", "void f() { k<< <1, 2>> >(x); }\n");
  return FS;
}

std::string read(llvm::vfs::FileSystem &FS, llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      FS.getBufferForFile(Path);
  return Buffer ? (*Buffer)->getBuffer().str() : "<unreadable>";
}

const std::vector<std::string> Command = {
    "clang++", "--cuda-path=/cuda", "-resource-dir=/rd", "-x", "cuda",
    "/src/app.cu"};

TEST(ParseFileSystemTest, QuotedIncludesOfTheWrapperInOrderOnce) {
  EXPECT_THAT(quotedIncludes("#include \"a.h\"\n#include <b.h>\n"
                             "  # include \"crt/c.h\" // why\n"
                             "#include \"a.h\"\n#define X \"d.h\"\n"),
              ElementsAre("a.h", "crt/c.h"));
}

TEST(ParseFileSystemTest, TheWrapperFindsTheToolkitsHeadersNextToIt) {
  ParseFileSystem Parse = makeParseFileSystem(toolchain(), Command);
  EXPECT_THAT(Parse.VirtualFiles,
              UnorderedElementsAre("/rd/include/cuda.h",
                                   "/rd/include/crt/host_runtime.h"));
  EXPECT_EQ(read(*Parse.FileSystem, "/rd/include/cuda.h"),
            "#include \"/cuda/include/cuda.h\"\n");
  EXPECT_EQ(read(*Parse.FileSystem, "/rd/include/crt/host_runtime.h"),
            "#include \"/cuda/include/crt/host_runtime.h\"\n");
  // clang's own header is not replaced; a header the toolkit lacks is not
  // forwarded (clang reports it missing as before).
  EXPECT_EQ(read(*Parse.FileSystem, "/rd/include/__clang_cuda_builtin_vars.h"),
            "// clang's own\n");
  EXPECT_FALSE(Parse.FileSystem->exists("/rd/include/not_in_this_toolkit.h"));
}

TEST(ParseFileSystemTest, NoForwardersWithoutTheCudaIncludes) {
  std::vector<std::string> NoCudaInc = Command;
  NoCudaInc.insert(NoCudaInc.begin() + 1, "-nocudainc");
  EXPECT_TRUE(makeParseFileSystem(toolchain(), NoCudaInc).VirtualFiles.empty());
  EXPECT_TRUE(makeParseFileSystem(toolchain(), {"clang++", "/src/app.cu"})
                  .VirtualFiles.empty());
  // The last --cuda-path counts, as for clang's driver.
  std::vector<std::string> Elsewhere = Command;
  Elsewhere.insert(Elsewhere.end() - 1, "--cuda-path=/nowhere");
  EXPECT_TRUE(makeParseFileSystem(toolchain(), Elsewhere).VirtualFiles.empty());
}

TEST(ParseFileSystemTest, SourcesAreReadWithTheirChevronsJoined) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
      makeParseFileSystem(toolchain(), Command).FileSystem;
  EXPECT_EQ(read(*FS, "/src/app.cu"), "void f() { k<<< 1, 2>>> (x); }\n");
  // The size clang sees in the status is the text's.
  llvm::ErrorOr<llvm::vfs::Status> Status = FS->status("/src/app.cu");
  ASSERT_TRUE(Status);
  EXPECT_EQ(Status->getSize(), read(*FS, "/src/app.cu").size());
  EXPECT_EQ(read(*FS, "/cuda/include/cuda.h"), "#define CUDA_VERSION 13000\n");
}

} // namespace
