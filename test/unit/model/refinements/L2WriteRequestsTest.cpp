//===- L2WriteRequestsTest.cpp - Writes at the L2's write rate ------------===//

#include "model/refinements/L2WriteRequests.h"
#include "model/HopperModel.h"
#include "model/LatencyCauses.h"
#include "model/UnitRates.h"

#include "../HopperTestSupport.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

/// One launch of 1024 blocks of 256 threads with \p Requests L2 requests,
/// \p Sectors sectors of which \p WriteSectors written.
LaunchGroup l2Group(double Requests, double Sectors, double WriteSectors) {
  return launchGroup(
      [=](Counter Asked) -> std::optional<double> {
        switch (Asked) {
        case Counter::L2Requests:
          return Requests;
        case Counter::L2Bytes:
          return Sectors * SectorBytes;
        case Counter::L2SectorsWrite:
          return WriteSectors;
        case Counter::Inst:
          return 1e3;
        default:
          return std::nullopt;
        }
      },
      {1024, 256}, 1);
}

TEST(L2WriteRequests, AtLeastTheRequestsBeyondTheOtherSectorsAreWrites) {
  // A naive transpose: coalesced reads (4 sectors a request) and one-sector
  // writes. 1e6 writes and 0.25e6 read requests of 1e6 sectors: at most
  // 1e6 requests carry the reads' sectors, so at least 0.25e6 are writes.
  EXPECT_DOUBLE_EQ(leastWriteRequests(1.25e6, 2e6, 1e6), 0.25e6);
  // Reads of one sector a request: the bound is every write.
  EXPECT_DOUBLE_EQ(leastWriteRequests(2e6, 2e6, 1e6), 1e6);
  // A stream copy (4 sectors a request both ways): no write request proven.
  EXPECT_DOUBLE_EQ(leastWriteRequests(0.5e6, 2e6, 1e6), 0);
  // Counter noise (more requests than sectors) never makes more write
  // requests than write sectors or requests.
  EXPECT_DOUBLE_EQ(leastWriteRequests(3e6, 2e6, 1e6), 1e6);
  // Without the write sectors nothing is known: the refinement records no
  // write request.
  LaunchGroup G = countedGroup(Counter::L2Requests, 1e6);
  HopperPrediction P = predictHopper({&G, 1}, roundRates(), 1.0);
  EXPECT_DOUBLE_EQ(P.Evidence.L2Writes.Requests, 1e6);
  EXPECT_DOUBLE_EQ(P.Evidence.L2Writes.WriteRequests, 0);
  EXPECT_FALSE(P.Evidence.applied(RefinementId::L2WriteRequests));
}

TEST(L2WriteRequests, BoundAtTheFullSectorRateEstimateAtThePartial) {
  // Reads at 2 G requests/s; writes counted at 1 G/s for full sectors and
  // 0.5 G/s for partial ones. 2e6 requests of which at least 1e6 are
  // writes: 1e6 / 2e9 + 1e6 / 1e9 = 1.5 ms bound, and for the estimate's L2
  // stage 1e6 / 2e9 + 1e6 / 0.5e9 = 2.5 ms.
  DeviceParameters D = roundDevice();
  addMeasurement(D, "l2_write_requests_full_counted", 1, "G requests/s");
  addMeasurement(D, "l2_write_requests_counted", 0.5, "G requests/s");
  Expected<UnitRates> R = unitRates(D);
  ASSERT_TRUE(R) << R.error().message();
  EXPECT_DOUBLE_EQ(*R->L2WriteRequests, 1e9);
  EXPECT_DOUBLE_EQ(*R->L2PartialWriteRequests, 0.5e9);
  LaunchGroup G = l2Group(2e6, 2e6, 1e6);
  HopperPrediction P = predictHopper({&G, 1}, *R, 3.0);
  ASSERT_NE(P.timeOf(Unit::L2Requests), nullptr);
  EXPECT_DOUBLE_EQ(P.timeOf(Unit::L2Requests)->FloorMs, 1.5);
  EXPECT_DOUBLE_EQ(P.floorMs(), 1.5);
  EXPECT_DOUBLE_EQ(P.Evidence.StageMs[static_cast<std::size_t>(Stage::L2)],
                   2.5);
  EXPECT_DOUBLE_EQ(P.predictedMs(), 2.5); // the L2 stage alone has work
  EXPECT_TRUE(P.estimatePredicted());
  EXPECT_TRUE(P.Evidence.applied(RefinementId::L2WriteRequests));
  EXPECT_DOUBLE_EQ(P.Evidence.L2Writes.WriteRequests, 1e6);
  // Without the write rates every request counts at the read rate.
  HopperPrediction Q = predictHopper({&G, 1}, roundRates(), 3.0);
  EXPECT_DOUBLE_EQ(Q.floorMs(), 1.0);
  EXPECT_DOUBLE_EQ(Q.Evidence.StageMs[static_cast<std::size_t>(Stage::L2)],
                   1.0);
  EXPECT_FALSE(Q.estimatePredicted());
  EXPECT_FALSE(Q.Evidence.applied(RefinementId::L2WriteRequests));
}

} // namespace
