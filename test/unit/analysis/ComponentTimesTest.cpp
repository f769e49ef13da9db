//===- ComponentTimesTest.cpp - Per-component times -----------------------===//

#include "model/ComponentTimes.h"
#include "ProfileFixtures.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::test;

namespace {

/// The fixture's `stream` kernel (40 launches) with shared-memory
/// wavefronts, on the test device with a calibrated L2 bandwidth.
const KernelReport &stream(std::unique_ptr<Analysis> &A, bool WithL2 = true) {
  auto J = twoKernelProfile();
  for (int I : {0, 1}) {
    J["kernels"][I]["counters"]
     ["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"] = 100000.0;
    J["kernels"][I]["counters"]
     ["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"] = 50000.0;
  }
  DeviceParameters D = testDevice();
  if (WithL2)
    D.Measurements.push_back({"l2_read", 200, "GB/s"});
  A = analyzeJson(J, testEntry(D));
  return A->Report.Kernels[0];
}

TEST(ComponentTimesTest, IssueTimeIsTheThesisComputeTime) {
  std::unique_ptr<Analysis> A;
  const KernelReport &K = stream(A);
  auto Issue = K.Models.Components.timeOf(Component::Issue);
  ASSERT_TRUE(Issue);
  // W_comp / T'_op = 83886080 / (E_instr 1/15 x 1000 GFLOP/s).
  EXPECT_NEAR(*Issue, K.Models.Thesis->WComp / (K.Models.Thesis->TOpEff * 1e6),
              1e-12);
  EXPECT_NEAR(*Issue, 1.2582912, 1e-9);
}

TEST(ComponentTimesTest, MemoryLevelsAtTheirCalibratedRates) {
  std::unique_ptr<Analysis> A;
  const KernelReport &K = stream(A);
  // DRAM: 503316480 B at 100 GB/s; L2: 12582912 B x 40 at 200 GB/s;
  // shared: 150000 wavefronts x 40 x 32 accesses at T_ldst 250 G/s.
  EXPECT_NEAR(*K.Models.Components.timeOf(Component::Dram), 5.0331648, 1e-9);
  EXPECT_NEAR(*K.Models.Components.timeOf(Component::L2), 2.5165824, 1e-9);
  EXPECT_NEAR(*K.Models.Components.timeOf(Component::SharedMemory), 0.768,
              1e-9);
  ASSERT_TRUE(K.Models.Components.bottleneck());
  EXPECT_EQ(K.Models.Components.bottleneck()->Which, Component::Dram);
  EXPECT_EQ(K.Models.Components.next()->Which, Component::L2);
}

TEST(ComponentTimesTest, UncalibratedLevelsAreLeftOut) {
  std::unique_ptr<Analysis> A;
  const KernelReport &K = stream(A, /*WithL2=*/false);
  EXPECT_FALSE(K.Models.Components.timeOf(Component::L2));
  EXPECT_EQ(K.Models.Components.next()->Which, Component::Issue);
}

TEST(ComponentTimesTest, SharedRateFromMeasurementOverTLdSt) {
  DeviceParameters D = testDevice();
  D.Measurements.push_back({"shared_ldst32", 500, "GOP/s"});
  D.Measurements.push_back({"l2_read", 7.5, "TB/s"}); // Wrong unit: ignored.
  MemoryCeilings M = memoryCeilings(D);
  EXPECT_EQ(M.SharedGops, 500.0);
  EXPECT_FALSE(M.L2GBps);
}

TEST(ComponentTimesTest, NoteNamesTheNextBottleneck) {
  std::unique_ptr<Analysis> A;
  stream(A);
  std::string Notes;
  for (const Diagnostic &N : A->Diagnostics[0].Notes)
    Notes += N.Message + "\n";
  EXPECT_NE(Notes.find("time by component: DRAM 5.033 ms, L2 2.517 ms, "
                       "instruction issue 1.258 ms, shared memory 768.0 us; "
                       "without the DRAM bottleneck, L2 would cap it at "
                       "2.517 ms"),
            std::string::npos)
      << Notes;
}

} // namespace
