//===- L2BoundCheck.cpp - headroom-l2-bound -------------------------------===//
///
/// \file
/// L2 traffic that caps the kernel, which the base model does not see: with
/// a calibrated L2 bandwidth, when the L2 time exceeds the model's floor;
/// without one, when L2 bytes exceed twice the DRAM bytes.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"

#include "support/Format.h"

namespace headroom {

namespace {

constexpr double L2ToDramLimit = 2.0;
constexpr Threshold Thresholds[] = {
    {"L2ToDramLimit", L2ToDramLimit, ThresholdUnit::Factor}};

constexpr CheckInfo Info{
    checks::L2Bound, DiagnosticLevel::Note,
    "L2 traffic is far above DRAM traffic: with a calibrated L2 bandwidth, "
    "its L2 time exceeds the model's floor; without one, L2 bytes exceed "
    "twice the DRAM bytes.",
    "Reuse data in shared memory or registers instead of re-reading it "
    "through L2; improve the locality of the access pattern.",
    Thresholds};

class L2BoundCheck : public QualifyingCheck {
public:
  L2BoundCheck() : QualifyingCheck(Info) {}
  bool applies(const KernelReport &K) const override {
    // The Hopper model bounds the L2 itself.
    if (!K.Model || K.Bounds)
      return false;
    if (K.Components.timeOf(Component::L2))
      return K.exceedsFloor(Component::L2);
    return K.L2ToDramRatio && *K.L2ToDramRatio > L2ToDramLimit;
  }
  std::string message(const KernelReport &K) const override {
    if (std::optional<double> L2Ms = K.Components.timeOf(Component::L2))
      return "L2 bandwidth caps the kernel: its L2 traffic needs " +
             formatMs(*L2Ms) +
             " ms at the calibrated L2 bandwidth, more than the model's "
             "floor (" +
             formatMs(K.Model->PredictedMs) + " ms)";
    return "L2 traffic is " + formatFixed(*K.L2ToDramRatio, 1) +
           "x DRAM traffic: the kernel may be bound by L2 bandwidth, which "
           "the base model does not see (calibrate l2_read to know)";
  }
};

} // namespace

const QualifyingCheck &checkL2Bound() {
  static const L2BoundCheck Instance;
  return Instance;
}

} // namespace headroom
