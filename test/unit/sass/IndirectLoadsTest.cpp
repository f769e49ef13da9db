//===- IndirectLoadsTest.cpp - Global loads through a loaded address ------===//

#include "sass/IndirectLoads.h"

#include "sass/SassFacts.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::sass;

namespace {

/// One sm_90 function of \p Body (cuobjdump's instruction lines, without
/// the encodings).
Function oneFunction(const std::string &Body) {
  std::string Text = "\tcode for sm_90\n\t\tFunction : _Z1kPf\n" + Body;
  auto Fs = parseSassListing(Text, "test");
  EXPECT_TRUE(Fs) << Fs.error().message();
  return Fs && !Fs->empty() ? Fs->front() : Function{};
}

TEST(IndirectLoads, AGatherLoadsThroughTheIndexItLoaded) {
  // Out[i] = Table[Idx[i]], as nvcc compiles it: the index is loaded, then
  // scaled and added to the table's base, under the bounds check's guard.
  IndirectLoads L = indirectLoads(
      oneFunction("        /*0000*/ S2R R2, SR_TID.X ;\n"
                  "        /*0010*/ @!P0 LDC.64 R8, c[0x0][0x218] ;\n"
                  "        /*0020*/ @!P0 LDC.64 R6, c[0x0][0x210] ;\n"
                  "        /*0030*/ @!P0 LEA R8, P1, R2, R8, 0x2 ;\n"
                  "        /*0040*/ @!P0 LEA.HI.X R9, R2, R9, RZ, 0x2, P1 ;\n"
                  "        /*0050*/ @!P0 LDG.E R9, desc[UR6][R8.64] ;\n"
                  "        /*0060*/ @!P0 IMAD.WIDE.U32 R6, R9, 0x4, R6 ;\n"
                  "        /*0070*/ @!P0 LDG.E R0, desc[UR6][R6.64] ;\n"
                  "        /*0080*/ STS [R3+UR4], R0 ;\n"
                  "        /*0090*/ EXIT ;\n"));
  EXPECT_EQ(L.Loads, 2u);
  EXPECT_EQ(L.Indirect, std::vector<std::uint64_t>{0x70});
  EXPECT_DOUBLE_EQ(L.share(), 0.5);
}

TEST(IndirectLoads, APointerChaseLoadsThroughWhatTheLastIterationLoaded) {
  // p = p->next: the first load's address is a parameter, the next ones'
  // came back over the loop's back edge.
  IndirectLoads L = indirectLoads(
      oneFunction("        /*0000*/ LDC.64 R2, c[0x0][0x210] ;\n"
                  "        /*0010*/ LDG.E.64 R2, desc[UR4][R2.64] ;\n"
                  "        /*0020*/ IADD3 R0, R0, 0x1, RZ ;\n"
                  "        /*0030*/ ISETP.NE.AND P0, PT, R0, R5, PT ;\n"
                  "        /*0040*/ @P0 BRA 0x10 ;\n"
                  "        /*0050*/ EXIT ;\n"
                  "        /*0060*/ BRA 0x60;\n"));
  EXPECT_EQ(L.Loads, 1u);
  EXPECT_EQ(L.Indirect, std::vector<std::uint64_t>{0x10});
}

TEST(IndirectLoads, AStridedFieldOfAnArrayOfStructsIsNot) {
  // In[i].f for a 16-float record: the address is the thread's index times
  // 64 bytes plus the parameter; the loaded value goes to a store only.
  IndirectLoads L = indirectLoads(
      oneFunction("        /*0000*/ S2R R0, SR_TID.X ;\n"
                  "        /*0010*/ LDC.64 R2, c[0x0][0x210] ;\n"
                  "        /*0020*/ LDC.64 R4, c[0x0][0x218] ;\n"
                  "        /*0030*/ IMAD.WIDE.U32 R2, R0, 0x40, R2 ;\n"
                  "        /*0040*/ LDG.E R7, desc[UR4][R2.64+0x8] ;\n"
                  "        /*0050*/ IMAD.WIDE.U32 R4, R0, 0x4, R4 ;\n"
                  "        /*0060*/ FMUL R7, R7, 2 ;\n"
                  "        /*0070*/ STG.E desc[UR4][R4.64], R7 ;\n"
                  "        /*0080*/ EXIT ;\n"));
  EXPECT_EQ(L.Loads, 1u);
  EXPECT_TRUE(L.Indirect.empty());
}

TEST(IndirectLoads, ConstantLoadsAndOverwrittenRegistersTaintNothing) {
  // The index comes from the thread's index and a parameter that LDC and
  // ULDC load from the constant bank; R4, which a load wrote, is then
  // overwritten with the thread's index before it makes an address.
  IndirectLoads L = indirectLoads(
      oneFunction("        /*0000*/ S2R R0, SR_TID.X ;\n"
                  "        /*0010*/ LDC R5, c[0x0][0x220] ;\n"
                  "        /*0020*/ ULDC.64 UR6, c[0x0][0x210] ;\n"
                  "        /*0030*/ LDG.E R4, desc[UR4][R2.64] ;\n"
                  "        /*0040*/ FADD R9, R4, R4 ;\n"
                  "        /*0050*/ IMAD R4, R0, R5, RZ ;\n"
                  "        /*0060*/ IMAD.WIDE R6, R4, 0x4, R10 ;\n"
                  "        /*0070*/ LDG.E R8, desc[UR4][R6.64] ;\n"
                  "        /*0080*/ EXIT ;\n"));
  EXPECT_EQ(L.Loads, 2u);
  EXPECT_TRUE(L.Indirect.empty());
  // Overwritten under a guard, it may still hold the loaded value.
  IndirectLoads Guarded = indirectLoads(
      oneFunction("        /*0000*/ S2R R0, SR_TID.X ;\n"
                  "        /*0010*/ LDG.E R4, desc[UR4][R2.64] ;\n"
                  "        /*0020*/ @P0 IMAD R4, R0, R5, RZ ;\n"
                  "        /*0030*/ IMAD.WIDE R6, R4, 0x4, R10 ;\n"
                  "        /*0040*/ LDG.E R8, desc[UR4][R6.64] ;\n"
                  "        /*0050*/ EXIT ;\n"));
  EXPECT_EQ(Guarded.Indirect, std::vector<std::uint64_t>{0x40});
}

TEST(IndirectLoads, TheSameGuardTellsAnOverwriteFromTheOldValue) {
  // An unrolled tile load: R5 holds the last iteration's loaded value, and
  // this iteration overwrites it and makes the address from it under one
  // guard: where the guard fails, neither runs.
  IndirectLoads Same = indirectLoads(
      oneFunction("        /*0000*/ @!P1 VIADD R5, R22, 0xffffffff ;\n"
                  "        /*0010*/ @!P1 IMAD.WIDE.U32 R16, R5, 0x4, R16 ;\n"
                  "        /*0020*/ @!P1 LDG.E R18, desc[UR6][R16.64] ;\n"
                  "        /*0030*/ @!P2 LDG.E R5, desc[UR6][R20.64] ;\n"
                  "        /*0040*/ @P0 BRA 0x0 ;\n"
                  "        /*0050*/ EXIT ;\n"));
  EXPECT_EQ(Same.Loads, 2u);
  EXPECT_TRUE(Same.Indirect.empty());
  // Under another guard, or once the predicate is written again, the old
  // value may be read.
  IndirectLoads Other = indirectLoads(
      oneFunction("        /*0000*/ @!P1 VIADD R5, R22, 0xffffffff ;\n"
                  "        /*0010*/ ISETP.GT.AND P1, PT, R22, 0x1, PT ;\n"
                  "        /*0020*/ @!P1 IMAD.WIDE.U32 R16, R5, 0x4, R16 ;\n"
                  "        /*0030*/ @!P1 LDG.E R18, desc[UR6][R16.64] ;\n"
                  "        /*0040*/ @!P2 LDG.E R5, desc[UR6][R20.64] ;\n"
                  "        /*0050*/ @P0 BRA 0x0 ;\n"
                  "        /*0060*/ EXIT ;\n"));
  EXPECT_EQ(Other.Indirect, std::vector<std::uint64_t>{0x30});
}

TEST(IndirectLoads, CS2RClearsAPair) {
  // The loop index pair R16:R17 is cleared after R17 held a loaded value.
  IndirectLoads L = indirectLoads(
      oneFunction("        /*0000*/ LDG.E.64 R16, desc[UR6][R2.64] ;\n"
                  "        /*0010*/ CS2R R16, SRZ ;\n"
                  "        /*0020*/ SHF.L.U64.HI R3, R16, 0x2, R17 ;\n"
                  "        /*0030*/ IADD3 R20, P0, R16, UR8, RZ ;\n"
                  "        /*0040*/ IADD3.X R21, R3, UR9, RZ, P0, !PT ;\n"
                  "        /*0050*/ LDG.E.CONSTANT R18, desc[UR6][R20.64] ;\n"
                  "        /*0060*/ EXIT ;\n"));
  EXPECT_TRUE(L.Indirect.empty());
}

TEST(IndirectLoads, ALoopCarriesTheTaintAcrossItsBackEdge) {
  // A CSR row: the column index loaded at the end of one iteration makes
  // the address of the next iteration's gather; the index's own address
  // steps by a constant and stays clean. Generic LD counts as a global
  // load.
  IndirectLoads L = indirectLoads(
      oneFunction("        /*0000*/ LDG.E R4, desc[UR4][R2.64] ;\n"
                  "        /*0010*/ IMAD.WIDE R6, R9, 0x4, R10 ;\n"
                  "        /*0020*/ LD.E R8, [R6.64] ;\n"
                  "        /*0030*/ FFMA R0, R4, R8, R0 ;\n"
                  "        /*0040*/ IADD3 R2, P1, R2, 0x4, RZ ;\n"
                  "        /*0050*/ LDG.E R9, desc[UR4][R12.64] ;\n"
                  "        /*0060*/ IADD3 R12, P2, R12, 0x4, RZ ;\n"
                  "        /*0070*/ @P0 BRA 0x0 ;\n"
                  "        /*0080*/ EXIT ;\n"
                  "        /*0090*/ BRA 0x90;\n"));
  EXPECT_EQ(L.Loads, 3u);
  EXPECT_EQ(L.Indirect, std::vector<std::uint64_t>{0x20});
  // Without the loop, the gather's index was never loaded.
  IndirectLoads Straight = indirectLoads(
      oneFunction("        /*0000*/ LDG.E R4, desc[UR4][R2.64] ;\n"
                  "        /*0010*/ IMAD.WIDE R6, R9, 0x4, R10 ;\n"
                  "        /*0020*/ LD.E R8, [R6.64] ;\n"
                  "        /*0030*/ LDG.E R9, desc[UR4][R12.64] ;\n"
                  "        /*0040*/ EXIT ;\n"));
  EXPECT_TRUE(Straight.Indirect.empty());
}

TEST(IndirectLoads, RealSassOfTheValidationCorpus) {
  auto Facts = readStaticFacts(HEADROOM_SOURCE_DIR
                               "/test/unit/sass/data/loads-cuda13.sass");
  ASSERT_TRUE(Facts) << Facts.error().message();
  auto ShareOf = [&](const char *Signature) {
    std::optional<StaticFacts> F = (*Facts)->find("", Signature);
    EXPECT_TRUE(F) << Signature;
    return F ? F->IndirectGlobalLoadShare : -1;
  };
  // A CSR product gathers x[col[j]]; a row softmax and a stencil load
  // through computed indices only.
  EXPECT_GT(ShareOf("(anonymous namespace)::spmvScalarKernel(int const*, int "
                    "const*, float const*, float const*, float*, int)"),
            0);
  EXPECT_DOUBLE_EQ(
      ShareOf("(anonymous namespace)::softmaxKernel(float const*, float*, "
              "int)"),
      0);
}

} // namespace
