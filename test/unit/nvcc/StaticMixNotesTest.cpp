//===- StaticMixNotesTest.cpp - Tests for the static mix in builds --------===//

#include "nvcc/StaticMixNotes.h"

#include "support/Paths.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <filesystem>
#include <fstream>

using namespace headroom;
using namespace headroom::nvcc;
namespace fs = std::filesystem;

namespace {

sass::StaticKernel kernel(const std::string &Mangled,
                          const std::string &Display) {
  sass::StaticKernel K;
  K.Mangled = Mangled;
  K.Display = Display;
  return K;
}

TEST(StaticMixNotesTest, KernelsArePlacedByMangledNameFirst) {
  std::vector<sass::StaticKernel> Ks = {kernel("_Z5saxpyifPKfPf", "saxpy")};
  // Another overload of the name, and the kernel itself.
  placeKernels(Ks, {{"_Z5saxpyidPKdPd", "saxpy", "a.cu", 10, 17},
                    {"_Z5saxpyifPKfPf", "saxpy", "a.cu", 20, 17}});
  ASSERT_TRUE(Ks[0].Definition);
  EXPECT_EQ(Ks[0].Definition->Line, 20u);
  EXPECT_EQ(Ks[0].Definition->File, "a.cu");
}

TEST(StaticMixNotesTest, KernelsArePlacedByANameOnlyOneDeclarationHas) {
  // nvcc's name of an anonymous-namespace kernel is not clang's.
  std::vector<sass::StaticKernel> Ks = {
      kernel("_ZN47_GLOBAL__N__59b3c8fb_10_latency_cu_baa3f9d8_49915serialFma"
             "KernelEPKfPfffj",
             "serialFmaKernel"),
      kernel("_Z4tileILi1EEvPf", "tile")};
  placeKernels(Ks, {{"_ZN12_GLOBAL__N_115serialFmaKernelEPKfPfffj",
                     "(anonymous namespace)::serialFmaKernel", "l.cu", 184, 17},
                    // Two instantiations of one template: one place.
                    {"_Z4tileILi0EEvPf", "tile", "l.cu", 50, 6},
                    {"_Z4tileILi2EEvPf", "tile", "l.cu", 50, 6}});
  ASSERT_TRUE(Ks[0].Definition);
  EXPECT_EQ(Ks[0].Definition->Line, 184u);
  ASSERT_TRUE(Ks[1].Definition);
  EXPECT_EQ(Ks[1].Definition->Line, 50u);
}

TEST(StaticMixNotesTest, AnAmbiguousNameKeepsWhatTheSourceSearchFound) {
  std::vector<sass::StaticKernel> Ks = {kernel("_Z1kv_nvcc", "k")};
  Ks[0].Definition = SourceLocation{"a.cu", 3, 17};
  placeKernels(
      Ks, {{"_Z1kPf", "k", "a.cu", 10, 17}, {"_Z1kPd", "k", "a.cu", 20, 17}});
  ASSERT_TRUE(Ks[0].Definition);
  EXPECT_EQ(Ks[0].Definition->Line, 3u);
}

TEST(StaticMixNotesTest, OneArchitectureIsKept) {
  std::vector<sass::Function> Fs(4);
  Fs[0].Name = Fs[1].Name = "a";
  Fs[2].Name = Fs[3].Name = "b";
  Fs[0].Arch = Fs[2].Arch = "sm_80";
  Fs[1].Arch = Fs[3].Arch = "sm_90";
  std::vector<sass::Function> Kept = oneArchitecture(Fs, "sm_80");
  ASSERT_EQ(Kept.size(), 2u);
  EXPECT_EQ(Kept[0].Arch, "sm_80");
  // An architecture the listing does not have: its newest.
  Kept = oneArchitecture(Fs, "sm_100");
  ASSERT_EQ(Kept.size(), 2u);
  EXPECT_EQ(Kept[1].Arch, "sm_90");
}

TEST(StaticMixNotesTest, CuobjdumpIsLookedForBesideNvcc) {
  fs::path Dir = fs::temp_directory_path() / "headroom-static-mix-notes";
  fs::remove_all(Dir);
  fs::create_directories(Dir);
  std::string Nvcc = (Dir / "nvcc").string();
  std::ofstream(Nvcc) << "#!/bin/sh\n";
  fs::permissions(Nvcc, fs::perms::owner_all);
  EXPECT_EQ(cuobjdumpBeside({"ccache", Nvcc}), "");
  std::string Tool = (Dir / "cuobjdump").string();
  std::ofstream(Tool) << "#!/bin/sh\n";
  fs::permissions(Tool, fs::perms::owner_all);
  EXPECT_EQ(cuobjdumpBeside({"ccache", Nvcc}), Tool);
  EXPECT_EQ(cuobjdumpBeside({}), "");
  fs::remove_all(Dir);
}

} // namespace
