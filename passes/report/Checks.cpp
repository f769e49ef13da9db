//===- Checks.cpp - The stable names of Headroom's diagnostics ------------===//

#include "report/Checks.h"

#include <array>

namespace headroom {

namespace {

using L = DiagnosticLevel;

constexpr std::array<CheckInfo, 18> Catalog{{
    {checks::MemoryBound, L::Warning,
     "The kernel is limited by DRAM bandwidth: its operational intensity "
     "O_krn is at most the device's O_dev.",
     "Move fewer bytes: fuse kernels so intermediates stay on chip, use "
     "narrower types, reuse data through shared memory or L2-friendly "
     "tiling, and make accesses coalesced and 16 bytes wide."},
    {checks::ComputeBound, L::Warning,
     "The kernel is limited by instruction issue: O_krn exceeds O_dev, and "
     "its compute ceiling T'_op is the peak reduced by its instruction mix.",
     "Issue fewer non-arithmetic instructions (index arithmetic, bounds "
     "checks, conversions: unroll and hoist), load wider, and turn separate "
     "multiplies and adds into FMAs."},
    {checks::NoCounters, L::Warning,
     "The profile has the kernel's time but no hardware counters, so its "
     "bound is unknown; its share of GPU time is still reported.",
     "Profile with counters (HEADROOM_MODE=counters, permission to read "
     "GPU counters, no other CUPTI tool attached): see docs/runtime.md."},
    {checks::InvalidCounters, L::Warning,
     "The kernel has counters, but they cannot describe a kernel (for "
     "example no instructions), so the model cannot run.",
     "Re-profile; if it persists, report the profile as a bug."},
    {checks::LowParallelism, L::Note,
     "Fewer than 64 threads per block or fewer than 90 blocks: too little "
     "parallelism to hide latency; the floor is only a lower bound (thesis "
     "5.1.4).",
     "Launch more, smaller blocks (at least a few per SM), or give each "
     "thread independent work."},
    {checks::ShortLaunches, L::Note,
     "A launch takes under 100 us on average: launch overhead, which the "
     "model does not see, may dominate (thesis 5.2.6).",
     "Batch work into fewer, larger launches, or use CUDA graphs."},
    {checks::L2Bound, L::Note,
     "L2 traffic is far above DRAM traffic: with a calibrated L2 bandwidth, "
     "its L2 time exceeds the model's floor; without one, L2 bytes exceed "
     "twice the DRAM bytes.",
     "Reuse data in shared memory or registers instead of re-reading it "
     "through L2; improve the locality of the access pattern."},
    {checks::SharedMemoryBound, L::Note,
     "Shared-memory wavefronts take longer at the calibrated shared-memory "
     "rate than the model's floor: shared memory caps the kernel.",
     "Load wider from shared memory (64/128-bit), avoid bank conflicts "
     "(padding, swizzling), keep reused values in registers."},
    {checks::Divergence, L::Note,
     "Under 28 of 32 threads are active per warp instruction on average: "
     "work is wasted on inactive lanes.",
     "Make branches uniform per warp (sort or bin work), move tail "
     "handling out of hot loops."},
    {checks::IntegerHeavy, L::Note,
     "The kernel's useful work is integer operations; integer instruction "
     "cost varies 2-5x by opcode, so the compute ceiling is approximate.",
     "Try --optimistic-int for the integer-add bound; strength-reduce "
     "multiplies, divisions and modulo."},
    {checks::PartialCounters, L::Note,
     "Some launches of the kernel ran in configurations without counters; "
     "the prediction covers only the sampled configurations.",
     "Sample more configurations (docs/runtime.md) if the others matter."},
    {checks::BoundChanges, L::Note,
     "Projected onto a --target GPU, the kernel is limited by the other "
     "resource than on the profiled GPU.",
     "Optimize for the target's limit: memory traffic on a memory-bound "
     "target, instruction mix on a compute-bound one."},
    {checks::SitesChanged, L::Warning,
     "A launch site or kernel definition recorded in the profile no longer "
     "matches the sources: the file or line is gone, or the line no longer "
     "names the kernel.",
     "Rebuild and re-run the instrumented program to record a fresh "
     "profile, or point --source-root at the sources it was built from."},
    {checks::DeviceMismatch, L::Warning,
     "The device file describes another GPU than the one the profile was "
     "recorded on, so measured times cannot be compared with its floor.",
     "Give the profiled GPU's device file to --device (calibrate it with "
     "'headroom calibrate'); project onto other GPUs with --target."},
    {checks::EmptyProfile, L::Warning,
     "The profile holds no kernel launches: nothing was timed.",
     "Check the profile's collection warnings (docs/runtime.md): another "
     "CUPTI tool attached, HEADROOM_MODE, or no instrumented launch ran."},
    {checks::HighHeadroom, L::Error,
     "headroom lint: the kernel is further from its attainable throughput "
     "than --max-headroom (or achieves less than --min-attainable-pct of "
     "it).",
     "Optimize the kernel (see its bound's advice), or relax the threshold "
     "in the lint configuration."},
    {checks::Regression, L::Error,
     "headroom lint: the kernel's measured or predicted time per launch "
     "grew by more than --noise-pct since the baseline.",
     "Find the change that slowed it (measured) or made it do more work "
     "(predicted); if intended, rewrite the baseline with "
     "--write-baseline."},
    {checks::BaselineMismatch, L::Note,
     "headroom lint: a kernel of the profile is not in the baseline, or a "
     "baseline kernel is not in the profile.",
     "Rewrite the baseline with --write-baseline when kernels were added, "
     "renamed or removed on purpose."},
}};

} // namespace

std::span<const CheckInfo> checkCatalog() { return Catalog; }

const CheckInfo *findCheck(std::string_view Name) {
  for (const CheckInfo &C : Catalog)
    if (C.Name == Name)
      return &C;
  return nullptr;
}

} // namespace headroom
