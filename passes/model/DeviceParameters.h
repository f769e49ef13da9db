//===- DeviceParameters.h - A GPU's measured parameters ---------*- C++ -*-===//
///
/// \file
/// One GPU as the model sees it: the six throughputs of thesis table 4.3,
/// measured by micro-benchmarks, plus who the GPU is (identity) and where the
/// numbers come from (provenance). Also the instruction cost weights derived
/// from them by (4.10)-(4.12), thesis tables 4.7 and 5.3.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_DEVICEPARAMETERS_H
#define HEADROOM_MODEL_DEVICEPARAMETERS_H

#include "model/FittedWeights.h"
#include "model/KernelParameters.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace headroom {

/// The six parameters of thesis table 4.3.
enum class DeviceParameter { TSP, TDP, TInt, TAdd, TLdSt, BMem };

/// Static facts about one device parameter.
struct DeviceParameterInfo {
  DeviceParameter Id;
  /// The key in the device file, e.g. "T_SP".
  std::string_view Key;
  /// The only unit the device file accepts for it, e.g. "GFLOP/s".
  std::string_view Unit;
  std::string_view Description;
};

/// All six, in the order of DeviceParameter.
const std::array<DeviceParameterInfo, 6> &deviceParameterInfos();
const DeviceParameterInfo &deviceParameterInfo(DeviceParameter P);

/// How a parameter was measured, when a calibration recorded it.
struct ParameterDetail {
  std::optional<double> SpreadPct;
  std::string Method;
};

/// Any other calibrated result (docs/formats.md, "measurements").
struct Measurement {
  std::string Name;
  double Value = 0;
  std::string Unit;
  std::optional<double> SpreadPct;
  std::string Method;
  std::optional<double> Theoretical;
  std::vector<std::pair<double, double>> Points;
};

/// Who the device is; every field is optional.
struct DeviceIdentity {
  std::string ProductName;
  std::optional<std::int64_t> SmCount;
  /// FP32 lanes: CUDA cores, or stream processors (thesis table 5.1 "# SPs").
  std::optional<std::int64_t> SpCount;
  std::optional<double> SmClockMhz, MemoryClockMhz;
  std::optional<std::int64_t> MemoryBusWidthBits, L2Bytes;
  std::optional<bool> Ecc;
  std::string DriverVersion, CudaVersion;
};

/// Where the numbers come from; Source is required.
struct Provenance {
  std::string Source, Date, Tool, Commit, Command;
};

/// A GPU's parameters. A value type.
struct DeviceParameters {
  std::string Name;
  std::vector<std::string> Aliases;
  std::string Vendor, Architecture, ComputeCapability;
  DeviceIdentity Identity;
  Provenance Origin;

  /// T_SP, T_DP: FMA throughput, GFLOP/s (an FMA is 2 operations).
  double TSP = 0, TDP = 0;
  /// T_int: integer MAD throughput, GIOP/s (a MAD is 2 operations).
  double TInt = 0;
  /// T_add: integer add throughput, GIOP/s.
  double TAdd = 0;
  /// T_ldst: 32-bit shared-memory load/store thread instructions, GOP/s.
  double TLdSt = 0;
  /// B_mem: DRAM bandwidth, GB/s.
  double BMem = 0;
  /// Spread and method per parameter key ("T_SP"), when recorded.
  std::map<std::string, ParameterDetail> Details;
  std::vector<Measurement> Measurements;
  /// The fitted model's weights, when `headroom validate --fit` fitted them
  /// on a recording of this GPU.
  std::optional<FittedWeights> Fitted;

  double value(DeviceParameter P) const;
  void setValue(DeviceParameter P, double V);
};

/// The cost weights of (4.10)-(4.12), relative to an FP32 FMA instruction.
struct DeviceWeights {
  /// W_op (4.10) for each K_type: T_SP / T_op.
  double OpFp32 = 1, OpFp64 = 0, OpInt = 0;
  /// W_op for int kernels under the optimistic-integer variant: T_SP / T_add.
  double OpIntOptimistic = 0;
  /// W_ldst (4.11) = (T_SP / 2) / T_ldst.
  double LdSt = 0;
  /// W_other (4.12) = (T_SP / 2) / T_add.
  double Other = 0;

  /// W_op for kernels of type \p T.
  double op(KernelType T, bool OptimisticInt = false) const;
};

/// The weights of \p D (thesis tables 4.7, 5.3, 6.3).
DeviceWeights computeWeights(const DeviceParameters &D);

/// T_op (4.9): the peak of the kernel's operation type; T_add for int
/// kernels under the optimistic-integer variant.
double peakThroughput(const DeviceParameters &D, KernelType T,
                      bool OptimisticInt = false);

/// The vendor and architecture as one phrase ("NVIDIA Kepler"), or "".
std::string describeArchitecture(const DeviceParameters &D);

} // namespace headroom

#endif // HEADROOM_MODEL_DEVICEPARAMETERS_H
