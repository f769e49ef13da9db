//===- ParseFileSystemTest.cpp - Tests for what the host parse reads ------===//
///
/// The parse reads spaced launch chevrons normalized, clang's CUDA wrapper
/// finds the toolkit's headers through forwarding headers next to it, and a
/// header of nvcc's host overloads of min and max is force-included; the
/// headers exist only in memory.
///
//===----------------------------------------------------------------------===//

#include "ast/ParseFileSystem.h"

#include "ast/CompileFlags.h"

#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
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
    "clang++", "--cuda-path=/cuda", "-resource-dir=/rd", "-x",
    "cuda",    "/src/app.cu"};

TEST(ParseFileSystemTest, QuotedIncludesOfTheWrapperInOrderOnce) {
  EXPECT_THAT(quotedIncludes("#include \"a.h\"\n#include <b.h>\n"
                             "  # include \"crt/c.h\" // why\n"
                             "#include \"a.h\"\n#define X \"d.h\"\n"),
              ElementsAre("a.h", "crt/c.h"));
}

TEST(ParseFileSystemTest, TheWrapperFindsTheToolkitsHeadersNextToIt) {
  ParseFileSystem Parse = makeParseFileSystem(toolchain(), Command);
  EXPECT_THAT(Parse.VirtualFiles,
              UnorderedElementsAre(
                  "/rd/include/cuda.h", "/rd/include/crt/host_runtime.h",
                  "/rd/include/" + std::string(HostOverloadsHeader)));
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
  EXPECT_EQ(makeParseFileSystem(toolchain(), NoCudaInc).CommandLine, NoCudaInc);
  EXPECT_TRUE(makeParseFileSystem(toolchain(), {"clang++", "/src/app.cu"})
                  .VirtualFiles.empty());
  // The last --cuda-path counts, as for clang's driver.
  std::vector<std::string> Elsewhere = Command;
  Elsewhere.insert(Elsewhere.end() - 1, "--cuda-path=/nowhere");
  EXPECT_TRUE(makeParseFileSystem(toolchain(), Elsewhere).VirtualFiles.empty());
  EXPECT_EQ(makeParseFileSystem(toolchain(), Elsewhere).CommandLine, Elsewhere);
}

TEST(ParseFileSystemTest, TheHostOverloadsAreIncludedAfterTheWrapperFirst) {
  std::vector<std::string> WithInclude = Command;
  WithInclude.insert(WithInclude.end() - 1, {"-include", "project.h"});
  ParseFileSystem Parse = makeParseFileSystem(toolchain(), WithInclude);
  std::string Header = "/rd/include/" + std::string(HostOverloadsHeader);
  // Before the user's flags: clang's driver puts its wrapper first, then
  // the -include flags in order.
  ASSERT_GE(Parse.CommandLine.size(), WithInclude.size() + 2);
  EXPECT_THAT(llvm::ArrayRef(Parse.CommandLine).take_front(3),
              ElementsAre("clang++", "-include", Header));
  EXPECT_EQ(llvm::ArrayRef(Parse.CommandLine).drop_front(3),
            llvm::ArrayRef(WithInclude).drop_front());
  EXPECT_EQ(read(*Parse.FileSystem, Header), hostOverloadsText().str());
}

/// Whether \p Code parses as CUDA host code without errors after the host
/// overloads (diagnostics are dropped).
bool parsesWithHostOverloads(llvm::StringRef Code) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile("/src/app.cu", 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  Memory->addFile("/src/overloads.h", 0,
                  llvm::MemoryBuffer::getMemBuffer(hostOverloadsText()));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), Overlay);
  std::vector<std::string> Args = {"clang++",
                                   "-x",
                                   "cuda",
                                   "--cuda-host-only",
                                   "-nocudainc",
                                   "-nocudalib",
                                   "-fsyntax-only",
                                   "-std=c++17",
                                   "-resource-dir=" +
                                       HostParseConfig::defaultResourceDir(),
                                   "-include",
                                   "/src/overloads.h",
                                   "/src/app.cu"};
  clang::tooling::ToolInvocation Invocation(
      Args, std::make_unique<clang::SyntaxOnlyAction>(), Files.get());
  // The base class counts the errors and prints nothing.
  clang::DiagnosticConsumer Counter;
  Invocation.setDiagnosticConsumer(&Counter);
  return Invocation.run() && Counter.getNumErrors() == 0;
}

TEST(ParseFileSystemTest, TheHostOverloadsResolveAsNvccs) {
  // Every mix nvcc's math headers declare, with its result type.
  EXPECT_TRUE(parsesWithHostOverloads(R"(
    template <class T, class U> struct Same;
    template <class T> struct Same<T, T> { static const bool value = true; };
    #define IS(T, E) static_assert(Same<T, decltype(E)>::value, #E)
    void f(int i, unsigned u, long l, unsigned long ul, long long ll,
           unsigned long long ull, float f, double d) {
      IS(int, min(i, i)); IS(int, max(i, i));
      IS(unsigned, min(i, u)); IS(unsigned, max(u, i));
      IS(unsigned, min(u, u));
      IS(long, min(l, l)); IS(unsigned long, max(l, ul));
      IS(unsigned long, min(ul, l)); IS(unsigned long, max(ul, ul));
      IS(long long, min(ll, ll)); IS(unsigned long long, max(ll, ull));
      IS(unsigned long long, min(ull, ll)); IS(unsigned long long, min(ull, ull));
      IS(float, min(f, f)); IS(double, max(d, d));
      IS(double, min(f, d)); IS(double, max(d, f));
      IS(unsigned, umin(u, u)); IS(unsigned, umax(u, u));
      IS(long long, llmin(ll, ll)); IS(long long, llmax(ll, ll));
      IS(unsigned long long, ullmin(ull, ull));
      IS(unsigned long long, ullmax(ull, ull));
    }
    // Templates and macros of the program's own still win, as with nvcc.
    template <class T> T min(T a, T b, T c) { return a; }
    int g(int i) { return min(i, i, i); }
    #define max(a, b) ((a) > (b) ? (a) : (b))
    int h(int i, unsigned u) { return max(i, 1) + min(i, u); }
  )"));
  // nvcc rejects a program that defines one of them again; so does the parse.
  EXPECT_FALSE(parsesWithHostOverloads(
      "static inline int min(int a, int b) { return a < b ? a : b; }\n"));
  // Device code does not see them.
  EXPECT_FALSE(parsesWithHostOverloads("__attribute__((device)) int f(int i, "
                                       "unsigned u) { return min(i, u); }\n"));
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
