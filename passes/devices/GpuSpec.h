//===- GpuSpec.h - Published specifications of GPUs -------------*- C++ -*-===//
///
/// \file
/// The spec tables of the device database (docs/formats.md,
/// "headroom.spec/1" and "headroom.architectures/1"): one file per GPU with
/// its published figures (SM count, clocks, DRAM bandwidth, L2), each with
/// its source, and one table of per-SM (per-CU) rates per architecture.
/// SpecDerivation turns them into device files for GPUs not at hand.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_DEVICES_GPUSPEC_H
#define HEADROOM_DEVICES_GPUSPEC_H

#include "support/Error.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// A published number and where it was published.
struct SourcedValue {
  double Value = 0;
  std::string Source;
};

/// Per-SM (NVIDIA) or per-CU (AMD) rates per clock of one architecture.
struct ArchitectureSpec {
  /// "sm_90", "gfx942": what a GPU spec's "rates" names.
  std::string Id, Vendor, Name, ComputeCapability;
  /// Keyed by quantity ("fp32_fma", "int32_add", "shared_ldst32",
  /// "l1_bytes", ...); a rate without its own source has the table's.
  std::map<std::string, SourcedValue, std::less<>> Rates;

  const SourcedValue *rate(std::string_view Quantity) const;
};

/// One GPU's published specification.
struct GpuSpec {
  std::string Name;
  std::vector<std::string> Aliases;
  std::string Vendor, Architecture, ComputeCapability, ProductName;
  /// The ArchitectureSpec::Id whose rates apply.
  std::string Rates;
  /// SMs or CUs; the boost clock (or nullopt: then it follows from the
  /// published FP32 peak); the published FP32 peak; DRAM bandwidth; bus
  /// width; memory clock; L2 size.
  SourcedValue SmCount;
  std::optional<SourcedValue> BoostClockMhz, Fp32Tflops;
  SourcedValue MemoryBandwidthGBs;
  std::optional<SourcedValue> MemoryBusWidthBits, MemoryClockMhz, L2Bytes;
  /// The file it was read from.
  std::string Path;
};

/// The spec tables of one directory.
struct SpecDatabase {
  std::vector<ArchitectureSpec> Architectures;
  std::vector<GpuSpec> Gpus;

  const ArchitectureSpec *architecture(std::string_view Id) const;
  /// The GPU whose name or alias is \p Name (DeviceRegistry's matching).
  const GpuSpec *gpu(const std::string &Name) const;
};

/// The file of the architecture table inside a spec directory.
inline constexpr std::string_view ArchitecturesFileName = "architectures.json";

/// Validates a parsed headroom.architectures/1 document.
Expected<std::vector<ArchitectureSpec>>
parseArchitectures(const nlohmann::json &Doc);

/// Validates a parsed headroom.spec/1 document.
Expected<GpuSpec> parseGpuSpec(const nlohmann::json &Doc);

/// Reads \p Dir: architectures.json and every other *.json as a GPU spec.
/// A missing directory is an empty database; a bad architecture table is an
/// error; a bad GPU spec, or one naming an unknown architecture, is left out
/// with its error in \p Problems. Errors start with the file's path.
Expected<SpecDatabase> readSpecDirectory(const std::string &Dir,
                                         std::vector<Error> *Problems);

} // namespace headroom

#endif // HEADROOM_DEVICES_GPUSPEC_H
