//===- SpecDerivation.h - Device files from published specs -----*- C++ -*-===//
///
/// \file
/// A device file for a GPU not at hand (provenance "spec"): each quantity's
/// theoretical peak from the GPU's published figures and its architecture's
/// per-SM rates (GpuSpec.h), times the efficiency factor learned on a
/// calibrated GPU of the same vendor: that GPU's measured value over its own
/// theoretical peak, computed the same way from its spec. Every parameter's
/// method says which figures, sources and factor made it. L2 bandwidth and
/// request rate have no published peak: they are carried over per SM per
/// clock, and only from a reference of the same architecture.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_DEVICES_SPECDERIVATION_H
#define HEADROOM_DEVICES_SPECDERIVATION_H

#include "devices/GpuSpec.h"
#include "model/DeviceParameters.h"
#include "support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace headroom {

/// The provenance source of a device derived with \p Reference's factors:
/// "spec, factors of H100-SXM".
std::string specProvenance(const std::string &Reference);

/// Whether \p D was derived from a spec (its provenance says so).
bool isSpecDerived(const DeviceParameters &D);

/// A theoretical figure of one GPU and how it was computed from its spec.
struct TheoreticalPeak {
  double Value = 0;
  std::string Unit;
  /// "128 FMA per clock per SM (source) x 2 x 132 SMs (source) x 1980 MHz
  /// (source)".
  std::string How;
};

/// Every theoretical figure of \p G on \p Arch, keyed by quantity: fp32_fma,
/// fp64_fma, int32_mad, int32_add, int32_lop3, sfu_rsqrt, shared_ldst32,
/// l1_read (those the architecture table has a rate for), dram,
/// sm_clock (MHz) and sm_clocks (SM clock cycles per second, G/s). Fails
/// when the spec's boost clock and FP32 peak disagree by more than 2%.
Expected<std::map<std::string, TheoreticalPeak>>
theoreticalPeaks(const GpuSpec &G, const ArchitectureSpec &Arch);

/// A calibrated GPU whose factors a derivation applies.
struct SpecReference {
  const DeviceParameters *Device = nullptr;
  const GpuSpec *Spec = nullptr;
};

/// The closest calibrated GPU of \p Target's vendor among \p Candidates,
/// other than \p Target itself: same rate table first, then the same
/// architecture, then the nearest compute capability, then the DRAM
/// bandwidth nearest by ratio (its efficiencies carry over best); ties go to
/// the one with more calibrated measurements, then to the first. Null when
/// none.
const SpecReference *
closestReference(const GpuSpec &Target,
                 const std::vector<SpecReference> &Candidates);

/// The device file of \p Target derived with \p Reference's factors.
Expected<DeviceParameters> deriveDevice(const GpuSpec &Target,
                                        const SpecDatabase &Specs,
                                        const SpecReference &Reference);

/// One thesis parameter of a derived device beside the calibrated value.
struct SpecCheckRow {
  std::string Parameter, Unit;
  double Derived = 0, Calibrated = 0;
  double errorPct() const {
    return Calibrated > 0 ? (Derived - Calibrated) / Calibrated * 100 : 0;
  }
};

/// The six thesis parameters of \p Derived against \p Calibrated.
std::vector<SpecCheckRow> compareParameters(const DeviceParameters &Derived,
                                            const DeviceParameters &Calibrated);

} // namespace headroom

#endif // HEADROOM_DEVICES_SPECDERIVATION_H
