//===- LibraryCallsTest.cpp - Which calls are library calls ---------------===//
///
/// Runs the instrument pipeline on in-memory sources that include the fake
/// GPU libraries of the lit tests (test/lit/Inputs/instrument/libraries)
/// and checks which calls become scope sites, under which names, and how
/// their brackets are written.
///
//===----------------------------------------------------------------------===//

#include "ast/LibraryCalls.h"
#include "ast/CompileFlags.h"
#include "ast/Instrument.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace headroom::ast;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

constexpr const char *FileName = "/virtual/app.cu";

class Quiet : public clang::DiagnosticConsumer {};

const std::string Inputs = HEADROOM_SOURCE_DIR "/test/lit/Inputs";

/// Instruments \p Code (with the fake libraries on the include path, and
/// \p Files in memory).
InstrumentResult
instrumentCode(llvm::StringRef Code, std::vector<std::string> Flags = {},
               std::vector<std::string> LibraryHeaders = {},
               std::vector<std::pair<std::string, std::string>> Files = {}) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(FileName, 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  for (const auto &[Path, Text] : Files)
    Memory->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Text));
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  Flags.insert(Flags.begin(),
               {"-nocudainc", "-nocudalib", "-I" + Inputs + "/fake-cuda",
                "-I" + Inputs + "/instrument/libraries"});
  if (std::find_if(Flags.begin(), Flags.end(), [](const std::string &F) {
        return llvm::StringRef(F).starts_with("-std=");
      }) == Flags.end())
    Flags.push_back("-std=c++17");
  auto Command = commandFromFlags(FileName, Flags, HostParseConfig());
  EXPECT_TRUE(static_cast<bool>(Command));
  if (!Command) {
    llvm::consumeError(Command.takeError());
    return {};
  }
  Quiet Diagnostics;
  InstrumentRequest Request;
  Request.CommandLine = std::move(Command->CommandLine);
  Request.FileSystem = Overlay;
  Request.Diagnostics = &Diagnostics;
  Request.LibraryHeaders = std::move(LibraryHeaders);
  llvm::Expected<InstrumentResult> Result = instrument(Request);
  EXPECT_TRUE(static_cast<bool>(Result));
  if (!Result) {
    ADD_FAILURE() << llvm::toString(Result.takeError());
    return {};
  }
  return std::move(*Result);
}

/// "line:name" of each library call instrumented.
std::vector<std::string> bracketed(const InstrumentResult &R) {
  std::vector<std::string> Out;
  for (const LaunchSite &S : R.Sites)
    if (S.isLibraryCall() && S.Status == SiteStatus::Instrumented)
      Out.push_back(std::to_string(S.Launch.Line) + ":" + S.KernelName);
  return Out;
}

TEST(LibraryCallsTest, ScopesAreNamedWithoutInlineNamespacesOrArguments) {
  InstrumentResult R =
      instrumentCode("#include <cub/cub.cuh>\n"
                     "#include <cublas_v2.h>\n"
                     "#include <cutlass/gemm/device/gemm.h>\n"
                     "#include <thrust/device_vector.h>\n"
                     "#include <thrust/sort.h>\n"
                     "#include <thrust/universal_vector.h>\n"
                     "void f(cublasHandle_t H, int *X, size_t &B) {\n"
                     "  cublasCreate(&H);\n"
                     "  thrust::sort(thrust::device, X, X + 4);\n"
                     "  cub::DeviceRadixSort::SortKeys(nullptr, B, X, X, 4);\n"
                     "  cutlass::gemm::device::Gemm<float> Op;\n"
                     "  Op();\n"
                     "  thrust::universal_vector<int> U(4);\n"
                     "  U.resize(8);\n"
                     "  using Vector = thrust::device_vector<float>;\n"
                     "  Vector V(4);\n"
                     "  V.resize(2);\n"
                     "}\n");
  EXPECT_THAT(bracketed(R),
              ElementsAre("8:cublasCreate", "9:thrust::sort",
                          "10:cub::DeviceRadixSort::SortKeys",
                          "12:cutlass::gemm::device::Gemm::operator()",
                          "13:thrust::universal_vector",
                          "14:thrust::universal_vector::resize",
                          "16:thrust::device_vector",
                          "17:thrust::device_vector::resize"));
}

TEST(LibraryCallsTest, ThrustUtilitiesAndAllocationsAreNoLibraryCalls) {
  // None takes an execution policy first (malloc does, but allocates).
  InstrumentResult R = instrumentCode(
      "#include <thrust/device_vector.h>\n"
      "#include <thrust/memory.h>\n"
      "void f(thrust::device_vector<int> &V) {\n"
      "  int *P = thrust::raw_pointer_cast(V.data());\n"
      "  auto Z = thrust::make_zip_iterator(V.begin(), V.end());\n"
      "  auto N = thrust::distance(V.begin(), V.end());\n"
      "  auto Pair = thrust::make_pair(P, N);\n"
      "  void *M = thrust::malloc(thrust::device, 16);\n"
      "  (void)Z, (void)Pair, (void)M;\n"
      "}\n");
  EXPECT_THAT(bracketed(R), IsEmpty());
}

TEST(LibraryCallsTest, DeviceVectorMembersThatMayLaunch) {
  InstrumentResult R = instrumentCode(
      "#include <thrust/device_vector.h>\n"
      "#include <thrust/host_vector.h>\n"
      "#include <utility>\n"
      "void f(thrust::device_vector<int> &V, thrust::device_vector<int> W) {\n"
      "  thrust::device_vector<int> Empty;\n"
      "  thrust::device_vector<int> "
      "Allocated{thrust::device_allocator<int>()};\n"
      "  thrust::device_vector<int> Moved(std::move(W));\n"
      "  thrust::device_vector<int> Copied(V);\n"
      "  V.size(); V.begin(); V.data(); V.clear(); V.pop_back(); "
      "V.swap(Moved);\n"
      "  V.resize(3); V.reserve(9); V.shrink_to_fit(); V.assign(2, 1);\n"
      "  V.push_back(4); V.insert(V.begin(), 5); V.erase(V.begin(), V.end());\n"
      "  V = Copied;\n"
      "  V = std::move(Copied);\n"
      "  thrust::host_vector<int> H(3);\n"
      "  H.resize(4);\n"
      "}\n");
  EXPECT_THAT(bracketed(R),
              ElementsAre("8:thrust::device_vector",
                          "10:thrust::device_vector::resize",
                          "10:thrust::device_vector::reserve",
                          "10:thrust::device_vector::shrink_to_fit",
                          "10:thrust::device_vector::assign",
                          "11:thrust::device_vector::push_back",
                          "11:thrust::device_vector::insert",
                          "11:thrust::device_vector::erase",
                          "12:thrust::device_vector::operator="));
}

TEST(LibraryCallsTest, OnlyHostCodeCallsLibrariesOfTheHost) {
  InstrumentResult R = instrumentCode(
      "#include <curand_kernel.h>\n"
      "#include <cub/cub.cuh>\n"
      "#include <thrust/sort.h>\n"
      "__global__ void k(int *X) {\n"
      "  curandStateXORWOW S;\n"
      "  curand_init(1, 0, 0, &S);\n"
      "  thrust::sort(X, X + 4);\n"
      "}\n"
      "__device__ void d(int *X) { thrust::sort(X, X + 4); }\n"
      "__host__ __device__ void hd(int *X) { thrust::sort(X, X + 4); }\n"
      "int cublasMine() { return 0; }\n"
      "void h(int *X) {\n"
      "  cublasMine();\n"
      "  thrust::sort(X, X + 4);\n"
      "}\n");
  // A cublas* function of the project's own source is none of cuBLAS's.
  EXPECT_THAT(bracketed(R), ElementsAre("14:thrust::sort"));
}

TEST(LibraryCallsTest, CallsThatNeverRunWhereWrittenAreLeftOut) {
  InstrumentResult R = instrumentCode(
      "#include <cublas_v2.h>\n"
      "#include <thrust/device_vector.h>\n"
      "#include <thrust/reduce.h>\n"
      "template <typename V> constexpr auto sum(V &X) {\n"
      "  return thrust::reduce(X.begin(), X.end());\n"
      "}\n"
      "thrust::device_vector<int> G;\n"
      "void withDefault(int N = thrust::reduce(G.begin(), G.end())) {}\n"
      "void f(thrust::device_vector<int> &V, cublasHandle_t H) {\n"
      "  using R = decltype(thrust::reduce(V.begin(), V.end()));\n"
      "  auto S = sizeof(thrust::reduce(V.begin(), V.end()));\n"
      "  bool N = noexcept(thrust::reduce(V.begin(), V.end()));\n"
      "  static_assert(sizeof(cublasCreate(&H)) > 0, \"\");\n"
      "  auto L = [&]() constexpr { return thrust::reduce(V.begin(), V.end()); "
      "};\n"
      "  withDefault();\n"
      "  if constexpr (sizeof(R) > 0)\n"
      "    thrust::reduce(V.begin(), V.end());\n"
      "  (void)S, (void)N, (void)L;\n"
      "}\n");
  EXPECT_THAT(bracketed(R), ElementsAre("17:thrust::reduce"));
}

TEST(LibraryCallsTest, TheBracketFitsWhereTheCallIs) {
  std::string Code = "#include <cublas_v2.h>\n"
                     "#include <thrust/device_vector.h>\n"
                     "#include <thrust/reduce.h>\n"
                     "thrust::device_vector<int> G(4);\n"
                     "int Sum = thrust::reduce(G.begin(), G.end());\n"
                     "struct S {\n"
                     "  thrust::device_vector<int> M = "
                     "thrust::device_vector<int>(2);\n"
                     "};\n"
                     "void f(cublasHandle_t H) { cublasCreate(&H); }\n";
  auto Brackets = [](const InstrumentResult &R) {
    std::vector<CallBracket> Out;
    for (const LaunchSite &Site : R.Sites)
      Out.push_back(Site.Bracket);
    return Out;
  };
  EXPECT_THAT(Brackets(instrumentCode(Code)),
              ElementsAre(CallBracket::Temporary,
                          CallBracket::LambdaWithoutCapture,
                          CallBracket::Temporary, CallBracket::Lambda));
  // Before C++14 there is no decltype(auto); the fake thrust needs C++17.
  InstrumentResult Cxx11 =
      instrumentCode("#include <cublas_v2.h>\n"
                     "void f(cublasHandle_t H) { cublasCreate(&H); }\n",
                     {"-std=c++11"});
  EXPECT_THAT(Brackets(Cxx11), ElementsAre(CallBracket::Temporary));
}

TEST(LibraryCallsTest, ListedHeadersMakeEveryFunctionALibraryCall) {
  std::string Header = "#pragma once\n"
                       "namespace lib {\n"
                       "struct Engine {\n"
                       "  Engine() {}\n"
                       "  explicit Engine(int) {}\n"
                       "  Engine(const Engine &) = default;\n"
                       "  void run() {}\n"
                       "};\n"
                       "inline int launch(int N) { return N; }\n"
                       "}\n";
  std::string Code = "#include \"/virtual/lib/include/engine.h\"\n"
                     "void f() {\n"
                     "  lib::Engine A(3);\n"
                     "  lib::Engine B = A;\n"
                     "  A.run();\n"
                     "  lib::launch(2);\n"
                     "}\n";
  std::vector<std::pair<std::string, std::string>> Files = {
      {"/virtual/lib/include/engine.h", Header}};
  EXPECT_THAT(bracketed(instrumentCode(Code, {}, {}, Files)), IsEmpty());
  EXPECT_THAT(
      bracketed(instrumentCode(Code, {}, {"/virtual/lib/include/"}, Files)),
      ElementsAre("3:lib::Engine", "5:lib::Engine::run", "6:lib::launch"));
  EXPECT_THAT(
      bracketed(instrumentCode(Code, {}, {"/virtual/lib"}, Files)),
      ElementsAre("3:lib::Engine", "5:lib::Engine::run", "6:lib::launch"));
  EXPECT_THAT(bracketed(instrumentCode(Code, {}, {"/virtual/li"}, Files)),
              IsEmpty());
}

TEST(LibraryCallsTest, TheCatalogTellsListedHeadersByDirectory) {
  LibraryCatalog Catalog({"/opt/lib/include/", "/usr/./include/x"});
  EXPECT_TRUE(Catalog.isListedHeader("/opt/lib/include/a.h"));
  EXPECT_TRUE(Catalog.isListedHeader("/opt/lib/include/sub/b.h"));
  EXPECT_TRUE(Catalog.isListedHeader("/usr/include/x/c.h"));
  EXPECT_FALSE(Catalog.isListedHeader("/opt/lib/includes/a.h"));
  EXPECT_FALSE(Catalog.isListedHeader("/opt/lib/include"));
  EXPECT_FALSE(LibraryCatalog().isListedHeader("/opt/lib/include/a.h"));
}

} // namespace
