//===- KernelParameters.h - Thesis kernel parameters ------------*- C++ -*-===//
///
/// \file
/// The device-independent description of a kernel that the model works on
/// (thesis table 4.2, equations (4.1)-(4.8)): its dominant operation type,
/// its compute work and DRAM traffic, how well its compute instructions use
/// FMA, and the densities of compute, load/store and other instructions.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_KERNELPARAMETERS_H
#define HEADROOM_MODEL_KERNELPARAMETERS_H

#include "model/KernelCounters.h"
#include "support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace headroom {

/// K_type: the kind of operation that does the kernel's useful work.
enum class KernelType { Fp32, Fp64, Int };

/// "fp32", "fp64" or "int".
std::string_view kernelTypeName(KernelType T);
/// The inverse of kernelTypeName; nothing for anything else.
std::optional<KernelType> parseKernelType(std::string_view Name);

/// The unit of a kernel's operations: "FLOP" for floating-point kernels,
/// "IOP" for integer ones.
const char *opUnit(KernelType T);

/// The kernel parameters of thesis table 4.2. Densities and E_mix are
/// fractions (0.5769 for the thesis' 57.69%). A value type.
struct KernelParameters {
  std::string Name;
  /// The launches that W_comp and W_traf cover.
  std::uint64_t Launches = 1;
  KernelType Type = KernelType::Fp32;
  /// W_comp (4.1): useful operations, FMA counted twice.
  double WComp = 0;
  /// W_traf (4.2): DRAM bytes.
  double WTraf = 0;
  /// E_mix (4.3): fraction of peak that the FMA mix allows, 0.5..1.
  double EMix = 0.5;
  /// I_ops (4.4) and I_total (4.5), as thread instructions; absent when the
  /// parameters were given directly rather than derived from counters.
  std::optional<double> IOps, ITotal;
  /// D_ops, D_ldst, D_other (4.6)-(4.8).
  double DOps = 0, DLdSt = 0, DOther = 0;

  /// O_krn = W_comp / W_traf; +infinity when W_traf is 0.
  double operationalIntensity() const;
};

/// Derives the kernel parameters from counters by (4.1)-(4.8) and K_type's
/// rule (fp64 if M_fp64 > 0, else fp32 if M_fp32 > 0, else int). Fails, with
/// a message naming the kernel, when the counters cannot describe a kernel:
/// no instructions (M_inst = 0), no work at all (W_comp = W_traf = 0), or
/// contradictory counts (more FMAs than fp instructions, or more compute and
/// load/store thread instructions than 32 M_inst).
Expected<KernelParameters> deriveKernelParameters(const KernelCounters &C);

/// Checks parameters given directly (not derived): W_comp, W_traf >= 0 and
/// not both 0; E_mix in [0.5, 1] (exactly 0.5 for int); densities in [0, 1]
/// summing to 1 within 0.0005 (the rounding of printed percentages).
Status validateKernelParameters(const KernelParameters &P);

} // namespace headroom

#endif // HEADROOM_MODEL_KERNELPARAMETERS_H
