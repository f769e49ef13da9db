//===- SassTest.cpp - The static mix from SASS text -----------------------===//

#include "sass/InstructionMix.h"
#include "sass/LoadsInFlight.h"
#include "sass/OneWordAtomics.h"
#include "sass/OpcodeClass.h"
#include "sass/ResourceUsage.h"
#include "sass/SassFacts.h"
#include "sass/SassListing.h"
#include "sass/StaticBound.h"

#include "devices/DeviceRegistry.h"
#include "support/Paths.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::sass;
using ::testing::HasSubstr;

namespace {

std::string fixture(const char *Name) {
  Expected<std::string> Text =
      readFile(std::string(HEADROOM_SOURCE_DIR "/test/unit/sass/data/") + Name);
  EXPECT_TRUE(Text) << Text.error().message();
  return Text ? *Text : std::string();
}

std::vector<Function> quickstart() {
  auto F = parseSassListing(fixture("quickstart.sass"), "quickstart.sass");
  EXPECT_TRUE(F) << F.error().message();
  return F ? *F : std::vector<Function>{};
}

const Function &named(const std::vector<Function> &Fs, const char *Name) {
  for (const Function &F : Fs)
    if (F.Name == Name)
      return F;
  static Function None;
  ADD_FAILURE() << "no function " << Name;
  return None;
}

TEST(SassListing, ReadsFunctionsInstructionsGuardsAndLabels) {
  std::vector<Function> Fs = quickstart();
  ASSERT_EQ(Fs.size(), 2u);
  const Function &G = named(Fs, "_Z5sgemmiPKfS0_Pf");
  EXPECT_EQ(G.Arch, "sm_90");
  ASSERT_EQ(G.Instructions.size(), 27u);
  const Instruction &Branch = G.Instructions[6];
  EXPECT_EQ(Branch.Address, 0x60u);
  EXPECT_EQ(Branch.Guard, "!P0");
  EXPECT_EQ(Branch.Opcode, "BRA");
  EXPECT_EQ(Branch.Target, ".L_x_0");
  EXPECT_EQ(G.labelIndex(".L_x_0"), 22u);
  EXPECT_EQ(G.Instructions[22].Full, "IMAD.WIDE");
  EXPECT_EQ(G.Instructions[22].Operands, "R6, R2, 0x4, R6");
  EXPECT_EQ(G.Instructions[11].Full, "BAR.SYNC.DEFER_BLOCKING");
}

TEST(SassListing, TextWithoutFunctionsIsAnError) {
  auto F = parseSassListing("ptxas info: nothing\n", "x.txt");
  ASSERT_FALSE(F);
  EXPECT_THAT(F.error().message(),
              HasSubstr("x.txt: expected the output of 'cuobjdump -sass'"));
  auto G = parseSassListing("  /*0000*/  EXIT ;\n", "y.txt");
  ASSERT_FALSE(G);
  EXPECT_THAT(G.error().message(), HasSubstr("y.txt:1: expected a 'Function"));
}

TEST(OpcodeClass, ThesisClassesAndPipes) {
  EXPECT_EQ(classify("FFMA").Class, OpClass::Fp32);
  EXPECT_TRUE(classify("FFMA").Fma32);
  EXPECT_EQ(classify("FADD").Unit, Pipe::Fma);
  EXPECT_EQ(classify("FSETP").Unit, Pipe::Alu);
  EXPECT_TRUE(classify("DFMA").Fma64);
  EXPECT_EQ(classify("DFMA").Unit, Pipe::Fp64);
  EXPECT_EQ(classify("IMAD").Class, OpClass::Int);
  EXPECT_EQ(classify("IMAD").Unit, Pipe::Fma);
  EXPECT_EQ(classify("LOP3").Unit, Pipe::Alu);
  EXPECT_EQ(classify("LDS").Class, OpClass::LdSt);
  EXPECT_EQ(classify("ATOMG").Unit, Pipe::Lsu);
  EXPECT_EQ(classify("MUFU").Unit, Pipe::Xu);
  EXPECT_EQ(classify("HGMMA").Unit, Pipe::Tensor);
  EXPECT_EQ(classify("UIADD3").Unit, Pipe::Uniform);
  EXPECT_EQ(classify("UIADD3").Class, OpClass::Other);
  EXPECT_EQ(classify("S2R").Class, OpClass::Other);
  EXPECT_EQ(classify("BRA").Unit, Pipe::Cbu);
}

TEST(InstructionMix, LoopsFromBackwardBranches) {
  std::vector<Function> Fs = quickstart();
  const Function &G = named(Fs, "_Z5sgemmiPKfS0_Pf");
  std::vector<unsigned> Depth = loopDepths(G);
  // The tile loop: .L_x_1 (instruction 7) to its branch (21); the forward
  // branch over it and the end-of-kernel self-branch are no loops.
  for (std::size_t I = 0; I < Depth.size(); ++I)
    EXPECT_EQ(Depth[I], I >= 7 && I <= 21 ? 1u : 0u) << "instruction " << I;
}

TEST(InstructionMix, LoopsFromBranchesToAddresses) {
  auto Fs = parseSassListing(fixture("serial-fma.sass"), "serial-fma.sass");
  ASSERT_TRUE(Fs) << Fs.error().message();
  ASSERT_EQ(Fs->size(), 1u);
  const Function &F = Fs->front();
  EXPECT_EQ(F.Instructions[26].Target, "0x100");
  EXPECT_EQ(F.labelIndex("0x100"), 16u);
  std::vector<unsigned> Depth = loopDepths(F);
  // The unrolled loop (0x100-0x1a0: 8 FFMA) and its remainder (0x1d0-0x200);
  // the forward branches and the end-of-kernel self-branch are no loops.
  for (std::size_t I = 0; I < Depth.size(); ++I)
    EXPECT_EQ(Depth[I], (I >= 16 && I <= 26) || (I >= 29 && I <= 32) ? 1u : 0u)
        << "instruction " << I;
  KernelMix M = mixOf(F, /*LoopWeight=*/10);
  EXPECT_DOUBLE_EQ(M.Counts.Fma32, 80 + 10);
}

TEST(InstructionMix, WeightsLoopBodiesAndSkipsPadding) {
  std::vector<Function> Fs = quickstart();
  const Function &G = named(Fs, "_Z5sgemmiPKfS0_Pf");
  KernelMix M = mixOf(G, /*LoopWeight=*/10);
  EXPECT_EQ(M.Instructions, 25u); // Not the self-branch and the NOP.
  EXPECT_EQ(M.LoopDepth, 1u);
  // Outside: 7 before the loop, 3 after; inside: 15 instructions x 10.
  EXPECT_DOUBLE_EQ(M.Counts.Total, 7 + 3 + 150);
  // Loop body: 2 LDG, 2 STS, 4 LDS; after it one STG.
  EXPECT_DOUBLE_EQ(M.Counts.of(OpClass::LdSt), 80 + 1 + 1);
  EXPECT_DOUBLE_EQ(M.Counts.of(OpClass::Fp32), 20);
  EXPECT_DOUBLE_EQ(M.Counts.Fma32, 20);
  EXPECT_EQ(M.type(), KernelType::Fp32);
  EXPECT_DOUBLE_EQ(M.eMix(), 1.0);
  EXPECT_DOUBLE_EQ(M.dOps(), 20.0 / 160);
  EXPECT_DOUBLE_EQ(M.dLdSt(), 82.0 / 160);
  EXPECT_DOUBLE_EQ(M.dOther(), 1 - 102.0 / 160);
  EXPECT_DOUBLE_EQ(M.pipeShare(Pipe::Lsu), 82.0 / 160);
  // Weight 1: every instruction once.
  EXPECT_DOUBLE_EQ(mixOf(G, 1).Counts.Total, 25);
}

TEST(ResourceUsage, ReadsEachFunctionAndTheOccupancyItAllows) {
  auto R = parseResourceUsage(fixture("quickstart.res-usage"), "r.txt");
  ASSERT_TRUE(R) << R.error().message();
  ASSERT_EQ(R->size(), 2u);
  const KernelResources &G = R->at("_Z5sgemmiPKfS0_Pf");
  EXPECT_EQ(G.Registers, 32u);
  EXPECT_EQ(G.SharedBytes, 8192u);
  std::optional<OccupancyLimit> L = occupancyLimit(G, "sm_90");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->WarpsByRegisters, 64u);
  EXPECT_EQ(L->BlocksBySharedMemory, std::optional<unsigned>(25));
  // 128 registers: 4096 per warp, 16 warps.
  EXPECT_EQ(occupancyLimit({128, 0, 0, 0}, "sm_90")->WarpsByRegisters, 16u);
  EXPECT_EQ(occupancyLimit({255, 0, 0, 0}, "sm_90")->WarpsByRegisters, 8u);
  EXPECT_FALSE(occupancyLimit(G, "sm_80"));
  EXPECT_FALSE(parseResourceUsage("nothing\n", "n.txt"));
}

TEST(StaticBound, TheCapNamesWhatSetsIt) {
  DeviceRegistry Registry("", HEADROOM_SOURCE_DIR "/passes/devices");
  auto H100 = Registry.lookup("H100-SXM");
  ASSERT_TRUE(H100) << H100.error().message();
  const DeviceParameters &D = H100->Device;
  std::vector<Function> Fs = quickstart();
  const Function &G = named(Fs, "_Z5sgemmiPKfS0_Pf");
  KernelMix M = mixOf(G, 10);
  StaticCap C = staticCap(M, D);
  DeviceWeights W = computeWeights(D);
  double COp = M.dOps() * W.OpFp32, CLdSt = M.dLdSt() * W.LdSt,
         COther = M.dOther() * W.Other;
  EXPECT_DOUBLE_EQ(C.EInstr, COp / (COp + CLdSt + COther));
  EXPECT_DOUBLE_EQ(C.ShareOfPeak, C.EMix * C.EInstr);
  EXPECT_EQ(C.Limiter, StaticCap::LimitedBy::LoadStore);
}

TEST(StaticBound, KernelsAreFoundInTheSourcesByName) {
  std::string Source =
      std::string(HEADROOM_SOURCE_DIR "/examples/quickstart/quickstart.cu");
  auto Loc = findKernelDefinition("sgemm", {Source});
  ASSERT_TRUE(Loc);
  EXPECT_EQ(Loc->Line, 34u);
  EXPECT_EQ(Loc->Column, 17u);
  EXPECT_FALSE(findKernelDefinition("nosuchkernel", {Source}));

  auto R = parseResourceUsage(fixture("quickstart.res-usage"), "r");
  ASSERT_TRUE(R);
  std::vector<StaticKernel> Ks =
      staticKernels(quickstart(), *R, {Source}, DefaultLoopWeight);
  ASSERT_EQ(Ks.size(), 2u);
  EXPECT_EQ(Ks[0].Display, "sgemm");
  EXPECT_EQ(Ks[1].Display, "saxpy");
  ASSERT_TRUE(Ks[1].Definition);
  EXPECT_EQ(Ks[1].Definition->Line, 28u);
  ASSERT_TRUE(Ks[1].Resources);
  EXPECT_EQ(Ks[1].Resources->Registers, 14u);
}

} // namespace

namespace {

TEST(SassArchitectureTest, ComputeCapabilitiesAndTheNewest) {
  EXPECT_EQ(headroom::sass::computeCapabilityOf("sm_90"), "9.0");
  EXPECT_EQ(headroom::sass::computeCapabilityOf("sm_90a"), "9.0");
  EXPECT_EQ(headroom::sass::computeCapabilityOf("sm_100a"), "10.0");
  EXPECT_EQ(headroom::sass::computeCapabilityOf("compute_90"), "");
  std::vector<headroom::sass::Function> Fs(3);
  Fs[0].Arch = "sm_90";
  Fs[1].Arch = "sm_100";
  Fs[2].Arch = "sm_80";
  // 10.0 is newer than 9.0, though "sm_100" < "sm_90" as text.
  EXPECT_EQ(headroom::sass::newestArchitecture(Fs), "sm_100");
  EXPECT_EQ(headroom::sass::newestArchitecture({}), "");
}

/// The function of \p Fs whose mangled name contains \p Part.
const Function &containing(const std::vector<Function> &Fs, const char *Part) {
  for (const Function &F : Fs)
    if (F.Name.find(Part) != std::string::npos)
      return F;
  static Function None;
  ADD_FAILURE() << "no function with " << Part;
  return None;
}

TEST(OneWordAtomics, Fp32AddsToAKernelParameterOnRealSass) {
  auto Fs =
      parseSassListing(fixture("atomics-cuda13.sass"), "atomics-cuda13.sass");
  ASSERT_TRUE(Fs) << Fs.error().message();
  // atomicAdd(Sum, In[i]) and a warp's sum into Sum by lane 0: the address
  // is LDC.64 R2, c[0x0][0x218] just before the REDG.E.ADD.F32.
  EXPECT_EQ(oneWordFp32Atomics(containing(*Fs, "reduceAtomicKernel")),
            std::vector<std::uint64_t>{0x100});
  EXPECT_EQ(oneWordFp32Atomics(containing(*Fs, "reduceWarpKernel")),
            std::vector<std::uint64_t>{0x4a0});
  // fp32 adds to Out[i & Mask]: the address comes from the thread's index.
  EXPECT_TRUE(oneWordFp32Atomics(containing(*Fs, "atomicAddKernel")).empty());
  // Integer adds to histogram bins: not fp32, and per-thread addresses.
  EXPECT_TRUE(oneWordFp32Atomics(containing(*Fs, "histGlobalKernel")).empty());
}

/// One sm_90 function named _Z1kPf of \p Body (cuobjdump's instruction
/// lines, without the encodings).
Function oneFunction(const std::string &Body) {
  std::string Text = "\tcode for sm_90\n\t\tFunction : _Z1kPf\n" + Body;
  auto Fs = parseSassListing(Text, "test");
  EXPECT_TRUE(Fs) << Fs.error().message();
  return Fs && !Fs->empty() ? Fs->front() : Function{};
}

TEST(OneWordAtomics, OnlyAConstantPairLoadedInTheSameStraightLineCounts) {
  // ATOMG with the old value returned, the halves moved one by one.
  EXPECT_EQ(oneWordFp32Atomics(oneFunction(
                "        /*0000*/ IMAD.MOV.U32 R2, RZ, RZ, c[0x0][0x210] ;\n"
                "        /*0010*/ MOV R3, c[0x0][0x214] ;\n"
                "        /*0020*/ ATOMG.E.ADD.F32.FTZ.RN.STRONG.GPU PT, R7, "
                "desc[UR4][R2.64], R5 ;\n")),
            std::vector<std::uint64_t>{0x20});
  // A guarded load may not have run.
  EXPECT_TRUE(
      oneWordFp32Atomics(
          oneFunction("        /*0000*/ @P0 LDC.64 R2, c[0x0][0x210] ;\n"
                      "        /*0010*/ REDG.E.ADD.F32.FTZ.RN.STRONG.GPU "
                      "desc[UR4][R2.64], R5 ;\n"))
          .empty());
  // A branch target between the load and the add: another path may reach
  // the add with other registers (CUDA 13 prints targets as addresses).
  EXPECT_TRUE(
      oneWordFp32Atomics(
          oneFunction("        /*0000*/ LDC.64 R2, c[0x0][0x210] ;\n"
                      "        /*0010*/ @P0 BRA 0x20 ;\n"
                      "        /*0020*/ REDG.E.ADD.F32.FTZ.RN.STRONG.GPU "
                      "desc[UR4][R2.64], R5 ;\n"))
          .empty());
  // The high half overwritten after the load (a shuffle writes its second
  // operand).
  EXPECT_TRUE(
      oneWordFp32Atomics(
          oneFunction("        /*0000*/ LDC.64 R2, c[0x0][0x210] ;\n"
                      "        /*0010*/ SHFL.BFLY PT, R3, R3, 0x1, 0x1f ;\n"
                      "        /*0020*/ REDG.E.ADD.F32.FTZ.RN.STRONG.GPU "
                      "desc[UR4][R2.64], R5 ;\n"))
          .empty());
  // A 128-bit load into R0 writes R0-R3: it overwrites the pair.
  EXPECT_TRUE(
      oneWordFp32Atomics(
          oneFunction("        /*0000*/ LDC.64 R2, c[0x0][0x210] ;\n"
                      "        /*0010*/ LDG.E.128 R0, desc[UR4][R4.64] ;\n"
                      "        /*0020*/ REDG.E.ADD.F32.FTZ.RN.STRONG.GPU "
                      "desc[UR4][R2.64], R5 ;\n"))
          .empty());
  // A 64-bit move into R1 writes R1-R2: the low half.
  EXPECT_TRUE(
      oneWordFp32Atomics(
          oneFunction("        /*0000*/ LDC.64 R2, c[0x0][0x210] ;\n"
                      "        /*0010*/ IMAD.WIDE R1, R4, 0x4, R6 ;\n"
                      "        /*0020*/ REDG.E.ADD.F32.FTZ.RN.STRONG.GPU "
                      "desc[UR4][R2.64], R5 ;\n"))
          .empty());
  // A write below the pair leaves it.
  EXPECT_EQ(oneWordFp32Atomics(
                oneFunction("        /*0000*/ LDC.64 R2, c[0x0][0x210] ;\n"
                            "        /*0010*/ LDG.E.64 R0, desc[UR4][R4.64] ;\n"
                            "        /*0020*/ REDG.E.ADD.F32.FTZ.RN.STRONG.GPU "
                            "desc[UR4][R2.64], R5 ;\n")),
            std::vector<std::uint64_t>{0x20});
  // An address offset from the parameter is still one word.
  EXPECT_EQ(oneWordFp32Atomics(
                oneFunction("        /*0000*/ LDC.64 R2, c[0x0][0x210] ;\n"
                            "        /*0010*/ REDG.E.ADD.F32.FTZ.RN.STRONG.GPU "
                            "desc[UR4][R2.64+0x8], R5 ;\n")),
            std::vector<std::uint64_t>{0x10});
}

TEST(SassFacts, TheShareOfEachKernelsAtomicsThatAreFp32AddsToOneWord) {
  std::string Path =
      HEADROOM_SOURCE_DIR "/test/unit/sass/data/atomics-cuda13.sass";
  auto Facts = readStaticFacts(Path);
  ASSERT_TRUE(Facts) << Facts.error().message();
  auto ShareOf = [&](const char *Signature) {
    std::optional<StaticFacts> F = (*Facts)->find("", Signature);
    EXPECT_TRUE(F) << Signature;
    return F ? F->OneWordFp32AtomicShare : -1;
  };
  EXPECT_DOUBLE_EQ(ShareOf("(anonymous namespace)::reduceAtomicKernel(float "
                           "const*, float*, unsigned long)"),
                   1);
  EXPECT_DOUBLE_EQ(ShareOf("(anonymous namespace)::atomicAddKernel(float "
                           "const*, float*, unsigned long, unsigned long)"),
                   0);
  // Four integer REDG, none of them fp32.
  EXPECT_DOUBLE_EQ(ShareOf("(anonymous namespace)::histGlobalKernel(unsigned "
                           "int const*, unsigned int*, unsigned long)"),
                   0);
}

TEST(SassFacts, ErrorsNameTheFileAndWhatWasExpected) {
  auto Missing = readStaticFacts("/nonexistent/prog.sass");
  ASSERT_FALSE(Missing);
  EXPECT_THAT(Missing.error().message(),
              HasSubstr("--sass: cannot read '/nonexistent/prog.sass'"));
  std::string Path = HEADROOM_SOURCE_DIR "/test/unit/sass/data/README.md";
  auto NotSass = readStaticFacts(Path);
  ASSERT_FALSE(NotSass);
  EXPECT_THAT(NotSass.error().message(), HasSubstr("--sass: "));
  EXPECT_THAT(NotSass.error().message(), HasSubstr("README.md"));
}

} // namespace

namespace {

TEST(LoadRounds, RealSassOfTheValidationCorpus) {
  auto Fs = parseSassListing(fixture("loads-cuda13.sass"), "loads-cuda13.sass");
  ASSERT_TRUE(Fs) << Fs.error().message();
  auto RoundsOf = [&](const char *Name) {
    for (const Function &F : *Fs)
      if (F.Name.find(Name) != std::string::npos)
        return loadRounds(F);
    ADD_FAILURE() << "no function " << Name;
    return LoadRounds{};
  };
  // Three row loops, each using its one load before the next.
  LoadRounds Softmax = RoundsOf("13softmaxKernel");
  EXPECT_EQ(Softmax.Loads, 3u);
  EXPECT_EQ(Softmax.Rounds, 3u);
  EXPECT_TRUE(Softmax.InLoops);
  // No loop: the five neighbours are loaded before any is used.
  LoadRounds Jacobi = RoundsOf("19jacobi2dNaiveKernel");
  EXPECT_EQ(Jacobi.Loads, 5u);
  EXPECT_EQ(Jacobi.Rounds, 1u);
  EXPECT_FALSE(Jacobi.InLoops);
  EXPECT_DOUBLE_EQ(Jacobi.loadsPerRound(), 5);
  // The unrolled row loop of a CSR product: column indices, then the
  // vector's entries they index, several of each in flight.
  LoadRounds Spmv = RoundsOf("16spmvScalarKernel");
  EXPECT_TRUE(Spmv.InLoops);
  EXPECT_GT(Spmv.loadsPerRound(), 4);
}

TEST(LoadRounds, AUseOrAnOverwriteOfALoadedRegisterEndsTheRound) {
  // Two independent loads, then a load through the first's result: two
  // rounds.
  LoadRounds Chain = loadRounds(
      oneFunction("        /*0000*/ LDG.E R4, desc[UR4][R2.64] ;\n"
                  "        /*0010*/ LDG.E.64 R6, desc[UR4][R2.64+0x8] ;\n"
                  "        /*0020*/ IMAD.WIDE R8, R4, 0x4, R10 ;\n"
                  "        /*0030*/ LDG.E R9, desc[UR4][R8.64] ;\n"
                  "        /*0040*/ FADD R0, R7, R9 ;\n"
                  "        /*0050*/ EXIT ;\n"));
  EXPECT_EQ(Chain.Loads, 3u);
  EXPECT_EQ(Chain.Rounds, 2u);
  // The high half of a 64-bit load is overwritten: the load must land
  // first.
  LoadRounds Overwrite = loadRounds(
      oneFunction("        /*0000*/ LDG.E.64 R4, desc[UR4][R2.64] ;\n"
                  "        /*0010*/ MOV R5, RZ ;\n"
                  "        /*0020*/ LDG.E R6, desc[UR4][R2.64+0x10] ;\n"
                  "        /*0030*/ EXIT ;\n"));
  EXPECT_EQ(Overwrite.Rounds, 2u);
  // A store of a loaded value uses it; a uniform register is not one.
  LoadRounds Store = loadRounds(
      oneFunction("        /*0000*/ LDG.E R4, desc[UR4][R2.64] ;\n"
                  "        /*0010*/ LDG.E R5, desc[UR5][R2.64+0x4] ;\n"
                  "        /*0020*/ STG.E desc[UR4][R8.64], R4 ;\n"
                  "        /*0030*/ EXIT ;\n"));
  EXPECT_EQ(Store.Loads, 2u);
  EXPECT_EQ(Store.Rounds, 1u);
}

TEST(LoadRounds, OnlyTheInnermostLoopsThatLoadCount) {
  // An outer loop loads twice and runs an inner loop that loads once per
  // iteration and uses it: the inner loop's one load per round counts.
  LoadRounds Nested = loadRounds(
      oneFunction("        /*0000*/ LDG.E R4, desc[UR4][R2.64] ;\n"
                  "        /*0010*/ LDG.E R5, desc[UR4][R2.64+0x4] ;\n"
                  "        /*0020*/ LDG.E R6, desc[UR4][R8.64] ;\n"
                  "        /*0030*/ FADD R0, R0, R6 ;\n"
                  "        /*0040*/ @P0 BRA 0x20 ;\n"
                  "        /*0050*/ FADD R0, R4, R5 ;\n"
                  "        /*0060*/ @P1 BRA 0x0 ;\n"
                  "        /*0070*/ EXIT ;\n"
                  "        /*0080*/ BRA 0x80;\n"));
  EXPECT_TRUE(Nested.InLoops);
  EXPECT_EQ(Nested.Loads, 1u);
  EXPECT_EQ(Nested.Rounds, 1u);
  // A round still open at the loop's end is used by the next iteration.
  LoadRounds Pipelined =
      loadRounds(oneFunction("        /*0000*/ FADD R0, R0, R6 ;\n"
                             "        /*0010*/ LDG.E R6, desc[UR4][R8.64] ;\n"
                             "        /*0020*/ @P0 BRA 0x0 ;\n"
                             "        /*0030*/ EXIT ;\n"));
  EXPECT_EQ(Pipelined.Rounds, 1u);
  EXPECT_EQ(
      loadRounds(oneFunction("        /*0000*/ EXIT ;\n")).loadsPerRound(), 0);
}

TEST(LoadRounds, EachLoopKeepsItsAddressesAndRounds) {
  // An unrolled loop of four loads per round, then the remainder loop of
  // one: 2.5 per round over both, and each loop on its own.
  LoadRounds R = loadRounds(
      oneFunction("        /*0000*/ LDG.E R4, desc[UR4][R2.64] ;\n"
                  "        /*0010*/ LDG.E R5, desc[UR4][R2.64+0x4] ;\n"
                  "        /*0020*/ LDG.E R6, desc[UR4][R2.64+0x8] ;\n"
                  "        /*0030*/ LDG.E R7, desc[UR4][R2.64+0xc] ;\n"
                  "        /*0040*/ IADD3 R0, R4, R5, R0 ;\n"
                  "        /*0050*/ IADD3 R1, R6, R7, R1 ;\n"
                  "        /*0060*/ @P0 BRA 0x0 ;\n"
                  "        /*0070*/ LDG.E R4, desc[UR4][R8.64] ;\n"
                  "        /*0080*/ IADD3 R0, R4, R0, RZ ;\n"
                  "        /*0090*/ @P1 BRA 0x70 ;\n"
                  "        /*00a0*/ EXIT ;\n"));
  EXPECT_DOUBLE_EQ(R.loadsPerRound(), 2.5);
  ASSERT_EQ(R.Loops.size(), 2u);
  EXPECT_EQ(R.Loops[0].First, 0x0u);
  EXPECT_EQ(R.Loops[0].Last, 0x60u);
  EXPECT_EQ(R.Loops[0].Loads, 4u);
  EXPECT_EQ(R.Loops[0].Rounds, 1u);
  EXPECT_EQ(R.Loops[1].First, 0x70u);
  EXPECT_EQ(R.Loops[1].Last, 0x90u);
  EXPECT_EQ(R.Loops[1].Loads, 1u);
}

TEST(SassFacts, TheGlobalLoadsAWarpKeepsInFlightPerRound) {
  auto Facts = readStaticFacts(HEADROOM_SOURCE_DIR
                               "/test/unit/sass/data/loads-cuda13.sass");
  ASSERT_TRUE(Facts) << Facts.error().message();
  std::optional<StaticFacts> F = (*Facts)->find(
      "", "(anonymous namespace)::softmaxKernel(float const*, float*, int)");
  ASSERT_TRUE(F);
  EXPECT_DOUBLE_EQ(F->GlobalLoadsPerRound, 1);
}

} // namespace

namespace {} // namespace

namespace {

TEST(SassListing, ALineLongerThanCuobjdumpPrintsIsAnError) {
  // std::regex recurses per character: a line of megabytes would exhaust
  // the stack, so the readers refuse it with its place and length.
  std::string Long = "\tcode for sm_90\n\t\tFunction : _Z1kPf\n"
                     "        /*0000*/ FADD R0, " +
                     std::string(MaxListingLineLength, '1') + " ;\n";
  auto Fs = parseSassListing(Long, "long.sass");
  ASSERT_FALSE(Fs);
  EXPECT_THAT(Fs.error().message(),
              HasSubstr("long.sass:3: a line of 4124 characters: expected the "
                        "output of cuobjdump, whose lines are at most 4096"));
  auto Usage = parseResourceUsage(
      "Function _Z1kPf:\n REG:" + std::string(5000, '9') + "\n", "long.res");
  ASSERT_FALSE(Usage);
  EXPECT_THAT(Usage.error().message(), HasSubstr("long.res:2: a line of 5005"));
  // Numbers too long to be registers or addresses are not read as such.
  LoadRounds R = loadRounds(oneFunction(
      "        /*0000*/ LDG.E R99999999999999999999, desc[UR4][R2.64] ;\n"
      "        /*0010*/ FADD R0, R99999999999999999999, R1 ;\n"));
  EXPECT_EQ(R.Loads, 1u);
}

} // namespace
