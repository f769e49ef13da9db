//===- Results.h - Calibration results, thesis parameters -------*- C++ -*-===//
///
/// \file
/// What a calibration run produces (one Measurement per micro-benchmark
/// result, facts about the GPU, provenance), how the six parameters of the
/// thesis (table 4.3: T_SP, T_DP, T_int, T_add, T_ldst, B_mem) are derived from
/// the measurements, and how the run becomes the model's DeviceParameters,
/// written by the model's `headroom.device/1` writer (model/DeviceFile.h).
/// Pure C++: unit tested without a GPU.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_CORE_RESULTS_H
#define HEADROOM_MICROBENCH_CORE_RESULTS_H

#include "model/DeviceParameters.h"
#include "support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom::microbench {

/// One calibrated number (a peak rate, a bandwidth, a latency or a curve), as
/// the device file stores it: name, value, unit ("GFLOP/s", "GIOP/s", "GOP/s",
/// "GB/s", "us", "MHz", "warps/SM"), spread_pct ((max - min) / median of the
/// repeated runs, %), method, theoretical (same unit) and points.
using headroom::Measurement;

/// 100 x Value / Theoretical, when a positive theoretical value is known.
std::optional<double> percentOfTheoretical(const Measurement &M);

/// What the harness learns about the GPU; more than the device file's
/// identity holds (the rest goes into measurements and methods).
struct GpuFacts {
  std::string ProductName;
  std::string Uuid;
  int CcMajor = 0, CcMinor = 0;
  int SmCount = 0;
  /// SM clock measured while the compute benchmarks ran (clock64() cycles over
  /// event time, median over benchmarks), MHz; 0 if unknown.
  double SmClockMHz = 0;
  /// The maximum SM clock the device reports, MHz.
  double SmClockMaxMHz = 0;
  /// Memory clock as CUDA reports it (see dramPeakGBs), MHz.
  double MemoryClockMHz = 0;
  int MemoryBusWidthBits = 0;
  long long L2Bytes = 0;
  long long SharedBytesPerSm = 0;
  long long GlobalMemoryBytes = 0;
  std::optional<bool> Ecc;
  std::string DriverVersion;
  std::string CudaVersion;
};

/// Everything one calibration run produced.
struct CalibrationResult {
  std::string Name;
  std::vector<std::string> Aliases;
  GpuFacts Facts;
  headroom::Provenance Origin;
  std::vector<Measurement> Measurements;

  const Measurement *find(const std::string &Name) const;
};

/// One of the six parameters of thesis table 4.3.
struct ThesisParameter {
  headroom::DeviceParameter Id;
  double Value = 0;
  double SpreadPct = 0;
  std::string Method;
};

/// The measurements each thesis parameter is derived from:
///   T_SP = fp32_fma, T_DP = fp64_fma (GFLOP/s, FMA = 2 ops),
///   T_int = int32_mad (GIOP/s, MAD = 2 ops), T_add = int32_add (GIOP/s),
///   T_ldst = shared_ldst32 (GOP/s, 32-bit shared load/store thread
///   instructions), B_mem = mean of dram_read, dram_write, dram_copy (GB/s).
/// B_mem's spread is the largest of its three inputs' spreads.
/// Fails, naming the missing or unusable measurement, when one is absent, not
/// positive or in another unit than the parameter's.
Expected<std::vector<ThesisParameter>>
deriveThesisParameters(const std::vector<Measurement> &Measurements);

/// The run as the model's device: thesis parameters with spread and method,
/// identity, provenance and every measurement (values rounded to 6
/// significant digits, spreads to 0.01%).
Expected<headroom::DeviceParameters>
toDeviceParameters(const CalibrationResult &Result);

/// Writes the run as a `headroom.device/1` file at Path through the model's
/// writer, creating Path's directory if needed.
Status writeCalibrationFile(const std::string &Path,
                            const CalibrationResult &Result);

/// A file-name-safe device name from a product name: "NVIDIA H100 80GB HBM3"
/// -> "h100-80gb-hbm3" (lower case, runs of other characters become '-', a
/// leading vendor word "nvidia" is dropped). Never empty ("gpu" at worst).
std::string defaultDeviceName(const std::string &ProductName);

/// The closing table: each measurement beside its theoretical peak and the
/// percentage, spreads above SpreadFlagPct marked, then the thesis parameters.
std::string formatResultTable(const CalibrationResult &Result);

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_CORE_RESULTS_H
