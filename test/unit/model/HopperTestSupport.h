//===- HopperTestSupport.h - Launch groups on the round device --*- C++ -*-===//
///
/// \file
/// What the Hopper model's tests share: the round device's rates (with the
/// L2's clock where a test needs its atomic unit), and launch groups built
/// by hand or from counters.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_TEST_UNIT_MODEL_HOPPERTESTSUPPORT_H
#define HEADROOM_TEST_UNIT_MODEL_HOPPERTESTSUPPORT_H

#include "model/HopperModel.h"
#include "model/UnitRates.h"

#include "RoundDevice.h"

#include <gtest/gtest.h>

#include <map>

namespace headroom::test {

inline UnitRates ratesOf(const DeviceParameters &D) {
  Expected<UnitRates> R = unitRates(D);
  EXPECT_TRUE(R) << R.error().message();
  return R ? *R : UnitRates{};
}

inline UnitRates roundRates() { return ratesOf(roundDevice()); }

/// The round device with the L2's clock (1 GHz) and 4 slices: the atomic
/// unit bounded at one input per clock, nothing measured on one word.
inline DeviceParameters roundDeviceWithL2Clock() {
  DeviceParameters D = roundDevice();
  addMeasurement(D, "l2_clock_under_load", 1000, "MHz");
  addMeasurement(D, "l2_slices", 4, "slices");
  return D;
}

inline LaunchGroup group(std::uint64_t Blocks, std::uint64_t Threads) {
  LaunchGroup G;
  G.Shape = {Blocks, Threads};
  return G;
}

inline void setWork(LaunchGroup &G, Unit U, double Amount) {
  G.Work.Amount[static_cast<std::size_t>(U)] = Amount;
}

/// One launch of 1024 blocks of 256 threads from the counters \p Values.
inline LaunchGroup countersGroup(std::map<Counter, double> Values) {
  return launchGroup(
      [=](Counter Asked) -> std::optional<double> {
        auto It = Values.find(Asked);
        return It == Values.end() ? std::nullopt : std::optional(It->second);
      },
      {1024, 256}, 1);
}

/// One launch of 1024 blocks of 256 threads from its counters: \p Amount of
/// \p C and 1e6 issued warp instructions.
inline LaunchGroup countedGroup(Counter C, double Amount) {
  std::map<Counter, double> Values = {{Counter::Inst, 1e6}};
  Values[C] = Amount;
  return countersGroup(Values);
}

/// A curve of 2 SMs where one warp per SM (2 x 2048 bytes in flight) reads
/// at 16.384 GB/s (latency 0.25 us), two at 32.768 GB/s (0.25 us) and four
/// at 40.96 GB/s (0.4 us: queueing), the best; eight only queue.
inline Measurement readVsWarps() {
  Measurement M;
  M.Name = "dram_read_vs_warps";
  M.Unit = "warps/SM";
  M.Value = 4;
  M.Points = {{1, 16.384}, {2, 32.768}, {4, 40.96}, {8, 40.96}};
  return M;
}

/// The round device of compute capability 9.0 with the curve above.
inline DeviceParameters latencyDevice() {
  DeviceParameters D = roundDevice();
  D.ComputeCapability = "9.0";
  D.Measurements.push_back(readVsWarps());
  return D;
}

inline UnitRates latencyRates() { return ratesOf(latencyDevice()); }

/// 500 blocks of 64 threads: 1000 warps; 50% of 64 warps resident per SM
/// on 2 SMs: 64 resident, 15.6 turns; each warp reads \p ReadBytesPerWarp.
inline LaunchGroup streamingGroup(double ReadBytesPerWarp) {
  LaunchGroup G;
  G.Shape = {500, 64};
  G.OccupancyPct = 50;
  G.Work.DramReadBytes = ReadBytesPerWarp * 1000;
  G.Work.Amount[static_cast<std::size_t>(Unit::Dram)] = G.Work.DramReadBytes;
  return G;
}

/// The round device (2 SMs, 1 GHz) with a DRAM latency curve whose least
/// loaded point is 0.25 us, and load-to-use latencies of 20, 150 and 200 ns
/// (one dependent load waits less than the curve's warps, which keep 2 KB
/// each in flight, as on the H100).
inline UnitRates loadRoundsRates() {
  DeviceParameters D = latencyDevice();
  addMeasurement(D, "load_latency_l1", 20, "ns");
  addMeasurement(D, "load_latency_l2", 150, "ns");
  addMeasurement(D, "load_latency_dram", 200, "ns");
  return ratesOf(D);
}

/// 500 blocks of 64 threads (1000 warps, 64 resident on the 2 SMs), each
/// warp loading 96 floats from DRAM one after another, as counted, with
/// \p LoadsPerRound of them in flight (from the SASS; 0: unknown).
inline LaunchGroup rowLoopGroup(double LoadsPerRound) {
  double Warps = 1000, Loads = 96 * Warps, Sectors = 4 * Loads;
  LaunchGroup G = launchGroup(
      [=](Counter C) -> std::optional<double> {
        switch (C) {
        case Counter::Inst:
          return 10 * Loads;
        case Counter::GlobalLoadInst:
          return Loads;
        case Counter::L1GlobalLoadSectors:
        case Counter::L2SectorsRead:
        case Counter::TranRead:
          return Sectors;
        case Counter::AchievedOccupancyPct:
          return 50;
        default:
          return std::nullopt;
        }
      },
      {500, 64}, 1);
  G.Facts.GlobalLoadsPerRound = LoadsPerRound;
  return G;
}

} // namespace headroom::test

#endif // HEADROOM_TEST_UNIT_MODEL_HOPPERTESTSUPPORT_H
