//===- UnitRates.h - What each unit of a GPU does per second ----*- C++ -*-===//
///
/// \file
/// The rate of every unit of the Hopper model on one device, from the
/// device file's calibrated measurements (docs/calibrate.md): the FMA pipe
/// from `fp32_fma`, the FMA-heavy pipe from `int32_mad`, the ALU from
/// `int32_lop3`, FP64 from `fp64_fma`, XU from `sfu_rsqrt`, the load/store
/// pipe and the L1/shared data path from `shared_ldst32` (one 128-byte
/// wavefront per SM per clock), L1 bytes from `l1_read`, L2 from `l2_read`
/// and `l2_requests` (write requests from `l2_write_requests_full_counted`
/// and `l2_write_requests_counted`), DRAM from `dram_read`, `dram_write` and
/// `dram_copy` (bandwidth depends on the read/write mix), DRAM's latency from
/// `dram_read_vs_warps`. Instruction issue (one warp
/// instruction per scheduler per clock), the tensor pipe's busy cycles and
/// the ADU (one warp instruction per SM every other clock, Nsight Compute's
/// peak for `sm__inst_executed_pipe_adu` on GH100) are architectural,
/// at the calibrated clock `sm_clock_under_load`.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_UNITRATES_H
#define HEADROOM_MODEL_UNITRATES_H

#include "model/DeviceParameters.h"
#include "model/GpuUnits.h"
#include "model/refinements/DramLatency.h"
#include "model/refinements/LoadRounds.h"
#include "support/Error.h"

#include <array>
#include <optional>

namespace headroom {

/// Schedulers (SM sub-partitions) per SM: each issues one warp instruction
/// per clock. Four on every NVIDIA GPU since Volta.
inline constexpr unsigned SchedulersPerSm = 4;

/// The rates of one device. A value type.
struct UnitRates {
  unsigned Sms = 0;
  double ClockHz = 0;
  /// The L2's capacity in bytes (0 when the device file does not say): a
  /// launch repeated on data that fits may find all of it there.
  double L2Capacity = 0;
  /// Work per second of each unit, for the whole GPU, in the unit's own
  /// work (warp instructions, scheduler-cycles of the tensor pipe,
  /// wavefronts, bytes, requests); nullopt where the device file lacks the
  /// measurement (the unit is then not bounded).
  std::array<std::optional<double>, NumUnits> PerSecond{};
  /// The hardware peak of a unit where the device file has it and it is
  /// above what a benchmark reaches (`l2_peak`, `dram_peak`: Nsight
  /// Compute's peaks of the L2's sector throughput and of DRAM; the atomic
  /// units of all `l2_slices`). How busy a unit was is its work over this
  /// peak, as Nsight Compute's Speed of Light counts it; bounds use the
  /// calibrated rate, which a kernel can reach.
  std::array<std::optional<double>, NumUnits> HardwarePeak{};
  /// DRAM bandwidth in bytes per second for reads only, writes only and a
  /// copy (half and half).
  double DramRead = 0, DramWrite = 0, DramCopy = 0;
  /// L2 write requests per second, counted as `lts__t_requests` counts them
  /// (a store to a line homed in the other half of the L2 is counted again
  /// when the fabric forwards it): of full sectors, the fastest a write
  /// request is served (the L2 request unit's bound), and of partial
  /// sectors, the usual scattered store (the partial-overlap estimate).
  /// nullopt without `l2_write_requests_full_counted` or
  /// `l2_write_requests_counted`: writes then count at the read rate.
  std::optional<double> L2WriteRequests, L2PartialWriteRequests;
  /// Inputs per second the atomic unit of one L2 slice takes for integer
  /// adds to one address (`atomic_same_address_red_u32` over 32: the SM
  /// merges a warp's integer adds to one address into one input), each
  /// waiting for the one before: 1.28 L2 clocks on the H100 and the H200,
  /// where adds to different words take 1. nullopt without the measurement.
  std::optional<double> AtomicSameAddressInputs;
  /// The same for fp32 adds (`atomic_same_address_red_f32`: one input per
  /// lane, 3 L2 clocks each), the slowest kind measured.
  std::optional<double> AtomicSameAddressFloatInputs;
  /// DRAM's loaded latency (from `dram_read_vs_warps`) and the warps an SM
  /// holds at most (from the compute capability): the DRAM latency
  /// refinement needs both.
  std::optional<DramLatencyCurve> DramLatency;
  unsigned MaxWarpsPerSm = 0;
  /// The load-to-use latency of one dependent global load from L1, L2 and
  /// DRAM (`load_latency_l1`, `load_latency_l2`, `load_latency_dram`), for
  /// the load rounds; nullopt without all three.
  std::optional<LoadLatencies> LoadToUse;
  /// The interval of back-to-back launches of a one-block kernel
  /// (`launch_gpu_interval`): the shortest time a launch takes in a
  /// program; nullopt without the measurement.
  std::optional<double> LaunchIntervalSeconds;

  std::optional<double> rate(Unit U) const {
    return PerSecond[static_cast<std::size_t>(U)];
  }
  /// The rate against which a unit's busy share is counted: its hardware
  /// peak where known, else its calibrated rate.
  std::optional<double> busyRate(Unit U) const {
    std::optional<double> Peak = HardwarePeak[static_cast<std::size_t>(U)];
    return Peak ? Peak : rate(U);
  }
  /// DRAM bandwidth for \p ReadBytes read and \p WriteBytes written:
  /// piecewise linear in the read share through write (0), copy (1/2) and
  /// read (1).
  double dramBandwidth(double ReadBytes, double WriteBytes) const;
};

/// The measurements the Hopper model cannot do without: the SM count
/// (identity), the clock and the DRAM and issue-side rates named above. Fails
/// naming the first missing one, so that callers can fall back to the thesis
/// model and say why.
Expected<UnitRates> unitRates(const DeviceParameters &D);

/// The most warps one SM holds on compute capability \p Cc ("9.0"), or 0
/// when unknown.
unsigned maxWarpsPerSm(std::string_view Cc);

/// The device's measurement \p Name in unit \p MeasuredIn, if calibrated.
const Measurement *findMeasurement(const DeviceParameters &D,
                                   std::string_view Name,
                                   std::string_view MeasuredIn);

} // namespace headroom

#endif // HEADROOM_MODEL_UNITRATES_H
