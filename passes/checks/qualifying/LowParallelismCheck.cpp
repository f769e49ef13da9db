//===- LowParallelismCheck.cpp - headroom-low-parallelism -----------------===//
///
/// \file
/// Too little parallelism to hide latency (thesis 5.1.4): a launch with few
/// threads per block or few blocks leaves the floor a mere lower bound.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Message.h"

namespace headroom {

namespace {

constexpr double MinThreadsPerBlock = 64;
constexpr double MinBlocks = 90;
constexpr Threshold Thresholds[] = {
    {"MinThreadsPerBlock", MinThreadsPerBlock, ThresholdUnit::Count},
    {"MinBlocks", MinBlocks, ThresholdUnit::Count}};

constexpr CheckInfo Info{
    checks::LowParallelism, DiagnosticLevel::Note,
    "Fewer than 64 threads per block or fewer than 90 blocks: too little "
    "parallelism to hide latency; the floor is only a lower bound (thesis "
    "5.1.4).",
    "Launch more, smaller blocks (at least a few per SM), or give each "
    "thread independent work.",
    Thresholds};

class LowParallelismCheck : public QualifyingCheck {
public:
  LowParallelismCheck() : QualifyingCheck(Info) {}
  bool applies(const KernelReport &K) const override {
    // Floors per unit take the busiest SM's share of a small grid into
    // account, and a latency-bound warning names too few blocks.
    bool UnitFloors = K.Finding && !K.Finding->Units.empty();
    return !UnitFloors && K.MinThreadsPerBlock &&
           (K.MinThreadsPerBlock < MinThreadsPerBlock ||
            K.MinBlocks < MinBlocks);
  }
  std::string message(const KernelReport &K) const override {
    return headroom::message(
        K.Finding ? Msg::QualLowParallelismFloor : Msg::QualLowParallelism,
        {Arg::counted(double(K.MinBlocks), "block", "blocks"),
         Arg::counted(double(K.MinThreadsPerBlock), "thread", "threads")});
  }
};

} // namespace

const QualifyingCheck &checkLowParallelism() {
  static const LowParallelismCheck Instance;
  return Instance;
}

} // namespace headroom
