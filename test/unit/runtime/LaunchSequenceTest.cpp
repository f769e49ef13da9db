//===- LaunchSequenceTest.cpp - Consecutive launches on each stream -------===//

#include "LaunchSequence.h"
#include "LaunchAllocations.h"

#include <gtest/gtest.h>

using namespace headroom::rt;

namespace {

LaunchAllocations allocations(std::initializer_list<AllocationRange> Ranges) {
  LaunchAllocations A;
  for (AllocationRange R : Ranges)
    A.add(R);
  return A;
}

TEST(LaunchAllocations, EachAllocationOnceInOrder) {
  LaunchAllocations A =
      allocations({{0x3000, 64}, {0x1000, 256}, {0x3000, 64}, {0x2000, 0}});
  EXPECT_EQ(A.ranges(),
            (std::vector<AllocationRange>{{0x1000, 256}, {0x3000, 64}}));
}

TEST(LaunchAllocations, SharedBytesCountEachCommonAllocationOnce) {
  LaunchAllocations A = allocations({{0x1000, 256}, {0x3000, 64}});
  LaunchAllocations B =
      allocations({{0x3000, 64}, {0x1000, 256}, {0x9000, 1 << 20}});
  EXPECT_EQ(LaunchAllocations::sharedBytes(A, B), 320u);
  EXPECT_EQ(LaunchAllocations::sharedBytes(B, A), 320u);
  EXPECT_EQ(LaunchAllocations::sharedBytes(A, allocations({{0x9000, 8}})), 0u);
  // Freed and allocated again at the same address with another size.
  EXPECT_EQ(LaunchAllocations::sharedBytes(A, allocations({{0x1000, 128}})),
            128u);
}

int Context, OtherContext, StreamA, StreamB;

TEST(LaunchSequence, ALaunchFollowsThePreviousOnItsStreamOnly) {
  LaunchSequence S;
  LaunchAllocations In = allocations({{0x1000, 4096}, {0x2000, 4096}});
  LaunchAllocations Out = allocations({{0x2000, 4096}, {0x3000, 4096}});
  Attribution Site3{3, NoScope};
  LaunchExamination First = S.launch(&Context, &StreamA, Site3, "stepA", &In);
  EXPECT_TRUE(First.Examined);
  EXPECT_FALSE(First.Follows);
  // Another stream, another context: nothing before them.
  EXPECT_FALSE(S.launch(&Context, &StreamB, {}, "other", &Out).Follows);
  EXPECT_FALSE(S.launch(&OtherContext, &StreamA, {}, "other", &Out).Follows);
  LaunchExamination Second =
      S.launch(&Context, &StreamA, Attribution{NoSite, 1}, "stepB", &Out);
  ASSERT_TRUE(Second.Follows);
  EXPECT_EQ(Second.Follows->Where, Site3);
  EXPECT_EQ(Second.Follows->Kernel, "stepA");
  EXPECT_EQ(Second.Follows->SharedBytes, 4096u);
  // Now stepB is the previous launch: same allocations as this one.
  LaunchExamination Third = S.launch(&Context, &StreamA, {}, "stepC", &Out);
  ASSERT_TRUE(Third.Follows);
  EXPECT_EQ(Third.Follows->Kernel, "stepB");
  EXPECT_EQ(Third.Follows->Where, (Attribution{NoSite, 1}));
  EXPECT_EQ(Third.Follows->SharedBytes, 8192u);
  EXPECT_EQ(S.streams(), 3u);
}

TEST(LaunchSequence, OnlyAKernelFirstLaunchedBefore) {
  // A loop of stepA then stepB on the same buffers: stepB follows stepA,
  // not stepA the stepB of the iteration before, nor a kernel itself.
  LaunchSequence S;
  LaunchAllocations A = allocations({{0x1000, 64}});
  Attribution SiteA{0, NoScope}, SiteB{1, NoScope};
  for (int Iteration = 0; Iteration < 3; ++Iteration) {
    LaunchExamination First = S.launch(&Context, &StreamA, SiteA, "stepA", &A);
    EXPECT_FALSE(First.Follows);
    LaunchExamination Second = S.launch(&Context, &StreamA, SiteB, "stepB", &A);
    ASSERT_TRUE(Second.Follows);
    EXPECT_EQ(Second.Follows->Kernel, "stepA");
  }
  EXPECT_FALSE(S.launch(&Context, &StreamA, SiteB, "stepB", &A).Follows);
  // The same kernel from another site is another kernel, launched later.
  EXPECT_TRUE(S.launch(&Context, &StreamA, SiteA, "stepB", &A).Follows);
}

TEST(LaunchSequence, NothingSharedIsNoFollow) {
  LaunchSequence S;
  LaunchAllocations A = allocations({{0x1000, 64}});
  LaunchAllocations B = allocations({{0x2000, 64}});
  LaunchAllocations None;
  S.launch(&Context, &StreamA, {}, "a", &A);
  LaunchExamination E = S.launch(&Context, &StreamA, {}, "b", &B);
  EXPECT_TRUE(E.Examined);
  EXPECT_FALSE(E.Follows);
  E = S.launch(&Context, &StreamA, {}, "c", &None);
  EXPECT_TRUE(E.Examined);
  EXPECT_FALSE(E.Follows);
}

TEST(LaunchSequence, AnUninspectedLaunchBreaksThePairing) {
  LaunchSequence S;
  LaunchAllocations A = allocations({{0x1000, 64}});
  S.launch(&Context, &StreamA, {}, "a", &A);
  LaunchExamination Unseen = S.launch(&Context, &StreamA, {}, "b", nullptr);
  EXPECT_FALSE(Unseen.Examined);
  EXPECT_FALSE(Unseen.Follows);
  // "a" ran, then "b" (whose arguments nobody knows): "c" follows "b".
  EXPECT_FALSE(S.launch(&Context, &StreamA, {}, "c", &A).Follows);
  EXPECT_TRUE(S.launch(&Context, &StreamA, {}, "d", &A).Follows);
}

TEST(LaunchSequence, AGraphLaunchInterruptsItsStream) {
  LaunchSequence S;
  LaunchAllocations A = allocations({{0x1000, 64}});
  S.launch(&Context, &StreamA, {}, "a", &A);
  S.launch(&Context, &StreamB, {}, "a", &A);
  S.interrupt(&Context, &StreamA);
  EXPECT_FALSE(S.launch(&Context, &StreamA, {}, "b", &A).Follows);
  EXPECT_TRUE(S.launch(&Context, &StreamB, {}, "b", &A).Follows);
}

TEST(LaunchSequence, ADestroyedContextsStreamsAreForgotten) {
  LaunchSequence S;
  LaunchAllocations A = allocations({{0x1000, 64}});
  S.launch(&Context, &StreamA, {}, "a", &A);
  S.launch(&OtherContext, &StreamA, {}, "a", &A);
  S.forgetContext(&Context);
  EXPECT_EQ(S.streams(), 1u);
  EXPECT_FALSE(S.launch(&Context, &StreamA, {}, "b", &A).Follows);
  EXPECT_TRUE(S.launch(&OtherContext, &StreamA, {}, "b", &A).Follows);
}

TEST(LaunchSequence, StreamsBeyondTheBoundAreNotPaired) {
  LaunchSequence S;
  LaunchAllocations A = allocations({{0x1000, 64}});
  std::vector<char> Streams(LaunchSequence::MaxStreams + 1);
  for (char &Stream : Streams)
    S.launch(&Context, &Stream, {}, "a", &A);
  EXPECT_EQ(S.streams(), LaunchSequence::MaxStreams);
  LaunchExamination Late = S.launch(&Context, &Streams.back(), {}, "b", &A);
  EXPECT_TRUE(Late.Examined);
  EXPECT_FALSE(Late.Follows);
  EXPECT_TRUE(S.launch(&Context, &Streams.front(), {}, "b", &A).Follows);
}

} // namespace
