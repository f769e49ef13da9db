//===- HotLineCodeTest.cpp - Hot lines in the kernel's SASS ---------------===//

#include "analysis/HotLineCode.h"

#include "../schema/StallSampleFixtures.h"

#include <gtest/gtest.h>

#include <map>

using namespace headroom;

namespace {

StallSamplePc pc(std::uint64_t Offset, const char *File, unsigned Line,
                 StallCounts Stalls) {
  return test::stallPc(Offset, File, Line, std::move(Stalls));
}

StallLines linesOf(std::vector<StallSamplePc> Pcs) {
  ProfileKernel K;
  K.Name = "_Z1kv";
  K.Launches = 1;
  K.Stalls = StallSamples{1, 32768, 0, std::move(Pcs)};
  const ProfileKernel *Entries[] = {&K};
  std::optional<StallLines> S = stallLines(Entries);
  EXPECT_TRUE(S);
  return S ? *S : StallLines{};
}

/// Offsets 0x00..0xb0, blocks starting at 0x00, 0x40 and 0x90; a loop over
/// 0x40..0x80 (blocks two), nested in none. The instruction at 0x70 waits
/// (long scoreboard) on the load at 0x50, the one at 0x80 on the load at
/// 0x20 (branch_resolving: on itself), and the one at 0xa0 on the load
/// at 0x90.
KernelCodeIndex code() {
  FunctionCode F;
  F.Name = "_Z1kv";
  for (std::uint64_t O = 0; O <= 0xb0; O += 0x10) {
    CodeInstruction I;
    I.Offset = O;
    I.Opcode = "IADD3";
    I.Block = O < 0x40 ? 0 : O < 0x90 ? 4 : 9;
    if (O >= 0x40 && O <= 0x80)
      I.Loop = 0;
    F.Instructions.push_back(I);
  }
  for (std::uint64_t O : {0x20, 0x50, 0x90}) {
    F.Instructions[O / 0x10].Opcode = "LDG.E";
    F.Instructions[O / 0x10].Role = CodeRole::GlobalLoad;
  }
  F.Instructions[0x8].Opcode = "BRA";
  F.Instructions[0x8].Role = CodeRole::Branch;
  F.Instructions[0x7].Blame["long_scoreboard"] = 0x5;
  F.Instructions[0x8].Blame["long_scoreboard"] = 0x2;
  F.Instructions[0x8].Blame["branch_resolving"] = 0x8;
  F.Instructions[0xa].Blame["long_scoreboard"] = 0x9;
  F.Loops.push_back(CodeLoop{0x40, 0x80, std::nullopt});
  KernelCodeIndex Index;
  Index.add(F);
  return Index;
}

TEST(HotLineCode, NamesTheLoopByItsSampledLines) {
  StallLines S = linesOf({
      pc(0x40, "k.cu", 20, {{"wait", 10}}),
      pc(0x50, "k.cu", 21, {{"lg_throttle", 10}}),
      pc(0x60, "other.h", 3, {{"wait", 10}}),
      pc(0x70, "k.cu", 22, {{"long_scoreboard", 600}, {"selected", 50}}),
      pc(0x80, "k.cu", 24, {{"wait", 10}}),
      pc(0x90, "k.cu", 30, {{"wait", 10}}),
      pc(0xa0, "k.cu", 31, {{"long_scoreboard", 300}}),
  });
  placeHotLinesInCode(S, code());
  ASSERT_EQ(S.Hot.size(), 2u);
  const StallLine &L22 = S.Lines[S.Hot[0]];
  ASSERT_EQ(L22.Where.Line, 22u);
  // Lines 20..24 of k.cu lie in the loop's range; other.h's line and line
  // 30 (after the loop) do not widen it.
  ASSERT_TRUE(L22.Loop);
  EXPECT_EQ(L22.Loop->FirstLine, 20u);
  EXPECT_EQ(L22.Loop->LastLine, 24u);
  EXPECT_EQ(L22.Loop->FirstOffset, 0x40u);
  EXPECT_EQ(L22.Loop->LastOffset, 0x80u);
  ASSERT_TRUE(L22.WaitsOn);
  EXPECT_EQ(L22.WaitsOn->Offset, 0x50u);
  EXPECT_EQ(L22.WaitsOn->Kind, CodeRole::GlobalLoad);
  EXPECT_EQ(L22.WaitsOn->Opcode, "LDG.E");
  EXPECT_EQ(L22.WaitsOn->Reason, "long_scoreboard");
  EXPECT_EQ(L22.WaitsOn->Samples, 600u);
  EXPECT_EQ(L22.WaitsOn->Where.Line, 21u);
  EXPECT_FALSE(L22.WaitsOn->Nearby);
  // Line 31 is outside loops; it waits on the load at 0x90, of line 30.
  const StallLine &L31 = S.Lines[S.Hot[1]];
  ASSERT_EQ(L31.Where.Line, 31u);
  EXPECT_FALSE(L31.Loop);
  ASSERT_TRUE(L31.WaitsOn);
  EXPECT_EQ(L31.WaitsOn->Offset, 0x90u);
  EXPECT_EQ(L31.WaitsOn->Where.Line, 30u);
  // The lines that are not hot get neither.
  for (const StallLine &L : S.Lines)
    if (L.Where.Line != 22 && L.Where.Line != 31)
      EXPECT_FALSE(L.Loop || L.WaitsOn) << L.Where.Line;
}

TEST(HotLineCode, AnUnsampledProducerTakesAnEarlierLineOfItsBlock) {
  // The load at 0x20 has no samples; 0x10, before it in its block, has a
  // line; 0x30, after it, would be nearer but is not before it.
  StallLines S = linesOf({
      pc(0x10, "k.cu", 5, {{"wait", 1}}),
      pc(0x30, "k.cu", 7, {{"wait", 1}}),
      pc(0x80, "k.cu", 24, {{"long_scoreboard", 90}, {"branch_resolving", 10}}),
      pc(0xa0, "k.cu", 31, {{"long_scoreboard", 50}}),
  });
  placeHotLinesInCode(S, code());
  // The load at 0x90 that line 31 waits on has no samples, and nothing
  // before it in its block (it starts it): no line, its offset only.
  ASSERT_EQ(S.Hot.size(), 2u);
  const StallLine &L31 = S.Lines[S.Hot[1]];
  ASSERT_EQ(L31.Where.Line, 31u);
  ASSERT_TRUE(L31.WaitsOn);
  EXPECT_EQ(L31.WaitsOn->Offset, 0x90u);
  EXPECT_TRUE(L31.WaitsOn->Where.File.empty());
  const StallLine &L = S.Lines[S.Hot[0]];
  ASSERT_EQ(L.Where.Line, 24u);
  ASSERT_TRUE(L.WaitsOn);
  EXPECT_EQ(L.WaitsOn->Offset, 0x20u);
  EXPECT_EQ(L.WaitsOn->Where.Line, 5u);
  EXPECT_TRUE(L.WaitsOn->Nearby);
  // A loop of one sampled line.
  ASSERT_TRUE(L.Loop);
  EXPECT_EQ(L.Loop->FirstLine, 24u);
  EXPECT_EQ(L.Loop->LastLine, 24u);
}

TEST(HotLineCode, TheDominantReasonPicksTheRule) {
  StallLines S = linesOf({
      pc(0x80, "k.cu", 24, {{"long_scoreboard", 10}, {"branch_resolving", 90}}),
  });
  placeHotLinesInCode(S, code());
  const StallLine &L = S.Lines[S.Hot[0]];
  ASSERT_TRUE(L.WaitsOn);
  EXPECT_EQ(L.WaitsOn->Kind, CodeRole::Branch);
  EXPECT_EQ(L.WaitsOn->Offset, 0x80u);
  EXPECT_EQ(L.WaitsOn->Where.Line, 24u);
}

TEST(HotLineCode, LoadsThatFeedTheAddressMakeAChain) {
  StallLines Lines = linesOf({
      pc(0x70, "k.cu", 22, {{"long_scoreboard", 600}}),
  });
  // The load at 0x50 waited on: its address from none, from 0x20 (an
  // indirect load), from 0x20 that comes from 0x90 (a chain of three), or
  // from itself around the loop (a chase).
  struct Case {
    std::vector<std::pair<std::size_t, std::size_t>> Links;
    unsigned ChainLoads;
    bool Chain;
  } Cases[] = {
      {{}, 0, false},
      {{{0x5, 0x2}}, 1, false},
      {{{0x5, 0x2}, {0x2, 0x9}}, 2, true},
      {{{0x5, 0x5}}, MaxChainLoads, true},
      {{{0x5, 0x2}, {0x2, 0x5}}, MaxChainLoads, true},
  };
  for (const Case &C : Cases) {
    KernelCodeIndex Index = code();
    FunctionCode F = *Index.find("_Z1kv");
    for (auto [Load, From] : C.Links)
      F.Instructions[Load].AddressFrom = From;
    KernelCodeIndex Linked;
    Linked.add(F);
    StallLines S = Lines;
    placeHotLinesInCode(S, Linked);
    ASSERT_TRUE(S.Lines[S.Hot[0]].WaitsOn);
    const StallWait &W = *S.Lines[S.Hot[0]].WaitsOn;
    EXPECT_EQ(W.ChainLoads, C.ChainLoads) << C.Links.size();
    EXPECT_EQ(W.loadChain(), C.Chain) << C.Links.size();
    EXPECT_EQ(W.AddressFrom, C.Links.empty() ? std::nullopt
                                             : std::optional<std::uint64_t>(
                                                   C.Links[0].second * 0x10));
  }
}

TEST(HotLineCode, CodeOfAnotherFunctionOrOffsetSaysNothing) {
  StallLines S = linesOf({pc(0x70, "k.cu", 22, {{"long_scoreboard", 10}}),
                          pc(0xc8, "k.cu", 40, {{"long_scoreboard", 10}})});
  placeHotLinesInCode(S, KernelCodeIndex());
  for (const StallLine &L : S.Lines)
    EXPECT_FALSE(L.Loop || L.WaitsOn);
  placeHotLinesInCode(S, code());
  for (const StallLine &L : S.Lines)
    EXPECT_EQ(bool(L.WaitsOn), L.Where.Line == 22) << L.Where.Line;
  // Every sampled instruction, by offset.
  ASSERT_EQ(S.Pcs.size(), 2u);
  EXPECT_EQ(S.Pcs[1].Offset, 0xc8u);
  EXPECT_EQ(S.Pcs[1].Reasons.at("long_scoreboard"), 10u);
}

/// Five instructions, 0x00..0x40, with \p Frames per offset.
KernelCodeIndex
inlinedCode(const std::map<std::uint64_t, std::vector<CodeFrame>> &Frames) {
  FunctionCode F;
  F.Name = "_Z1kv";
  for (std::uint64_t O = 0; O <= 0x40; O += 0x10) {
    CodeInstruction I;
    I.Offset = O;
    I.Opcode = "ISETP.GE.U32.AND";
    if (auto It = Frames.find(O); It != Frames.end())
      I.Frames = It->second;
    F.Instructions.push_back(I);
  }
  KernelCodeIndex Index;
  Index.add(F);
  return Index;
}

TEST(HotLineCode, NamesTheKernelLineInlinedCodeWasInlinedAt) {
  // Line 31 of an inlined function: 800 samples where it was inlined at
  // line 48, 100 at line 60; line 50 is the kernel's own.
  KernelCodeIndex Code =
      inlinedCode({{0x10, {{"/src/k.cu", 31}, {"/src/k.cu", 48}}},
                   {0x20, {{"/src/k.cu", 31}, {"/src/k.cu", 48}}},
                   {0x30, {{"/src/k.cu", 31}, {"/src/k.cu", 60}}},
                   {0x40, {{"/src/k.cu", 50}}}});
  StallLines S = linesOf({
      pc(0x10, "k.cu", 31, {{"wait", 500}}),
      pc(0x20, "k.cu", 31, {{"wait", 300}}),
      pc(0x30, "k.cu", 31, {{"wait", 100}}),
      pc(0x40, "k.cu", 50, {{"wait", 200}}),
  });
  placeHotLinesInCode(S, Code);
  ASSERT_EQ(S.Hot.size(), 2u);
  const StallLine &L31 = S.Lines[S.Hot[0]];
  ASSERT_EQ(L31.Where.Line, 31u);
  ASSERT_TRUE(L31.InlinedAt);
  EXPECT_EQ(L31.InlinedAt->Line, 48u);
  EXPECT_EQ(L31.InlinedAt->File, "/src/k.cu");
  EXPECT_TRUE(L31.InlinedAt->SameFile);
  EXPECT_EQ(L31.InlinedAt->Samples, 800u);
  EXPECT_FALSE(S.Lines[S.Hot[1]].InlinedAt);
}

TEST(HotLineCode, AnInlinedCallSiteOnlyWhereTheListingAgrees) {
  // A header's function inlined into k.cu: the call is in another file.
  StallLines S = linesOf({pc(0x10, "cmp.h", 5, {{"wait", 500}})});
  placeHotLinesInCode(
      S, inlinedCode({{0x10, {{"/inc/cmp.h", 5}, {"/src/k.cu", 48}}}}));
  ASSERT_TRUE(S.Lines[S.Hot[0]].InlinedAt);
  EXPECT_FALSE(S.Lines[S.Hot[0]].InlinedAt->SameFile);
  EXPECT_EQ(S.Lines[S.Hot[0]].InlinedAt->File, "/src/k.cu");
  // A listing whose innermost line is not the profile's (another build),
  // or whose file is another, names no call.
  for (CodeFrame Inner :
       {CodeFrame{"/inc/cmp.h", 6}, CodeFrame{"/inc/x.h", 5}}) {
    StallLines T = linesOf({pc(0x10, "cmp.h", 5, {{"wait", 500}})});
    placeHotLinesInCode(T, inlinedCode({{0x10, {Inner, {"/src/k.cu", 48}}}}));
    EXPECT_FALSE(T.Lines[T.Hot[0]].InlinedAt);
  }
  // Without frames (cuobjdump -sass), none either.
  StallLines U = linesOf({pc(0x10, "cmp.h", 5, {{"wait", 500}})});
  placeHotLinesInCode(U, inlinedCode({}));
  EXPECT_FALSE(U.Lines[U.Hot[0]].InlinedAt);
}

TEST(HotLineCode, AnUnsampledLoadTakesTheListingsLine) {
  // The load at 0x00 has no samples; the listing gives it line 47 of the
  // file it names the hot line's as, or of another file.
  for (const char *LoadFile : {"/src/k.cu", "/src/other.cu"}) {
    FunctionCode F;
    F.Name = "_Z1kv";
    CodeInstruction Load, Compare;
    Load.Offset = 0x0;
    Load.Opcode = "LDG.E";
    Load.Role = CodeRole::GlobalLoad;
    Load.Frames = {{LoadFile, 47}};
    Compare.Offset = 0x10;
    Compare.Opcode = "ISETP.GE.U32.AND";
    Compare.Frames = {{"/src/k.cu", 31}, {"/src/k.cu", 48}};
    Compare.Blame["long_scoreboard"] = 0;
    F.Instructions = {Load, Compare};
    KernelCodeIndex Code;
    Code.add(F);
    StallLines S = linesOf({pc(0x10, "k.cu", 31, {{"long_scoreboard", 500}})});
    placeHotLinesInCode(S, Code);
    const StallLine &L = S.Lines[S.Hot[0]];
    ASSERT_TRUE(L.WaitsOn);
    EXPECT_EQ(L.WaitsOn->Offset, 0x0u);
    EXPECT_EQ(L.WaitsOn->Where.Line, 47u);
    EXPECT_EQ(L.WaitsOn->Where.File,
              std::string(LoadFile) == "/src/k.cu" ? "k.cu" : LoadFile);
    EXPECT_TRUE(L.WaitsOn->FromListing);
    EXPECT_FALSE(L.WaitsOn->Nearby);
  }
}

} // namespace
