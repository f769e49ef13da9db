//===- DivergenceCheck.cpp - headroom-divergence --------------------------===//
///
/// \file
/// Work wasted on inactive lanes: too few of a warp's 32 threads are active
/// per warp instruction on average.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Message.h"

namespace headroom {

namespace {

constexpr double DivergentThreadsPerInst = 28;
constexpr Threshold Thresholds[] = {
    {"DivergentThreadsPerInst", DivergentThreadsPerInst, ThresholdUnit::Count}};

constexpr CheckInfo Info{
    checks::Divergence, DiagnosticLevel::Note,
    "Under 28 of 32 threads are active per warp instruction on average: "
    "work is wasted on inactive lanes.",
    "Make branches uniform per warp (sort or bin work), move tail "
    "handling out of hot loops.",
    Thresholds};

class DivergenceCheck : public QualifyingCheck {
public:
  DivergenceCheck() : QualifyingCheck(Info) {}
  bool applies(const KernelReport &K) const override {
    return K.Finding && K.ThreadsPerWarpInst &&
           *K.ThreadsPerWarpInst < DivergentThreadsPerInst;
  }
  std::string message(const KernelReport &K) const override {
    return headroom::message(Msg::QualDivergence,
                             {Arg::number(*K.ThreadsPerWarpInst)});
  }
};

} // namespace

const QualifyingCheck &checkDivergence() {
  static const DivergenceCheck Instance;
  return Instance;
}

} // namespace headroom
