//===- L2BoundCheck.cpp - headroom-l2-bound -------------------------------===//
///
/// \file
/// L2 traffic that caps the kernel, which the base model does not see: with
/// a calibrated L2 bandwidth, when the L2 time exceeds the model's floor;
/// without one, when L2 bytes exceed twice the DRAM bytes.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Message.h"

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
    // A finding whose floors bound the L2 itself says so there.
    const std::optional<KernelFinding> &F = K.Finding;
    if (!F || F->unit(Unit::L2Bytes))
      return false;
    if (std::optional<double> L2Ms = F->Components.timeOf(Component::L2))
      return *L2Ms > F->FloorMs;
    return K.L2ToDramRatio && *K.L2ToDramRatio > L2ToDramLimit;
  }
  std::string message(const KernelReport &K) const override {
    const KernelFinding &F = *K.Finding;
    if (std::optional<double> L2Ms = F.Components.timeOf(Component::L2))
      return headroom::message(Msg::QualL2Bound,
                               {Arg::time(*L2Ms), Arg::time(F.FloorMs)});
    return headroom::message(Msg::QualL2Ratio, {Arg::times(*K.L2ToDramRatio)});
  }
};

} // namespace

const QualifyingCheck &checkL2Bound() {
  static const L2BoundCheck Instance;
  return Instance;
}

} // namespace headroom
