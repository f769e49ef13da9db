//===- MemoryBoundCheck.cpp - headroom-memory-bound -----------------------===//
///
/// \file
/// The warning of a kernel that memory limits: under the Hopper model, its
/// busiest unit moves data (shared memory/L1, L2 or DRAM); under the thesis
/// model, its operational intensity O_krn is at most the device's O_dev.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/kernel/KernelWarnings.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::MemoryBound, DiagnosticLevel::Warning,
    "The kernel is limited by memory: its busiest unit is a memory level "
    "(Hopper model), or its operational intensity O_krn is at most the "
    "device's O_dev (thesis model).",
    "Move fewer bytes: fuse kernels so intermediates stay on chip, use "
    "narrower types, reuse data through shared memory or L2-friendly "
    "tiling, and make accesses coalesced and 16 bytes wide."};

class MemoryBoundCheck : public KernelWarningCheck {
public:
  MemoryBoundCheck() : KernelWarningCheck(Info) {}
  bool applies(const KernelReport &K) const override {
    return K.Finding && K.Finding->Verdict == Regime::Memory;
  }
  Diagnostic warning(const KernelReport &K, const Analysis &) const override {
    return findingWarning(K, name());
  }
};

} // namespace

const KernelWarningCheck &checkMemoryBound() {
  static const MemoryBoundCheck Instance;
  return Instance;
}

} // namespace headroom
