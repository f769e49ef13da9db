//===- StallReasons.cpp - The words for warp-stall reasons ----------------===//

#include "checks/StallReasons.h"

#include <algorithm>

namespace headroom {

namespace {

/// Nsight Compute's meanings (its Kernel Profiling Guide, "Warp Scheduler
/// States"), as docs/diagnostics.md#stall-reasons explains them.
constexpr StallReasonWords Reasons[] = {
    {"long_scoreboard", "long scoreboard",
     "waiting on a global, local or texture load",
     "issue the load earlier or keep more loads in flight (unroll, several "
     "elements per thread), coalesce the accesses, or reuse the data from "
     "shared memory or registers"},
    {"short_scoreboard", "short scoreboard",
     "waiting on shared memory or a special-function result",
     "fewer shared-memory bank conflicts, fewer transcendental operations "
     "(intrinsics such as __expf), and independent work before the result "
     "is used"},
    {"mio_throttle", "MIO throttle",
     "waiting for the memory input/output queue (shared memory, special "
     "math, dynamic branches)",
     "fewer and wider shared-memory accesses (vector loads), fewer "
     "special-math instructions"},
    {"lg_throttle", "LG throttle", "waiting for the local/global memory queue",
     "fewer and wider global accesses (8- or 16-byte vector loads), no "
     "local-memory spills"},
    {"barrier", "barrier", "waiting at a barrier for the rest of its block",
     "fewer __syncthreads, the same work for every warp between two of "
     "them, or smaller blocks"},
    {"membar", "memory barrier", "waiting at a memory fence",
     "fewer memory fences (__threadfence) or a narrower scope "
     "(__threadfence_block)"},
    {"branch_resolving", "branch resolving",
     "waiting for a branch target to be computed",
     "fewer branches, uniform control flow across a warp"},
    {"not_selected", "not selected", "ready, but another warp was issuing",
     "nothing about latency: the scheduler had other ready warps; fewer "
     "instructions shorten the kernel"},
    {"selected", "selected", "issuing an instruction",
     "fewer instructions: the kernel's warps issue here"},
    {"math_pipe_throttle", "math pipe throttle", "waiting for a busy math pipe",
     "spread the work over other pipes (FP32 and integer), tensor cores, "
     "or lower precision"},
    {"wait", "wait", "waiting on a fixed-latency dependency",
     "independent instructions between dependent ones (unroll, several "
     "accumulators)"},
    {"no_instructions", "no instructions",
     "without an instruction to issue (an instruction cache miss, or after "
     "a branch)",
     "smaller hot loops: less unrolling or inlining of cold code"},
    {"dispatch_stall", "dispatch stall",
     "waiting for the dispatcher to take the instruction",
     "nothing specific: a pipeline conflict held the dispatch"},
    {"drain", "drain", "waiting for its stores to drain at exit",
     "fewer stores at the end of the kernel"},
    {"sleeping", "sleeping", "sleeping (__nanosleep, or yielding)",
     "less sleeping or spinning: wait on the data instead"},
    {"tex_throttle", "texture throttle", "waiting for the texture queue",
     "fewer texture and surface accesses, or wider ones"},
    {"misc", "miscellaneous", "stalled for a reason the hardware does not name",
     "nothing specific: look at the line's other reasons"},
    {"imc_miss", "constant cache miss", "waiting for a constant to be fetched",
     "__constant__ accesses uniform across a warp, fewer constants, or "
     "constants loaded once into registers"},
    // Hopper's, not in Nsight Compute's older lists (docs/perf/lines.md).
    {"warpgroup_arrive", "warpgroup arrive",
     "waiting for a warpgroup's asynchronous matrix multiply (wgmma)",
     "more independent work between issuing a warpgroup MMA and waiting on "
     "it: more pipeline stages in flight"},
};

} // namespace

std::span<const StallReasonWords> stallReasons() { return Reasons; }

StallReasonWords stallReasonWords(std::string_view Name) {
  const auto *It =
      std::find_if(std::begin(Reasons), std::end(Reasons),
                   [&](const StallReasonWords &W) { return W.Name == Name; });
  if (It != std::end(Reasons))
    return *It;
  return {Name, Name, "stalled",
          "look the reason up in Nsight Compute's Kernel Profiling Guide"};
}

std::string stallReasonPhrase(std::string_view Name) {
  StallReasonWords W = stallReasonWords(Name);
  return std::string(W.Doing) + " (" + std::string(W.Label) + ")";
}

} // namespace headroom
