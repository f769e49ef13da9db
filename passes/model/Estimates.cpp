//===- Estimates.cpp - What the Hopper model estimates, not bounds --------===//

#include "model/Estimates.h"

namespace headroom {

std::string_view estimateKey(Estimate E) {
  switch (E) {
  case Estimate::DramLatency:
    return "dram_latency";
  case Estimate::IssueAndLoadLatency:
    return "issue_load_latency";
  case Estimate::PartialOverlap:
    return "partial_overlap";
  }
  return "dram_latency";
}

} // namespace headroom
