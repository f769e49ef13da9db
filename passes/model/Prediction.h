//===- Prediction.h - The thesis model: one kernel on one GPU ---*- C++ -*-===//
///
/// \file
/// The quantitative roofline model of thesis section 4.2.4: from a kernel's
/// parameters and a device's parameters, the instruction costs (4.13)-(4.15),
/// the instruction efficiency (4.16), the adjusted throughput (4.17), the
/// bound, the attainable throughput (4.18) and the predicted time.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_PREDICTION_H
#define HEADROOM_MODEL_PREDICTION_H

#include "model/DeviceParameters.h"
#include "model/KernelParameters.h"
#include "model/StaticFacts.h"
#include "support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// Variants of the model.
/// Which model bounds the kernels of a report (docs/model.md): auto is the
/// Hopper model where the device has the unit rates and the profile the
/// per-pipe counters, the thesis model elsewhere; fitted is the Hopper
/// model's verdict with the fitted model's time.
enum class ModelChoice { Auto, Hopper, Thesis, Fitted };

/// "auto", "hopper", "thesis", "fitted".
const char *modelChoiceName(ModelChoice C);
std::optional<ModelChoice> parseModelChoice(std::string_view Name);

struct ModelOptions {
  ModelChoice Choice = ModelChoice::Auto;
  /// The "optimistic integer" variant (thesis 6.2.1, and the author's
  /// toolkit): int kernels run at integer-add cost, T_op = T_add, W_op =
  /// T_SP / T_add, and E_mix = 100%.
  bool OptimisticInt = false;
  /// What the program's SASS says of its kernels (`--sass`), for the
  /// Hopper model; none when not given.
  std::shared_ptr<const StaticFactsIndex> Facts;
};

/// What limits a kernel on a device.
enum class Bound { Compute, Memory };

/// "compute" or "memory".
const char *boundName(Bound B);

/// The E_util correction (5.13) applied to one prediction.
struct UtilizationCorrection {
  /// The device whose measured time calibrated E_util.
  std::string ReferenceDevice;
  /// E_util = measured time / predicted time on the reference device: a
  /// ratio of times (>= 1 when the model was optimistic there).
  double EUtil = 1;
  /// E_util x predicted time.
  double CorrectedMs = 0;
  /// The attainable throughput divided by E_util.
  double CorrectedGops = 0;
};

/// The model's result for one kernel on one device, with every
/// intermediate value. A value type. Throughputs are in G operations per
/// second (GFLOP/s for fp kernels, GIOP/s for int kernels).
struct Prediction {
  std::string Kernel, Device;
  KernelType Type = KernelType::Fp32;
  bool OptimisticInt = false;

  /// Kernel side: W_comp, W_traf, O_krn = W_comp / W_traf (+inf when
  /// W_traf = 0), and the E_mix used (100% for int kernels under the
  /// optimistic variant).
  double WComp = 0, WTraf = 0, OKrn = 0, EMix = 0;
  /// Device side: the weights (4.10)-(4.12) used and B_mem.
  double WOp = 0, WLdSt = 0, WOther = 0, BMem = 0;
  /// C_op, C_ldst, C_other (4.13)-(4.15).
  double COp = 0, CLdSt = 0, COther = 0;
  /// E_instr (4.16), a fraction.
  double EInstr = 0;
  /// T_op (4.9) and T'_op = E_mix E_instr T_op (4.17).
  double TOp = 0, TOpEff = 0;
  /// O_dev = T'_op / B_mem: the ridge point of the adjusted roofline.
  double ODev = 0;
  /// Compute-bound iff O_krn > O_dev.
  Bound Limit = Bound::Memory;
  /// O_krn / O_dev: > 1 compute-bound, <= 1 memory-bound; +inf when
  /// W_traf = 0, 0 when W_comp = 0.
  double Margin = 0;
  /// T_predicted (4.18): the attainable throughput.
  double AttainableGops = 0;
  /// The floor time: W_comp / T_predicted (W_traf / B_mem when W_comp = 0).
  double PredictedMs = 0;
  /// The measured time of the same launches on this device, if known.
  std::optional<double> MeasuredMs;
  /// Set when the E_util correction was applied.
  std::optional<UtilizationCorrection> Correction;

  /// measured / predicted time (>= 1 means room to improve).
  std::optional<double> headroom() const;
  /// The share of the attainable throughput the kernel achieves, in
  /// percent: 100 / headroom.
  std::optional<double> attainablePct() const;
  /// W_comp / measured time, in G operations per second.
  std::optional<double> achievedGops() const;
  /// The thesis' prediction error (5.12): (predicted - measured) / measured.
  std::optional<double> error() const;
};

/// Predicts kernel \p K on device \p D. Fails if the kernel parameters are
/// invalid (see validateKernelParameters) or a device throughput is not
/// positive.
Expected<Prediction> predict(const KernelParameters &K,
                             const DeviceParameters &D,
                             const ModelOptions &Options = {});

/// Predicts every kernel on every device; the result is device-major:
/// element [d * Kernels.size() + k] is kernel k on device d.
Expected<std::vector<Prediction>>
predictAll(const std::vector<KernelParameters> &Kernels,
           const std::vector<DeviceParameters> &Devices,
           const ModelOptions &Options = {});

} // namespace headroom

#endif // HEADROOM_MODEL_PREDICTION_H
