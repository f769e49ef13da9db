//===- CorrelationJoinerTest.cpp ------------------------------------------===//

#include "CorrelationJoiner.h"

#include <gtest/gtest.h>

#include <vector>

using namespace headroom::rt;

namespace {

KernelRecord record(std::uint32_t Correlation, const char *Name = "k") {
  KernelRecord R;
  R.CorrelationId = Correlation;
  R.Name = Name;
  R.StartNs = 100;
  R.EndNs = 200;
  return R;
}

struct JoinerFixture {
  std::vector<JoinedLaunch> Out;
  CorrelationJoiner J;
  explicit JoinerFixture(CorrelationJoiner::Options Opts = {})
      : J(Opts, [this](JoinedLaunch &&L) { Out.push_back(std::move(L)); }) {}
};

CorrelationJoiner::Options anyOrder(std::size_t MaxPending = 1u << 16,
                                    std::size_t MaxAssociations = 1u << 20) {
  CorrelationJoiner::Options O;
  O.Order = CorrelationJoiner::Ordering::Any;
  O.MaxPendingKernels = MaxPending;
  O.MaxAssociations = MaxAssociations;
  return O;
}

TEST(CorrelationJoiner, RecordAfterItsAssociationJoinsTheSite) {
  JoinerFixture F;
  std::uint32_t Ids[] = {7};
  F.J.associate(Ids, 3, false);
  F.J.addKernel(record(7));
  ASSERT_EQ(F.Out.size(), 1u);
  EXPECT_EQ(F.Out[0].Site, 3u);
  EXPECT_EQ(F.Out[0].Role, LaunchRole::Normal);
  EXPECT_EQ(F.Out[0].Record.CorrelationId, 7u);
  EXPECT_EQ(F.J.associations(), 0u);
  EXPECT_EQ(F.J.stats().JoinedToSites, 1u);
}

TEST(CorrelationJoiner,
     UnclaimedRecordIsUnsitedAtOnceWhenAssociationsComeFirst) {
  JoinerFixture F;
  F.J.addKernel(record(9, "library_kernel"));
  ASSERT_EQ(F.Out.size(), 1u);
  EXPECT_EQ(F.Out[0].Site, NoSite);
  EXPECT_EQ(F.Out[0].Record.Name, "library_kernel");
  EXPECT_EQ(F.J.pendingKernels(), 0u);
  EXPECT_EQ(F.J.stats().Unsited, 1u);
}

TEST(CorrelationJoiner, RecordBeforeItsExternalCorrelationWaitsAndJoins) {
  JoinerFixture F(anyOrder());
  F.J.addKernel(record(11));
  EXPECT_TRUE(F.Out.empty());
  EXPECT_EQ(F.J.pendingKernels(), 1u);
  std::uint32_t Ids[] = {11};
  F.J.associate(Ids, 2, false);
  ASSERT_EQ(F.Out.size(), 1u);
  EXPECT_EQ(F.Out[0].Site, 2u);
  EXPECT_EQ(F.J.pendingKernels(), 0u);
}

TEST(CorrelationJoiner, RecordAfterItsExternalCorrelationJoinsToo) {
  JoinerFixture F(anyOrder());
  std::uint32_t Ids[] = {12};
  F.J.associate(Ids, 4, false);
  F.J.addKernel(record(12));
  ASSERT_EQ(F.Out.size(), 1u);
  EXPECT_EQ(F.Out[0].Site, 4u);
}

TEST(CorrelationJoiner, LaunchWithNoSiteIsUnsitedAtFinishInAnyOrder) {
  JoinerFixture F(anyOrder());
  F.J.addKernel(record(20, "first"));
  F.J.addKernel(record(21, "second"));
  EXPECT_TRUE(F.Out.empty());
  F.J.finish();
  ASSERT_EQ(F.Out.size(), 2u);
  EXPECT_EQ(F.Out[0].Record.Name, "first");
  EXPECT_EQ(F.Out[1].Record.Name, "second");
  EXPECT_EQ(F.Out[0].Site, NoSite);
  EXPECT_EQ(F.Out[1].Site, NoSite);
}

TEST(CorrelationJoiner, RuntimeOrDriverIdJoinsAndBothAreForgotten) {
  JoinerFixture F;
  // The driver call's id first, then the enclosing runtime call's.
  std::uint32_t Ids[] = {31, 30};
  F.J.associate(Ids, 5, false);
  EXPECT_EQ(F.J.associations(), 2u);
  F.J.addKernel(record(30));
  ASSERT_EQ(F.Out.size(), 1u);
  EXPECT_EQ(F.Out[0].Site, 5u);
  EXPECT_EQ(F.J.associations(), 0u);
  EXPECT_EQ(F.J.stats().MatchedByPosition[1], 1u);
  EXPECT_EQ(F.J.stats().MatchedByPosition[0], 0u);
  // A later record with the driver id is not that launch any more.
  F.J.addKernel(record(31));
  EXPECT_EQ(F.Out[1].Site, NoSite);
}

TEST(CorrelationJoiner, RepeatedIdsAreStoredOnce) {
  JoinerFixture F;
  std::uint32_t Ids[] = {40, 40, 40};
  F.J.associate(Ids, 1, false);
  EXPECT_EQ(F.J.associations(), 1u);
}

TEST(CorrelationJoiner, ProfiledLaunchKeepsItsSiteForReplayRecords) {
  JoinerFixture F;
  std::uint32_t Ids[] = {50, 49};
  F.J.associate(Ids, 6, true);
  F.J.addKernel(record(50));
  F.J.addKernel(record(50));
  F.J.addKernel(record(49));
  ASSERT_EQ(F.Out.size(), 3u);
  EXPECT_EQ(F.Out[0].Role, LaunchRole::Profiled);
  EXPECT_EQ(F.Out[1].Role, LaunchRole::Replay);
  EXPECT_EQ(F.Out[2].Role, LaunchRole::Replay);
  for (const JoinedLaunch &L : F.Out)
    EXPECT_EQ(L.Site, 6u);
  EXPECT_EQ(F.J.stats().ReplayRecords, 2u);
  F.J.finish();
  EXPECT_EQ(F.J.stats().AssociationsUnmatched, 0u);
}

TEST(CorrelationJoiner, ExternalRecordDoesNotTurnAProfiledLaunchPlain) {
  JoinerFixture F(anyOrder());
  std::uint32_t Ids[] = {60};
  F.J.associate(Ids, 2, true);  // From the launch callback.
  F.J.associate(Ids, 2, false); // Its external-correlation record.
  F.J.addKernel(record(60));
  ASSERT_EQ(F.Out.size(), 1u);
  EXPECT_EQ(F.Out[0].Role, LaunchRole::Profiled);
}

TEST(CorrelationJoiner, WaitingRecordsAreBounded) {
  JoinerFixture F(anyOrder(/*MaxPending=*/2));
  F.J.addKernel(record(1, "oldest"));
  F.J.addKernel(record(2));
  F.J.addKernel(record(3));
  ASSERT_EQ(F.Out.size(), 1u);
  EXPECT_EQ(F.Out[0].Record.Name, "oldest");
  EXPECT_EQ(F.Out[0].Site, NoSite);
  EXPECT_EQ(F.J.pendingKernels(), 2u);
  EXPECT_EQ(F.J.stats().PendingEvicted, 1u);
}

TEST(CorrelationJoiner, UnmatchedAssociationsAreBoundedAndCounted) {
  JoinerFixture F(anyOrder(16, /*MaxAssociations=*/3));
  for (std::uint32_t Id = 100; Id < 105; ++Id) {
    std::uint32_t Ids[] = {Id};
    F.J.associate(Ids, 0, false);
  }
  EXPECT_EQ(F.J.associations(), 3u);
  EXPECT_EQ(F.J.stats().AssociationsEvicted, 2u);
  // The oldest were evicted: their records are unsited.
  F.J.addKernel(record(100));
  F.J.addKernel(record(104));
  F.J.finish();
  ASSERT_EQ(F.Out.size(), 2u);
  EXPECT_EQ(F.Out[0].Record.CorrelationId, 104u);
  EXPECT_EQ(F.Out[0].Site, 0u);
  EXPECT_EQ(F.Out[1].Record.CorrelationId, 100u);
  EXPECT_EQ(F.Out[1].Site, NoSite);
  EXPECT_EQ(F.J.stats().AssociationsUnmatched, 2u);
}

TEST(CorrelationJoiner, ManyJoinsLeaveNoState) {
  JoinerFixture F;
  for (std::uint32_t Id = 1; Id <= 5000; ++Id) {
    std::uint32_t Ids[] = {2 * Id, 2 * Id - 1};
    F.J.associate(Ids, Id % 3, false);
    F.J.addKernel(record(2 * Id));
  }
  EXPECT_EQ(F.Out.size(), 5000u);
  EXPECT_EQ(F.J.associations(), 0u);
  EXPECT_EQ(F.J.stats().JoinedToSites, 5000u);
}

} // namespace
