//===- HeaderPchTest.cpp - Tests for the precompiled wrapper headers ------===//
///
/// The key and the force-includes a precompiled header stands for, and
/// whole instrumentations through it on a source that includes the real
/// CUDA runtime (skipped where the toolkit is missing): the result must be
/// the parse's without it, byte for byte, whether the header is built,
/// read, stale, damaged, refused by clang or written by two parses at once,
/// and whether it holds the source's own system headers too or a macro
/// before them keeps them out.
///
//===----------------------------------------------------------------------===//

#include "ast/HeaderPch.h"
#include "ast/CompileFlags.h"
#include "ast/Instrument.h"

#include "RecordingConsumer.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <thread>

using namespace headroom::ast;
using ::testing::HasSubstr;
using ::testing::StartsWith;

namespace {

namespace fs = std::filesystem;

constexpr const char *Wrapper = "__clang_cuda_runtime_wrapper.h";

TEST(HeaderPchTest, StandsForTheWrapperAndTheHostOverloadsOnly) {
  EXPECT_EQ(precompiledIncludeCount({}), 0u);
  EXPECT_EQ(precompiledIncludeCount({"user.h"}), 0u);
  EXPECT_EQ(precompiledIncludeCount({"user.h", Wrapper}), 0u);
  EXPECT_EQ(precompiledIncludeCount({Wrapper}), 1u);
  EXPECT_EQ(precompiledIncludeCount({Wrapper, "user.h"}), 1u);
  EXPECT_EQ(
      precompiledIncludeCount(
          {Wrapper, "/rd/include/__headroom_nvcc_host_overloads.h", "user.h"}),
      2u);
}

/// The invocation of the cc1 arguments \p Args.
std::unique_ptr<clang::CompilerInvocation>
invocation(std::vector<const char *> Args) {
  clang::DiagnosticOptions Options;
  clang::IgnoringDiagConsumer Ignore;
  clang::DiagnosticsEngine Diags(clang::DiagnosticIDs::create(), Options,
                                 &Ignore, /*ShouldOwnClient=*/false);
  auto Invocation = std::make_unique<clang::CompilerInvocation>();
  EXPECT_TRUE(
      clang::CompilerInvocation::CreateFromArgs(*Invocation, Args, Diags));
  return Invocation;
}

TEST(HeaderPchTest, KeyIsTheFlagsNotTheSource) {
  auto Key = [](std::vector<const char *> Args, llvm::StringRef Dir = "/w",
                llvm::StringRef Identity = "headroom:1:2") {
    return headerPchKey(*invocation(std::move(Args)), Dir, Identity);
  };
  std::string A = Key({"-x", "cuda", "-std=c++17", "-DN=1", "a.cu"});
  EXPECT_EQ(A.size(), 16u);
  // Another source of the same flag set, even with another main-file name.
  EXPECT_EQ(A, Key({"-x", "cuda", "-std=c++17", "-DN=1", "-main-file-name",
                    "b.cu", "b.cu"}));
  EXPECT_NE(A, Key({"-x", "cuda", "-std=c++17", "-DN=2", "a.cu"}));
  EXPECT_NE(A, Key({"-x", "cuda", "-std=c++20", "-DN=1", "a.cu"}));
  // Nor the compilation unit ID the driver makes of the source's name.
  EXPECT_EQ(A,
            Key({"-x", "cuda", "-std=c++17", "-DN=1", "-cuid=1f2e", "b.cu"}));
  // The project's include directories are not a PCH's (shadowedHeader).
  EXPECT_EQ(A, Key({"-x", "cuda", "-std=c++17", "-DN=1", "-I", "inc", "a.cu"}));
  EXPECT_EQ(A,
            Key({"-x", "cuda", "-std=c++17", "-DN=1", "-iquote", "q", "a.cu"}));
  EXPECT_NE(
      A, Key({"-x", "cuda", "-std=c++17", "-DN=1", "-isystem", "inc", "a.cu"}));
  EXPECT_NE(A, Key({"-x", "cuda", "-std=c++17", "-DN=1", "a.cu"}, "/v"));
  EXPECT_NE(A, Key({"-x", "cuda", "-std=c++17", "-DN=1", "a.cu"}, "/w",
                   "headroom:1:3"));
}

using headroom::test::RecordingConsumer;

/// A source that launches a kernel, includes more of the C++ library than
/// the wrapper does, and has a host `min` of int and unsigned (the host
/// overloads' header).
constexpr const char *Source = R"(#include <cstdio>
#include <vector>
namespace app {
template <typename T> __global__ void scale(T *x, T a) { x[threadIdx.x] *= a; }
}
int main() {
  std::vector<float> h(256, 1.0f);
  float *x = nullptr;
  cudaMalloc(&x, h.size() * sizeof(float));
  unsigned n = static_cast<unsigned>(h.size());
  app::scale<<<1, min(256, n)>>>(x, 2.0f);
  std::printf("%d\n", static_cast<int>(cudaDeviceSynchronize()));
}
)";

/// The whole of a result that a compile depends on, as text.
std::string describe(const InstrumentResult &R) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "main " << R.MainFile << "\n" << R.Source << "\nsites\n";
  for (const LaunchSite &Site : R.Sites)
    printSite(OS, Site);
  std::vector<std::string> Inputs = R.Inputs;
  std::sort(Inputs.begin(), Inputs.end());
  OS << "inputs\n";
  for (const std::string &I : Inputs)
    OS << I << "\n";
  OS << "tolerated\n";
  for (const std::string &E : R.ToleratedErrors)
    OS << E << "\n";
  return Text;
}

class HeaderPchParseTest : public ::testing::Test {
protected:
  void SetUp() override {
    if (!fs::exists(HostParseConfig::defaultCudaPath() +
                    "/include/cuda_runtime.h"))
      GTEST_SKIP() << "no CUDA toolkit at "
                   << HostParseConfig::defaultCudaPath();
    llvm::SmallString<128> Dir;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("headroom-pch", Dir));
    Root = std::string(Dir);
    File = write("app.cu", Source);
    Pch = Root + "/pch";
    Plain = run("").Text;
  }
  void TearDown() override {
    if (!Root.empty())
      fs::remove_all(Root);
  }

  /// One instrumentation: the result described, the PCH's note and
  /// clang's diagnostics.
  struct Run {
    std::string Text, Note, Messages;
  };

  /// Writes \p Text to \p Name in the test's directory; its path.
  std::string write(const std::string &Name, const std::string &Text) const {
    std::string Path = Root + "/" + Name;
    std::FILE *Out = std::fopen(Path.c_str(), "w");
    EXPECT_NE(Out, nullptr);
    if (Out) {
      std::fputs(Text.c_str(), Out);
      std::fclose(Out);
    }
    return Path;
  }

  /// Instruments \p Source (app.cu when empty) with the PCH directory
  /// \p Directory (none when empty), the source's system headers in the
  /// PCH too with \p SystemHeaders.
  Run run(const std::string &Directory, bool SystemHeaders = false,
          std::string Source = "",
          std::vector<std::string> Flags = {"-std=c++17"}) const {
    llvm::Expected<HostParseCommand> Command = commandFromFlags(
        Source.empty() ? File : Source, Flags, HostParseConfig());
    EXPECT_TRUE(static_cast<bool>(Command));
    if (!Command) {
      llvm::consumeError(Command.takeError());
      return {};
    }
    RecordingConsumer Diagnostics;
    InstrumentRequest Request;
    Request.CommandLine = Command->CommandLine;
    Request.Diagnostics = &Diagnostics;
    Request.Pch.Directory = Directory;
    Request.Pch.Identity = "test";
    Request.Pch.SystemHeaders = SystemHeaders;
    llvm::Expected<InstrumentResult> Result = instrument(Request);
    EXPECT_TRUE(static_cast<bool>(Result)) << Diagnostics.Messages;
    if (!Result) {
      llvm::consumeError(Result.takeError());
      return {};
    }
    EXPECT_EQ(Result->instrumentedCount(), 1u);
    return {describe(*Result), Result->PchNote, Diagnostics.Messages};
  }

  /// The one manifest in the PCH directory.
  std::string manifest() const {
    std::vector<std::string> Found;
    for (const fs::directory_entry &E : fs::directory_iterator(Pch))
      if (E.path().extension() == ".json")
        Found.push_back(E.path().string());
    EXPECT_EQ(Found.size(), 1u);
    return Found.empty() ? "" : Found.front();
  }
  llvm::json::Object readManifest() const {
    auto Text = llvm::MemoryBuffer::getFile(manifest());
    EXPECT_TRUE(static_cast<bool>(Text));
    llvm::Expected<llvm::json::Value> V =
        llvm::json::parse(Text ? (*Text)->getBuffer() : "");
    EXPECT_TRUE(static_cast<bool>(V));
    if (!V) {
      llvm::consumeError(V.takeError());
      return {};
    }
    return *V->getAsObject();
  }
  void writeManifest(const llvm::json::Object &O) const {
    std::error_code EC;
    llvm::raw_fd_ostream Out(manifest(), EC);
    ASSERT_FALSE(EC);
    Out << llvm::formatv("{0}", llvm::json::Value(llvm::json::Object(O)));
  }
  std::string pchFile() const {
    return Pch + "/" + readManifest().getString("pch").value_or("").str();
  }

  std::string Root, File, Pch, Plain;
};

TEST_F(HeaderPchParseTest, BuiltThenReadAndTheSameAsWithout) {
  EXPECT_THAT(Plain, HasSubstr("headroom_launch_begin"));
  Run Built = run(Pch);
  EXPECT_EQ(Built.Text, Plain);
  EXPECT_THAT(Built.Note, StartsWith("built the precompiled header"));
  EXPECT_TRUE(fs::exists(pchFile()));
  // The headers it stands for are inputs of the parse all the same.
  EXPECT_THAT(Plain, HasSubstr("/cuda_runtime.h\n"));
  Run Read = run(Pch);
  EXPECT_EQ(Read.Text, Plain);
  EXPECT_THAT(Read.Note,
              StartsWith("read its headers from the precompiled header"));
  EXPECT_EQ(Read.Messages, "");
}

TEST_F(HeaderPchParseTest, ChangedHeaderRebuildsIt) {
  run(Pch);
  llvm::json::Object M = readManifest();
  // As if a header had been edited since: its recorded size differs.
  llvm::json::Array &Inputs = *M.getArray("inputs");
  llvm::json::Array &First = *Inputs.front().getAsArray();
  std::string Header = First[0].getAsString().value_or("").str();
  First[1] = *First[1].getAsInteger() + 1;
  writeManifest(M);
  Run Rebuilt = run(Pch);
  EXPECT_EQ(Rebuilt.Text, Plain);
  EXPECT_THAT(Rebuilt.Note, StartsWith("built the precompiled header"));
  EXPECT_THAT(Rebuilt.Note, HasSubstr("'" + Header + "' changed"));
  Run Read = run(Pch);
  EXPECT_EQ(Read.Text, Plain);
  EXPECT_THAT(Read.Note, StartsWith("read its headers"));
}

TEST_F(HeaderPchParseTest, DamagedHeaderIsRebuilt) {
  run(Pch);
  std::string Old = pchFile();
  fs::resize_file(Old, fs::file_size(Old) / 2);
  Run Rebuilt = run(Pch);
  EXPECT_EQ(Rebuilt.Text, Plain);
  EXPECT_THAT(Rebuilt.Note, StartsWith("built the precompiled header"));
  EXPECT_THAT(Rebuilt.Note, HasSubstr("not the one written"));
  Run Read = run(Pch);
  EXPECT_EQ(Read.Text, Plain);
  EXPECT_THAT(Read.Note, StartsWith("read its headers"));
}

TEST_F(HeaderPchParseTest, HeaderClangRefusesIsLeftAlone) {
  run(Pch);
  // A damaged PCH that its manifest vouches for: only clang can tell.
  std::string File = pchFile();
  fs::resize_file(File, fs::file_size(File) / 2);
  auto Data = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  ASSERT_TRUE(static_cast<bool>(Data));
  llvm::json::Object M = readManifest();
  char Hash[17];
  std::snprintf(
      Hash, sizeof(Hash), "%016llx",
      static_cast<unsigned long long>(llvm::xxh3_64bits((*Data)->getBuffer())));
  M["size"] = static_cast<std::int64_t>((*Data)->getBufferSize());
  M["hash"] = Hash;
  writeManifest(M);
  testing::internal::CaptureStderr();
  Run Refused = run(Pch);
  // Nor does the attempt print anything (clang's "1 error generated").
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(Refused.Text, Plain);
  EXPECT_THAT(Refused.Note, StartsWith("parsed without a precompiled header: "
                                       "clang refused"));
  // clang's complaint about the file is not the parse's.
  EXPECT_EQ(Refused.Messages, "");
}

TEST_F(HeaderPchParseTest, UnwritableDirectoryParsesWithout) {
  std::string Blocked = Root + "/file";
  std::FILE *Out = std::fopen(Blocked.c_str(), "w");
  ASSERT_NE(Out, nullptr);
  std::fclose(Out);
  Run Without = run(Blocked + "/pch");
  EXPECT_EQ(Without.Text, Plain);
  EXPECT_THAT(Without.Note, StartsWith("parsed without a precompiled header: "
                                       "cannot write"));
}

TEST_F(HeaderPchParseTest, SystemHeadersToo) {
  // Seen once: the PCH of the wrapper alone.
  Run First = run(Pch, /*SystemHeaders=*/true);
  EXPECT_EQ(First.Text, Plain);
  EXPECT_THAT(First.Note, StartsWith("built the precompiled header of its "
                                     "headers ("));
  EXPECT_THAT(First.Note, HasSubstr("; not its system headers: the first "
                                    "parse with them"));
  Run Built = run(Pch, /*SystemHeaders=*/true);
  EXPECT_EQ(Built.Text, Plain);
  EXPECT_THAT(Built.Note, StartsWith("built the precompiled header of its "
                                     "headers and the 2 system headers its "
                                     "files include"));
  Run Read = run(Pch, /*SystemHeaders=*/true);
  EXPECT_EQ(Read.Text, Plain);
  EXPECT_THAT(Read.Note, StartsWith("read its headers and the 2 system "
                                    "headers its files include from"));
  EXPECT_EQ(Read.Messages, "");
}

/// A source that includes <vector>, after what comes before it.
constexpr const char *VectorSource = R"(#include <vector>
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }
int main() {
  std::vector<float> h(32);
  float *x = nullptr;
  k<<<1, 32>>>(x);
  return static_cast<int>(h.size());
}
)";

TEST_F(HeaderPchParseTest, MacroBeforeSystemHeadersKeepsThemOut) {
  // A macro, before a system header, that changes it.
  std::string Debug = write("debug.cu", "#define _GLIBCXX_DEBUG 1\n" +
                                            std::string(VectorSource));
  std::string Without = run("", false, Debug).Text;
  EXPECT_THAT(Without, HasSubstr("/debug/vector\n"));
  run(Pch, /*SystemHeaders=*/true, Debug);
  // Their PCH built, not read.
  Run Kept = run(Pch, /*SystemHeaders=*/true, Debug);
  EXPECT_EQ(Kept.Text, Without);
  EXPECT_THAT(Kept.Note, StartsWith("read its headers from the precompiled "
                                    "header"));
  EXPECT_THAT(Kept.Note,
              HasSubstr("; not its system headers: its macro '_GLIBCXX_DEBUG' "
                        "comes before a system header that uses it"));
}

TEST_F(HeaderPchParseTest, MacroInInactiveBlockDoesNot) {
  std::string Windows =
      write("windows.cu", "#ifdef _WIN32\n#define _GLIBCXX_DEBUG 1\n#endif\n" +
                              std::string(VectorSource));
  std::string Without = run("", false, Windows).Text;
  run(Pch, /*SystemHeaders=*/true, Windows);
  Run Built = run(Pch, /*SystemHeaders=*/true, Windows);
  EXPECT_EQ(Built.Text, Without);
  EXPECT_THAT(Built.Note, StartsWith("built the precompiled header of its "
                                     "headers and the 1 system header its"));
}

TEST_F(HeaderPchParseTest, ProjectDirectoriesShareItUnlessTheyShadow) {
  run(Pch);
  fs::create_directories(Root + "/other");
  Run Other = run(Pch, false, "", {"-std=c++17", "-I" + Root + "/other"});
  EXPECT_EQ(Other.Text, Plain);
  EXPECT_THAT(Other.Note, StartsWith("read its headers from the precompiled "
                                     "header"));
  // inc/cstdlib is what the parse reads for the wrapper's <cstdlib>.
  fs::create_directories(Root + "/inc");
  write("inc/cstdlib", "#include_next <cstdlib>\n");
  std::vector<std::string> Flags = {"-std=c++17", "-I" + Root + "/inc"};
  std::string Without = run("", false, "", Flags).Text;
  Run Shadowed = run(Pch, false, "", Flags);
  EXPECT_EQ(Shadowed.Text, Without);
  EXPECT_THAT(Shadowed.Note,
              StartsWith("parsed without a precompiled header: its include "
                         "directory '" +
                         fs::canonical(Root + "/inc").string() +
                         "' has 'cstdlib', a header the precompiled header "
                         "holds"));
}

TEST_F(HeaderPchParseTest, ParsesAtOnceAgree) {
  std::string A, B;
  std::thread First([&] { A = run(Pch).Text; });
  std::thread Second([&] { B = run(Pch).Text; });
  First.join();
  Second.join();
  EXPECT_EQ(A, Plain);
  EXPECT_EQ(B, Plain);
  Run Read = run(Pch);
  EXPECT_EQ(Read.Text, Plain);
  EXPECT_THAT(Read.Note, StartsWith("read its headers"));
}

} // namespace
