//===- IssueAndLoadLatency.cpp - Issue and waits, partly overlapped -------===//

#include "model/refinements/IssueAndLoadLatency.h"

#include "model/HopperEvidence.h"
#include "model/HopperModel.h"

#include <cmath>

namespace headroom {

double partlyOverlapped(double Issue, double Wait) {
  constexpr double P = IssueLatencyNorm;
  return std::pow(std::pow(Issue, P) + std::pow(Wait, P), 1 / P);
}

namespace {

constexpr Counter Counters[] = {Counter::Inst};

constexpr RefinementInfo Info{
    RefinementId::IssueAndLoadLatency, "issue_load_latency",
    "Instruction issue and load latency, partly overlapped", Counters};

class IssueAndLoadLatency : public Refinement {
public:
  constexpr IssueAndLoadLatency() : Refinement(Info) {}

  bool apply(GroupTimes &T, HopperEvidence &E) const override {
    std::optional<double> IssueMs = T.floorMs(Unit::Issue);
    if (!T.WaitSeconds || !IssueMs)
      return false;
    double WaitMs = *T.WaitSeconds * T.Group.Launches * 1e3;
    T.EstimateMs[static_cast<std::size_t>(Estimate::IssueAndLoadLatency)] =
        partlyOverlapped(*IssueMs, WaitMs);
    E.IssueWait.IssueMs += *IssueMs;
    E.IssueWait.WaitMs += WaitMs;
    return true;
  }
};

} // namespace

const Refinement &issueAndLoadLatency() {
  static const IssueAndLoadLatency Instance;
  return Instance;
}

} // namespace headroom
