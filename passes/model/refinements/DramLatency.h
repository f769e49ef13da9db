//===- DramLatency.h - Little's law for a kernel's DRAM reads ---*- C++ -*-===//
///
/// \file
/// A kernel reaches DRAM's bandwidth only with enough bytes in flight
/// (Little's law: bandwidth = bytes in flight / latency). A warp that reads
/// DRAM waits at least one DRAM latency before it can retire, and only the
/// resident warps can wait at the same time, so a launch of N warps that
/// read DRAM, R of them resident, takes at least N / R latencies. The
/// latency is the loaded one: it grows as DRAM gets busier, which the
/// calibration measures (`dram_read_vs_warps`: bandwidth against resident
/// warps, each with a known number of bytes in flight; each point gives the
/// latency at that bandwidth). The time is the fixed point of
/// T = N / R x latency(DRAM bytes / T).
///
/// It is what keeps a copy of one float per thread at 75% of DRAM's
/// bandwidth on an H100 while a copy of float4s reaches it. The refinement
/// estimates each launch group's time so, and sets the wait of one DRAM
/// latency per turn of resident warps that the issue-and-latency estimate
/// overlaps with issue (docs/model.md, "DRAM latency: the bytes in flight").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_REFINEMENTS_DRAMLATENCY_H
#define HEADROOM_MODEL_REFINEMENTS_DRAMLATENCY_H

#include "model/DeviceParameters.h"
#include "model/Refinement.h"

#include <optional>
#include <utility>
#include <vector>

namespace headroom {

/// Bytes each thread of `dram_read_vs_warps`' kernel keeps in flight (four
/// unrolled 16-byte loads; microbench/benchmarks/dram_bandwidth.cu).
inline constexpr double DramCurveBytesPerThread = 64;

/// DRAM's loaded read latency against its utilization, from the calibrated
/// curve. A value type.
struct DramLatencyCurve {
  /// (utilization of BestBytesPerSecond, 0..1; latency in seconds), by
  /// increasing utilization.
  std::vector<std::pair<double, double>> Points;
  /// The curve's best bandwidth, bytes per second.
  double BestBytesPerSecond = 0;
  /// Bytes in flight per SM that reach 90% of the best bandwidth (the
  /// measurement's value in warps per SM, times the bytes of a warp).
  double BytesInFlightPerSmFor90Pct = 0;

  /// The latency at \p Utilization (clamped to the measured range: never
  /// below the least loaded point, never above the busiest).
  double latencyAt(double Utilization) const;
  /// The least loaded point's latency.
  double unloaded() const { return Points.empty() ? 0 : Points.front().second; }
};

/// The curve of measurement \p ReadVsWarps (points: warps per SM, GB/s) on
/// a device of \p Sms SMs, or nullopt when it has fewer than two points.
std::optional<DramLatencyCurve> dramLatencyCurve(const Measurement &ReadVsWarps,
                                                 unsigned Sms);

/// What a launch keeps in flight against DRAM.
struct DramConcurrency {
  /// Warps of the launch that read DRAM: all of them, but no more than one
  /// per 32-byte sector read.
  double ReadingWarps = 0;
  /// Warps resident on the whole GPU at a time (achieved occupancy).
  double ResidentWarps = 0;
};

/// The least time of a launch with \p C that moves \p DramBytes through
/// DRAM (reads and writes), in seconds: the fixed point above, and never
/// less than the bytes at the curve's best bandwidth.
double dramLatencySeconds(const DramConcurrency &C, double DramBytes,
                          const DramLatencyCurve &Curve);

/// Rounds of resident warps a launch with \p C takes (at least 1): each
/// waits one DRAM latency at least.
double dramTurns(const DramConcurrency &C);

/// What a launch group keeps in flight against DRAM, of the group with the
/// longest DRAM latency time. A value type.
struct DramInFlight {
  /// DRAM bytes read per warp, and warps resident per SM.
  double ReadBytesPerWarp = 0, ResidentWarpsPerSm = 0;
  /// The bytes in flight per SM that DRAM needs for 90% of its bandwidth.
  double NeededPerSm = 0;
  /// The group's DRAM latency time.
  double Ms = 0;
};

const Refinement &dramLatency();

} // namespace headroom

#endif // HEADROOM_MODEL_REFINEMENTS_DRAMLATENCY_H
