//===- NvccCommandTest.cpp - Tests for nvcc command parsing ---------------===//

#include "nvccargs/NvccCommand.h"
#include "nvccargs/NvccOptions.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <filesystem>
#include <fstream>
#include <set>

using namespace headroom::nvccargs;
using ::testing::ElementsAre;

namespace {

NvccCommand parsed(std::vector<std::string> Args, std::string Dir = ".") {
  auto C = NvccCommand::parse(std::move(Args), Dir);
  EXPECT_TRUE(static_cast<bool>(C));
  return C ? *C : *NvccCommand::parse({}, ".");
}

std::vector<std::string> inputPaths(const NvccCommand &C) {
  std::vector<std::string> Out;
  for (const CommandInput &In : C.inputs())
    Out.push_back(In.Path);
  return Out;
}

TEST(NvccOptionsTest, ExactSpellingsWinOverJoinedValues) {
  EXPECT_EQ(matchOption("-lineinfo").Spec->Long, "--generate-line-info");
  EXPECT_EQ(matchOption("-lib").Spec->Id, OptionId::Lib);
  EXPECT_EQ(matchOption("-Ofc").Spec->Long, "--Ofast-compile");
  OptionMatch L = matchOption("-lcublas");
  EXPECT_EQ(L.Spec->Long, "--library");
  EXPECT_EQ(L.InlineValue, "cublas");
  OptionMatch O = matchOption("-O3");
  EXPECT_EQ(O.Spec->Id, OptionId::Optimize);
  EXPECT_EQ(O.InlineValue, "3");
  EXPECT_EQ(matchOption("-MD").Spec->Id, OptionId::DepsWithCompile);
  EXPECT_EQ(matchOption("-M").Spec->Id, OptionId::Deps);
  EXPECT_EQ(matchOption("-m64").Spec->Id, OptionId::M64);
}

TEST(NvccOptionsTest, ValuesAfterEqualsOnlyForValueOptions) {
  OptionMatch A = matchOption("--gpu-architecture=sm_90");
  EXPECT_EQ(A.Spec->Id, OptionId::GpuArchitecture);
  EXPECT_EQ(A.InlineValue, "sm_90");
  EXPECT_EQ(matchOption("-o=x.o").InlineValue, "x.o");
  // nvcc rejects these; they are not nvcc's, so the host compiler's.
  EXPECT_FALSE(matchOption("-c=1"));
  EXPECT_FALSE(matchOption("-oout.o"));
  EXPECT_FALSE(matchOption("-xcu"));
  EXPECT_FALSE(matchOption("-Wall"));
  EXPECT_FALSE(matchOption("-fPIC"));
}

TEST(NvccOptionsTest, EveryOptionIsSpelledOnce) {
  std::set<std::string_view> Seen;
  for (const OptionSpec &S : allOptions()) {
    EXPECT_TRUE(S.Long.starts_with("--")) << S.Long;
    EXPECT_TRUE(Seen.insert(S.Long).second) << S.Long;
    if (!S.Short.empty())
      EXPECT_TRUE(Seen.insert(S.Short).second) << S.Short;
    if (S.Joined)
      EXPECT_EQ(S.Short.size(), 2u) << S.Short;
  }
}

TEST(NvccCommandTest, ValuesAreNotInputs) {
  NvccCommand C = parsed({"-o", "out.cu", "-I", "inc.cu", "-x", "cu", "-MF",
                          "deps.cu", "a.cu", "-Xcompiler", "b.cu"});
  EXPECT_THAT(inputPaths(C), ElementsAre("a.cu"));
  EXPECT_EQ(C.lastValue(OptionId::Output), "out.cu");
}

TEST(NvccCommandTest, InputKindsFollowExtensionsAndDashX) {
  NvccCommand C = parsed(
      {"a.cu", "b.cpp", "c.o", "libd.a", "e.ptx", "f.c", "g.ii", "h.txt"});
  std::vector<InputKind> Kinds;
  for (const CommandInput &In : C.inputs())
    Kinds.push_back(In.Kind);
  EXPECT_THAT(Kinds, ElementsAre(InputKind::Cuda, InputKind::Cxx,
                                 InputKind::Object, InputKind::Library,
                                 InputKind::DeviceCode, InputKind::C,
                                 InputKind::Preprocessed, InputKind::Other));
  // -x applies to every source, wherever it is written.
  NvccCommand X = parsed({"b.cpp", "c.o", "-x", "cu", "f.c"});
  std::vector<InputKind> XKinds;
  for (const CommandInput &In : X.inputs())
    XKinds.push_back(In.Kind);
  EXPECT_THAT(XKinds,
              ElementsAre(InputKind::Cuda, InputKind::Object, InputKind::Cuda));
  NvccCommand Cxx = parsed({"--x=c++", "a.cu"});
  EXPECT_EQ(Cxx.inputs()[0].Kind, InputKind::Cxx);
}

TEST(NvccCommandTest, Phases) {
  EXPECT_EQ(parsed({"a.cu"}).phase(), Phase::Link);
  EXPECT_EQ(parsed({"-c", "a.cu"}).phase(), Phase::Compile);
  EXPECT_EQ(parsed({"--device-c", "a.cu"}).phase(), Phase::Compile);
  EXPECT_EQ(parsed({"-dw", "a.cu"}).phase(), Phase::Compile);
  EXPECT_EQ(parsed({"-c", "-E", "a.cu"}).phase(), Phase::Preprocess);
  EXPECT_EQ(parsed({"-M", "a.cu"}).phase(), Phase::Dependencies);
  EXPECT_EQ(parsed({"-MM", "a.cu"}).phase(), Phase::Dependencies);
  EXPECT_EQ(parsed({"-MD", "-c", "a.cu"}).phase(), Phase::Compile);
  EXPECT_EQ(parsed({"-ptx", "a.cu"}).phase(), Phase::DeviceOnly);
  EXPECT_EQ(parsed({"-cubin", "a.cu"}).phase(), Phase::DeviceOnly);
  EXPECT_EQ(parsed({"-cuda", "a.cu"}).phase(), Phase::HostIntermediate);
  EXPECT_EQ(parsed({"-dlink", "a.o"}).phase(), Phase::DeviceLink);
  EXPECT_EQ(parsed({"-lib", "a.cu"}).phase(), Phase::Library);
  EXPECT_EQ(parsed({"--version"}).phase(), Phase::NoCompile);
  EXPECT_EQ(parsed({"-hls=gen-lcs"}).phase(), Phase::NoCompile);
  EXPECT_EQ(parsed({"-dryrun", "-c", "a.cu"}).phase(), Phase::Dryrun);
  EXPECT_TRUE(parsed({"a.o", "-o", "app"}).linksHostBinary());
  EXPECT_TRUE(parsed({"-shared", "a.o"}).linksHostBinary());
  EXPECT_FALSE(parsed({"-r", "a.o"}).linksHostBinary());
  EXPECT_FALSE(parsed({"-c", "a.cu"}).linksHostBinary());
  EXPECT_TRUE(parsed({"-c", "-MMD", "a.cu"}).writesDependenciesWithCompile());
  EXPECT_FALSE(parsed({"-M", "a.cu"}).writesDependenciesWithCompile());
}

TEST(NvccCommandTest, ListValuesSplitAtCommas) {
  NvccCommand C = parsed({"-Ia,b", "--define-macro=X=1,Y", "-o", "a,b.o"});
  std::vector<std::vector<std::string>> Values;
  for (const ParsedArg &A : C.parsed())
    Values.push_back(A.values());
  EXPECT_THAT(Values,
              ElementsAre(ElementsAre("a", "b"), ElementsAre("X=1", "Y"),
                          ElementsAre("a,b.o")));
}

TEST(NvccCommandTest, OptionsFilesAreParsedAndMarked) {
  std::filesystem::path Dir =
      std::filesystem::temp_directory_path() / "headroom-nvcc-command-test";
  std::filesystem::create_directories(Dir);
  std::ofstream(Dir / "args.rsp") << "-DFROM_FILE \"-I/a b\" in.cu -o x.o\n";
  NvccCommand C =
      parsed({"-c", "--options-file", "args.rsp", "main.cu"}, Dir.string());
  std::vector<CommandInput> Inputs = C.inputs();
  ASSERT_EQ(Inputs.size(), 2u);
  EXPECT_EQ(Inputs[0].Path, "in.cu");
  EXPECT_TRUE(Inputs[0].FromOptionsFile);
  EXPECT_EQ(Inputs[0].Index, 1u); // the --options-file argument
  EXPECT_EQ(Inputs[1].Path, "main.cu");
  EXPECT_FALSE(Inputs[1].FromOptionsFile);
  EXPECT_EQ(Inputs[1].Index, 3u);
  EXPECT_EQ(C.lastValue(OptionId::Output), "x.o");
  auto Missing = NvccCommand::parse({"-optf", "nope.rsp"}, Dir.string());
  EXPECT_FALSE(static_cast<bool>(Missing));
  std::filesystem::remove_all(Dir);
}

TEST(NvccCommandTest, AMissingValueIsAnError) {
  auto C = NvccCommand::parse({"-c", "a.cu", "-o"}, ".");
  ASSERT_FALSE(static_cast<bool>(C));
  EXPECT_EQ(C.error().message(), "nvcc option '-o' is missing its value");
}

} // namespace
