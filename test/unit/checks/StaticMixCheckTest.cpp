//===- StaticMixCheckTest.cpp - headroom-static-mix -----------------------===//

#include "checks/StaticMixCheck.h"

#include "checks/CheckRegistry.h"
#include "devices/DeviceRegistry.h"
#include "sass/SassListing.h"
#include "support/Paths.h"
#include "support/Quantities.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::sass;
using ::testing::HasSubstr;

namespace {

/// The functions of a SASS fixture of the sass tests.
std::vector<Function> functions(const char *Name) {
  Expected<std::string> Text =
      readFile(std::string(HEADROOM_SOURCE_DIR "/test/unit/sass/data/") + Name);
  EXPECT_TRUE(Text) << Text.error().message();
  auto Fs = parseSassListing(Text ? *Text : "", Name);
  EXPECT_TRUE(Fs) << Fs.error().message();
  return Fs ? *Fs : std::vector<Function>{};
}

TEST(StaticMixCheck, TheNoteNamesWhatSetsTheCap) {
  DeviceRegistry Registry("", HEADROOM_SOURCE_DIR "/passes/devices");
  auto H100 = Registry.lookup("H100-SXM");
  ASSERT_TRUE(H100) << H100.error().message();
  const DeviceParameters &D = H100->Device;
  std::vector<Function> Fs = functions("quickstart.sass");
  const Function *G = nullptr;
  for (const Function &F : Fs)
    if (F.Name == "_Z5sgemmiPKfS0_Pf")
      G = &F;
  ASSERT_TRUE(G);
  KernelMix M = mixOf(*G, 10);
  StaticCap C = staticCap(M, D);
  StaticKernel K;
  K.Mix = M;
  K.Display = "sgemm";
  K.Definition = SourceLocation{"q.cu", 34, 17};
  K.Resources = KernelResources{32, 8192, 0, 0};
  Diagnostic Note = checkStaticMix().diagnostic(K, D, "H100-SXM");
  EXPECT_EQ(Note.Check, "headroom-static-mix");
  EXPECT_EQ(Note.Level, DiagnosticLevel::Note);
  EXPECT_THAT(Note.Message, HasSubstr("kernel 'sgemm': at most " +
                                      formatPercent(C.ShareOfPeak) +
                                      " of the FP32 peak on H100-SXM"));
  ASSERT_GE(Note.Notes.size(), 3u);
  EXPECT_EQ(Note.Notes[0].Message,
            "load/store instructions are 51% of its instructions, loops "
            "weighted");
  EXPECT_THAT(Note.Notes[Note.Notes.size() - 2].Message,
              HasSubstr("D_ldst 51%"));
  EXPECT_THAT(Note.Notes.back().Message,
              HasSubstr("32 registers per thread (at most 64 of 64 warps per "
                        "SM), 8192 bytes of shared memory per block (at most "
                        "25 blocks per SM)"));
}

/// "kernel: note" for each note of the static mix on the H100 of the
/// kernels of SASS fixture \p Fixture that mentions \p Words.
std::vector<std::string> notesMentioning(const char *Fixture,
                                         const std::string &Words) {
  DeviceRegistry Registry("", HEADROOM_SOURCE_DIR "/passes/devices");
  auto H100 = Registry.lookup("H100-SXM");
  EXPECT_TRUE(H100) << H100.error().message();
  std::vector<std::string> Found;
  if (!H100)
    return Found;
  for (const StaticKernel &K :
       staticKernels(functions(Fixture), {}, {}, DefaultLoopWeight)) {
    Diagnostic D = checkStaticMix().diagnostic(K, H100->Device, "H100-SXM");
    for (const Diagnostic &N : D.Notes)
      if (N.Message.find(Words) != std::string::npos)
        Found.push_back(K.Display + ": " + N.Message);
  }
  return Found;
}

TEST(StaticMixCheck, NotesOneWordAtomicsWithTheDevicesRate) {
  std::vector<std::string> Found =
      notesMentioning("atomics-cuda13.sass", "one word");
  ASSERT_EQ(Found.size(), 2u); // reduceWarpKernel, reduceAtomicKernel
  EXPECT_THAT(Found[1],
              HasSubstr("reduceAtomicKernel: 1 fp32 atomic add instruction to "
                        "one word for the whole grid (SASS 0x0100): the L2 "
                        "slice that holds the word applies its adds one after "
                        "another, at most 569 M per second on H100-SXM"));
}

TEST(StaticMixCheck, NotesLoopsThatKeepOneLoadInFlight) {
  std::vector<std::string> Found =
      notesMentioning("loads-cuda13.sass", "in flight");
  // The softmax's three row loops and the L2 passes' loop; not the
  // straight-line stencil nor the unrolled sparse product.
  ASSERT_EQ(Found.size(), 2u);
  EXPECT_THAT(Found[0],
              HasSubstr("softmaxKernel: its loops keep 1.0 global load in "
                        "flight before using one (3 loads in 3 rounds): each "
                        "round waits a whole load-to-use latency, however many "
                        "warps are resident (140 ns from L2, 344 ns from DRAM "
                        "on H100-SXM); load several values before using the "
                        "first"));
  EXPECT_THAT(Found[1], HasSubstr("l2PassesKernel: its loops keep 1.0"));
}

} // namespace
