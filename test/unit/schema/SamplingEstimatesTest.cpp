//===- SamplingEstimatesTest.cpp - Sampling limits and estimated counters -===//
///
/// \file
/// The profile fields of bounded sampling: collection.sampling_limits and a
/// kernel entry's counters_estimated, written and read back, and rejected
/// with the field named when malformed.
///
//===----------------------------------------------------------------------===//

#include "schema/ProfileReader.h"
#include "schema/ProfileWriter.h"

#include "ProfileJson.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;
using ::testing::HasSubstr;

namespace {

nlohmann::json withEstimate(nlohmann::json Estimate) {
  nlohmann::json J = twoKernelProfile();
  J["kernels"][1]["counters_estimated"] = std::move(Estimate);
  return J;
}

TEST(SamplingEstimates, RoundTrip) {
  nlohmann::json J = withEstimate(
      {{"from", {{"site", 0}, {"grid", {4, 1, 1}}, {"block", {256, 1, 1}}}},
       {"scale", 2.5},
       {"through_grid", {1, 1, 1}}});
  J["collection"]["sampling_limits"] = {{"budget_pct", 20.0},
                                        {"samples_per_kernel", nullptr},
                                        {"grouping", "size"}};
  auto P = readProfileFile(writeTemp("estimates.json", J.dump()));
  ASSERT_TRUE(P) << P.error().message();
  ASSERT_TRUE(P->Collection.Limits);
  EXPECT_EQ(P->Collection.Limits->BudgetPct, 20.0);
  EXPECT_FALSE(P->Collection.Limits->SamplesPerKernel);
  EXPECT_EQ(P->Collection.Limits->Grouping, "size");
  const std::optional<CounterEstimate> &E = P->Kernels[1].CountersEstimated;
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Site, std::optional<std::uint64_t>(0));
  EXPECT_EQ(E->Grid[0], 4u);
  EXPECT_EQ(E->Scale, 2.5);
  ASSERT_TRUE(E->ThroughGrid);
  EXPECT_EQ((*E->ThroughGrid)[0], 1u);
  EXPECT_FALSE(P->Kernels[0].CountersEstimated);

  // Written back, read again: the same.
  auto Again = readProfileFile(writeTemp("estimates2.json", profileText(*P)));
  ASSERT_TRUE(Again) << Again.error().message();
  EXPECT_EQ(Again->Kernels[1].CountersEstimated->Scale, 2.5);
  EXPECT_EQ((*Again->Kernels[1].CountersEstimated->ThroughGrid)[0], 1u);
  EXPECT_EQ(Again->Collection.Limits->Grouping, "size");
}

TEST(SamplingEstimates, ProfilesWithoutThemStillRead) {
  auto P = readProfileFile(writeTemp("plain.json", twoKernelProfile().dump()));
  ASSERT_TRUE(P) << P.error().message();
  EXPECT_FALSE(P->Collection.Limits);
  EXPECT_FALSE(P->Kernels[1].CountersEstimated);
}

std::string errorOf(const nlohmann::json &J) {
  auto P = readProfileFile(writeTemp("bad.json", J.dump()));
  EXPECT_FALSE(P);
  return P ? std::string() : P.error().message();
}

TEST(SamplingEstimates, MalformedFieldsAreNamed) {
  EXPECT_THAT(errorOf(withEstimate({{"scale", 2.0}})),
              HasSubstr("kernels[1].counters_estimated.from"));
  EXPECT_THAT(
      errorOf(
          withEstimate({{"from", {{"grid", {4, 1, 1}}, {"block", {256, 1, 1}}}},
                        {"scale", 0}})),
      HasSubstr("counters_estimated.scale: expected a positive number"));
  EXPECT_THAT(
      errorOf(withEstimate(
          {{"from", {{"site", 9}, {"grid", {4, 1, 1}}, {"block", {256, 1, 1}}}},
           {"scale", 1}})),
      HasSubstr("from.site"));
  nlohmann::json Limits = twoKernelProfile();
  Limits["collection"]["sampling_limits"] = {{"grouping", "waves"}};
  EXPECT_THAT(errorOf(Limits), HasSubstr("sampling_limits.grouping"));
}

} // namespace
