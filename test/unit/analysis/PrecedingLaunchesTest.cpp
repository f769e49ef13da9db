//===- PrecedingLaunchesTest.cpp - The launch before, on the same buffers -===//

#include "analysis/PrecedingLaunches.h"

#include "schema/CounterCatalog.h"

#include <gtest/gtest.h>

using namespace headroom;

namespace {

ProfileKernel entry(std::uint64_t Site, const std::string &Name,
                    std::uint64_t Launches) {
  ProfileKernel K;
  K.Site = Site;
  K.Name = Name;
  K.Demangled = Name + "(float const*, float*)";
  K.Launches = Launches;
  return K;
}

void setMoved(ProfileKernel &K, double LoadSectors, double StoreSectors) {
  K.Counters[std::string(
      counterInfo(Counter::L1GlobalLoadSectors).HopperName)] = LoadSectors;
  K.Counters[std::string(
      counterInfo(Counter::L1GlobalStoreSectors).HopperName)] = StoreSectors;
}

KernelFollow follow(std::uint64_t Site, const std::string &Name,
                    std::uint64_t Launches, std::uint64_t Bytes) {
  KernelFollow F;
  F.Site = Site;
  F.Name = Name;
  F.Launches = Launches;
  F.SharedBytes = Bytes;
  return F;
}

TEST(PrecedingLaunches, TheMostFrequent) {
  ProfileDocument P;
  // The previous kernel ran in two configurations at site 0: 1 MB and
  // 4 MB loaded and stored per launch, 30 and 10 launches.
  ProfileKernel A1 = entry(0, "scale", 30), A2 = entry(0, "scale", 10);
  setMoved(A1, 16384, 16384);
  setMoved(A2, 65536, 65536);
  ProfileKernel Other = entry(2, "copy", 5);
  ProfileKernel B = entry(1, "product", 40);
  B.ExaminedLaunches = 40;
  B.Follows = {follow(2, "copy", 4, 1024), follow(0, "scale", 32, 1 << 20)};
  for (ProfileKernel *K : {&A1, &A2, &Other, &B})
    P.Kernels.push_back(*K);
  std::optional<PrecedingLaunch> L = precedingLaunch(P, B, nullptr);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Kernel, "scale(float const*, float*)");
  EXPECT_DOUBLE_EQ(L->Share, 0.8);
  EXPECT_DOUBLE_EQ(L->SharedBytes, 1 << 20);
  ASSERT_TRUE(L->MovedBytes);
  EXPECT_DOUBLE_EQ(*L->MovedBytes, (30.0 * (1 << 20) + 10.0 * (4 << 20)) / 40);
  // One launch of its configuration launched most, for the fused kernel.
  ASSERT_TRUE(L->OneLaunch);
  EXPECT_DOUBLE_EQ(L->OneLaunch->Launches, 1);
  EXPECT_DOUBLE_EQ(*L->OneLaunch->total(Counter::L1GlobalLoadSectors), 16384);
}

TEST(PrecedingLaunches, NoneWithoutFollowsOrExaminedLaunches) {
  ProfileDocument P;
  ProfileKernel B = entry(1, "product", 40);
  EXPECT_FALSE(precedingLaunch(P, B, nullptr));
  B.Follows = {follow(0, "scale", 32, 1 << 20)};
  EXPECT_FALSE(precedingLaunch(P, B, nullptr));
  // A previous kernel the profile has no entry of: named as recorded, what
  // it moved unknown.
  B.ExaminedLaunches = 64;
  std::optional<PrecedingLaunch> L = precedingLaunch(P, B, nullptr);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->Kernel, "scale");
  EXPECT_DOUBLE_EQ(L->Share, 0.5);
  EXPECT_FALSE(L->MovedBytes);
  EXPECT_FALSE(L->OneLaunch);
}

} // namespace
