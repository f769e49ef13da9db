//===- StallBlameTest.cpp - SASS control flow, loops and stall blame ------===//
//
// The listings here are HAND-WRITTEN in `cuobjdump -sass` format (encodings
// left out), each shaped to one case of sass/ControlFlow.h,
// sass/NaturalLoops.h or sass/StallBlame.h.
//
//===----------------------------------------------------------------------===//

#include "sass/StallBlame.h"
#include "sass/ControlFlow.h"
#include "sass/NaturalLoops.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::sass;

namespace {

Function parsed(const std::string &Text) {
  auto Fs = parseSassListing(Text, "test.sass");
  EXPECT_TRUE(Fs) << Fs.error().message();
  return Fs && !Fs->empty() ? Fs->front() : Function{};
}

// A loop over shared memory and an SFU op inside a loop with a barrier,
// then a guarded exit, a reconvergence region (BSSY names a label but
// jumps nowhere) and the unreachable self-branch after the last EXIT.
const char *Nested = R"(
	code for sm_90
		Function : _Z6nestedPfi
        /*0000*/                   MOV R0, RZ ;
.L_x_0:
        /*0010*/                   MOV R2, RZ ;
.L_x_1:
        /*0020*/                   LDS R3, [R2] ;
        /*0030*/                   MUFU.RCP R4, R3 ;
        /*0040*/                   FADD R5, R4, R5 ;
        /*0050*/                   IADD3 R2, R2, 0x4, RZ ;
        /*0060*/                   ISETP.NE.AND P0, PT, R2, 0x100, PT ;
        /*0070*/               @P0 BRA `(.L_x_1) ;
        /*0080*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;
        /*0090*/                   IADD3 R0, R0, 0x1, RZ ;
        /*00a0*/                   ISETP.NE.AND P1, PT, R0, 0x10, PT ;
        /*00b0*/               @P1 BRA `(.L_x_0) ;
        /*00c0*/               @P2 EXIT ;
        /*00d0*/                   BSSY B0, `(.L_x_2) ;
        /*00e0*/                   STG.E desc[UR4][R6.64], R5 ;
.L_x_2:
        /*00f0*/                   BSYNC B0 ;
        /*0100*/                   EXIT ;
.L_x_3:
        /*0110*/                   BRA `(.L_x_3);
)";

std::vector<std::size_t> beginsOf(const ControlFlowGraph &G) {
  std::vector<std::size_t> Out;
  for (const BasicBlock &B : G.Blocks)
    Out.push_back(B.Begin);
  return Out;
}

TEST(ControlFlowTest, BlocksStartAtTargetsAndAfterJumps) {
  Function F = parsed(Nested);
  ControlFlowGraph G = controlFlowOf(F);
  // Instructions 0, 1 (.L_x_0), 2 (.L_x_1), 8 (after @P0 BRA), 12 (after
  // @P1 BRA), 13 (after @P2 EXIT), 17 (.L_x_3, after EXIT); BSSY's label
  // starts none.
  EXPECT_EQ(beginsOf(G), (std::vector<std::size_t>{0, 1, 2, 8, 12, 13, 17}));
  EXPECT_EQ(G.Blocks[2].Successors, (std::vector<std::size_t>{2, 3}));
  EXPECT_EQ(G.Blocks[3].Successors, (std::vector<std::size_t>{1, 4}));
  // The guarded EXIT falls through; the last EXIT does not.
  EXPECT_EQ(G.Blocks[4].Successors, (std::vector<std::size_t>{5}));
  EXPECT_TRUE(G.Blocks[5].Successors.empty());
  EXPECT_FALSE(G.Reachable[6]);
  EXPECT_TRUE(G.Reachable[5]);
}

TEST(NaturalLoopsTest, NestedLoopsAndTheirInnermost) {
  ControlFlowGraph G = controlFlowOf(parsed(Nested));
  LoopNest Nest = naturalLoops(G);
  // The self-branch after EXIT is unreachable: no loop.
  ASSERT_EQ(Nest.Loops.size(), 2u);
  const NaturalLoop &Outer = Nest.Loops[0], &Inner = Nest.Loops[1];
  EXPECT_EQ(Outer.Header, 1u);
  EXPECT_EQ(Outer.Blocks, (std::vector<std::size_t>{1, 2, 3}));
  EXPECT_FALSE(Outer.Parent);
  EXPECT_EQ(Inner.Header, 2u);
  EXPECT_EQ(Inner.Blocks, (std::vector<std::size_t>{2}));
  EXPECT_EQ(Inner.Parent, std::optional<std::size_t>(0));
  EXPECT_EQ(Nest.InnermostOf[2], std::optional<std::size_t>(1));
  EXPECT_EQ(Nest.InnermostOf[3], std::optional<std::size_t>(0));
  EXPECT_FALSE(Nest.InnermostOf[0]);
  EXPECT_FALSE(Nest.InnermostOf[6]);
}

TEST(NaturalLoopsTest, ABranchBackToANonDominatorIsNoLoop) {
  // The entry reaches .L_x_1 and .L_x_2 each without the other, so neither
  // dominates the other: the cycle between them is irreducible, and no
  // natural loop.
  Function F = parsed(R"(
	code for sm_90
		Function : _Z3irrv
        /*0000*/               @P0 BRA `(.L_x_2) ;
.L_x_1:
        /*0010*/                   IADD3 R0, R0, 0x1, RZ ;
.L_x_2:
        /*0020*/                   IADD3 R1, R1, 0x1, RZ ;
        /*0030*/               @P1 BRA `(.L_x_1) ;
        /*0040*/                   EXIT ;
)");
  LoopNest Nest = naturalLoops(controlFlowOf(F));
  EXPECT_TRUE(Nest.Loops.empty());
}

TEST(StallBlameTest, ScoreboardsChargeTheProducer) {
  FunctionCode C = functionCodeOf(parsed(Nested));
  ASSERT_EQ(C.Instructions.size(), 18u);
  auto BlameOf = [&](std::uint64_t Offset, const char *Reason) {
    const CodeInstruction &I = C.Instructions[*C.indexOf(Offset)];
    auto It = I.Blame.find(Reason);
    return It == I.Blame.end() ? std::optional<std::uint64_t>()
                               : C.Instructions[It->second].Offset;
  };
  // FADD waits on MUFU's R4, MUFU on LDS's R3.
  EXPECT_EQ(BlameOf(0x40, "short_scoreboard"), 0x30u);
  EXPECT_EQ(BlameOf(0x30, "short_scoreboard"), 0x20u);
  EXPECT_EQ(C.Instructions[*C.indexOf(0x30)].Role, CodeRole::SpecialFunction);
  // LDS reads R2, last written (around the loop) by an add: no producer.
  EXPECT_FALSE(BlameOf(0x20, "short_scoreboard"));
  // No global load in the function: nothing to charge a long scoreboard to.
  EXPECT_FALSE(BlameOf(0x40, "long_scoreboard"));
  // The barrier stall after BAR is the barrier's; the branch's is its own.
  EXPECT_EQ(BlameOf(0x90, "barrier"), 0x80u);
  EXPECT_EQ(BlameOf(0x70, "branch_resolving"), 0x70u);
  // A store waits for the memory queue itself.
  EXPECT_EQ(BlameOf(0xe0, "lg_throttle"), 0xe0u);
  // Loops: the inner one's range, nested in the outer one's.
  ASSERT_EQ(C.Loops.size(), 2u);
  EXPECT_EQ(C.Loops[1].First, 0x20u);
  EXPECT_EQ(C.Loops[1].Last, 0x70u);
  EXPECT_EQ(C.Loops[0].First, 0x10u);
  EXPECT_EQ(C.Loops[0].Last, 0xb0u);
  EXPECT_EQ(C.Instructions[*C.indexOf(0x40)].Loop,
            std::optional<std::size_t>(1));
  EXPECT_EQ(C.Instructions[*C.indexOf(0x90)].Loop,
            std::optional<std::size_t>(0));
  EXPECT_EQ(C.Instructions[*C.indexOf(0x40)].Block, 2u);
}

TEST(StallBlameTest, TheWalkGoesAroundTheLoop) {
  // The load at the loop's bottom feeds the add at its top in the next
  // iteration (CUDA 13 prints branch targets as addresses); the load
  // before the loop is not in it and is not charged. A pointer chase
  // waits on itself.
  Function F = parsed(R"(
	code for sm_90
		Function : _Z4walkPfi
        /*0000*/                   LDG.E R9, desc[UR6][R10.64] ;
        /*0010*/                   FADD R5, R9, R5 ;
        /*0020*/                   IMAD.WIDE R10, R8, 0x4, R6 ;
        /*0030*/                   IADD3 R8, R8, 0x1, RZ ;
        /*0040*/                   LDG.E R9, desc[UR6][R10.64] ;
        /*0050*/                   ISETP.NE.AND P0, PT, R8, UR5, PT ;
        /*0060*/               @P0 BRA 0x10 ;
        /*0070*/                   LDG.E.64 R2, desc[UR6][R2.64] ;
        /*0080*/                   ISETP.NE.U32.AND P1, PT, R2, RZ, PT ;
        /*0090*/               @P1 BRA 0x70 ;
        /*00a0*/                   EXIT ;
)");
  FunctionCode C = functionCodeOf(F);
  auto BlameOf = [&](std::uint64_t Offset) {
    const CodeInstruction &I = C.Instructions[*C.indexOf(Offset)];
    auto It = I.Blame.find("long_scoreboard");
    return It == I.Blame.end() ? std::optional<std::uint64_t>()
                               : C.Instructions[It->second].Offset;
  };
  EXPECT_EQ(BlameOf(0x10), 0x40u);
  EXPECT_EQ(C.Instructions[*C.indexOf(0x40)].Role, CodeRole::GlobalLoad);
  EXPECT_EQ(BlameOf(0x80), 0x70u);
  EXPECT_EQ(BlameOf(0x70), 0x70u);
  ASSERT_EQ(C.Loops.size(), 2u);
}

TEST(StallBlameTest, ALoadsAddressComesFromTheLoadItsSliceMeets) {
  // A pointer chase whose address comes, around the back edge, from its
  // own previous value; then a gather (A[Idx[I]]): Idx's load comes from
  // the induction variable alone, A's from Idx's value through the
  // IMAD.WIDE.
  FunctionCode C = functionCodeOf(parsed(R"(
	code for sm_90
		Function : _Z5chasePKiiPi
        /*0000*/                   IMAD.WIDE R6, R19, 0x4, R4 ;
        /*0010*/                   IADD3 R2, R2, -0x1, RZ ;
        /*0020*/                   LDG.E R19, desc[UR4][R6.64] ;
        /*0030*/                   ISETP.NE.AND P0, PT, R2, RZ, PT ;
        /*0040*/               @P0 BRA 0x0 ;
        /*0050*/                   IMAD.WIDE R8, R0, 0x4, R10 ;
        /*0060*/                   LDG.E R3, desc[UR4][R8.64] ;
        /*0070*/                   IMAD.WIDE R12, R3, 0x4, R14 ;
        /*0080*/                   LDG.E R13, desc[UR4][R12.64] ;
        /*0090*/                   IADD3 R0, R0, 0x1, RZ ;
        /*00a0*/                   FADD R5, R13, R5 ;
        /*00b0*/                   ISETP.NE.AND P0, PT, R0, R2, PT ;
        /*00c0*/               @P0 BRA 0x50 ;
        /*00d0*/                   STG.E desc[UR4][R16.64], R5 ;
        /*00e0*/                   EXIT ;
)"));
  auto FromOf = [&](std::uint64_t Offset) {
    const CodeInstruction &I = C.Instructions[*C.indexOf(Offset)];
    return I.AddressFrom ? std::optional(C.Instructions[*I.AddressFrom].Offset)
                         : std::nullopt;
  };
  EXPECT_EQ(FromOf(0x20), 0x20u);
  EXPECT_EQ(FromOf(0x60), std::nullopt);
  EXPECT_EQ(FromOf(0x80), 0x60u);
  // Not a load: no address link, though its operands come from one.
  EXPECT_EQ(FromOf(0xd0), std::nullopt);
  EXPECT_EQ(FromOf(0xa0), std::nullopt);
}

TEST(StallBlameTest, TheNewestArchitectureIsKept) {
  auto Fs = parseSassListing(R"(
	code for sm_80
		Function : _Z1kv
        /*0000*/                   EXIT ;
	code for sm_90
		Function : _Z1kv
        /*0000*/                   NOP ;
        /*0010*/                   EXIT ;
)",
                             "two.sass");
  ASSERT_TRUE(Fs);
  KernelCodeIndex Index = kernelCodeOf(*Fs);
  ASSERT_NE(Index.find("_Z1kv"), nullptr);
  EXPECT_EQ(Index.find("_Z1kv")->Instructions.size(), 2u);
  EXPECT_EQ(Index.find("_Z1kw"), nullptr);
}

TEST(StallBlameTest, AnonymousNamespacesAreFoundByTheirSignature) {
  // nvcc's name of `namespace { __global__ void k(int); }`, and clang's.
  auto Fs = parseSassListing(R"(
	code for sm_90
		Function : _ZN38_GLOBAL__N__00000000_7_app_cu_1234abcd1kEi
        /*0000*/                   EXIT ;
		Function : _Z1kf
        /*0000*/                   EXIT ;
		Function : _ZN2ns1kEf
        /*0000*/                   EXIT ;
)",
                             "anon.sass");
  ASSERT_TRUE(Fs);
  KernelCodeIndex Index = kernelCodeOf(*Fs);
  const FunctionCode *K = Index.find("_ZN12_GLOBAL__N_11kEi");
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K->Name, "_ZN38_GLOBAL__N__00000000_7_app_cu_1234abcd1kEi");
  // Another signature is another kernel.
  EXPECT_EQ(Index.find("_ZN12_GLOBAL__N_11kEf"), nullptr);
}

} // namespace
