//===- FollowTallyTest.cpp - Launches and what they follow, per entry -----===//

#include "FollowTally.h"
#include "PendingExaminations.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::rt;

namespace {

FollowedLaunch after(Attribution Where, const char *Kernel,
                     std::uint64_t Bytes) {
  return FollowedLaunch{Where, Kernel, Bytes};
}

TEST(FollowTally, CountsLaunchesAndKeepsTheMostBytesPerPreviousLaunch) {
  FollowTally T;
  EXPECT_EQ(T.examined(), 0u);
  T.add(std::nullopt);
  T.add(after({3, NoScope}, "stepA", 100));
  T.add(after({3, NoScope}, "stepA", 300));
  T.add(after({3, NoScope}, "stepA", 200));
  T.add(after({NoSite, 0}, "gemm", 50));
  T.add(after({NoSite, NoScope}, "copy", 10));
  T.add(after({NoSite, NoScope}, "copy", 10));
  EXPECT_EQ(T.examined(), 7u);
  std::vector<KernelFollow> F = T.follows();
  ASSERT_EQ(F.size(), 3u);
  EXPECT_EQ(F[0].Site, 3u);
  EXPECT_FALSE(F[0].Scope);
  EXPECT_EQ(F[0].Name, "stepA");
  EXPECT_EQ(F[0].Launches, 3u);
  EXPECT_EQ(F[0].SharedBytes, 300u);
  // Two launches each: by name.
  EXPECT_EQ(F[1].Name, "copy");
  EXPECT_FALSE(F[1].Site);
  EXPECT_FALSE(F[1].Scope);
  EXPECT_EQ(F[1].Launches, 2u);
  EXPECT_EQ(F[2].Name, "gemm");
  EXPECT_EQ(F[2].Scope, 0u);
  EXPECT_EQ(F[2].SharedBytes, 50u);
}

TEST(FollowTally, TheSameKernelFromTwoSitesIsTwoFollows) {
  FollowTally T;
  T.add(after({1, NoScope}, "k", 8));
  T.add(after({2, NoScope}, "k", 8));
  EXPECT_EQ(T.follows().size(), 2u);
}

TEST(FollowTally, PreviousLaunchesBeyondTheBoundCountAsExaminedOnly) {
  FollowTally T;
  for (std::size_t I = 0; I <= FollowTally::MaxFollows; ++I)
    T.add(after({SiteId(I), NoScope}, "k", 8));
  EXPECT_EQ(T.examined(), FollowTally::MaxFollows + 1);
  EXPECT_EQ(T.follows().size(), FollowTally::MaxFollows);
}

LaunchExamination examined(const char *Follows = nullptr) {
  LaunchExamination E;
  E.Examined = true;
  if (Follows)
    E.Follows = after({}, Follows, 1);
  return E;
}

TEST(PendingExaminations, ALaunchIsTakenOnceByAnyOfItsIds) {
  PendingExaminations P;
  std::uint32_t First[] = {101, 100};
  std::uint32_t Second[] = {103, 102};
  P.add(First, examined("a"));
  P.add(Second, examined());
  EXPECT_EQ(P.size(), 2u);
  std::optional<LaunchExamination> E = P.take(100);
  ASSERT_TRUE(E);
  ASSERT_TRUE(E->Follows);
  EXPECT_EQ(E->Follows->Kernel, "a");
  // A replay of the same launch, under the other id, finds nothing.
  EXPECT_FALSE(P.take(101));
  EXPECT_FALSE(P.take(999));
  E = P.take(103);
  ASSERT_TRUE(E);
  EXPECT_FALSE(E->Follows);
  EXPECT_EQ(P.size(), 0u);
}

TEST(PendingExaminations, TheOldestAreDroppedBeyondTheBound) {
  PendingExaminations P;
  for (std::uint32_t Id = 0; Id <= PendingExaminations::MaxPending; ++Id) {
    std::uint32_t Ids[] = {Id};
    P.add(Ids, examined());
  }
  EXPECT_EQ(P.size(), PendingExaminations::MaxPending);
  EXPECT_EQ(P.dropped(), 1u);
  EXPECT_FALSE(P.take(0));
  EXPECT_TRUE(P.take(PendingExaminations::MaxPending));
}

TEST(PendingExaminations, AnIdSeenAgainBelongsToTheNewLaunch) {
  PendingExaminations P;
  std::uint32_t Old[] = {7, 8};
  std::uint32_t New[] = {7};
  P.add(Old, examined("old"));
  P.add(New, examined("new"));
  EXPECT_EQ(P.size(), 1u);
  EXPECT_FALSE(P.take(8));
  std::optional<LaunchExamination> E = P.take(7);
  ASSERT_TRUE(E && E->Follows);
  EXPECT_EQ(E->Follows->Kernel, "new");
}

} // namespace
