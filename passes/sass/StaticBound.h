//===- StaticBound.h - The cap a kernel's instruction mix sets --*- C++ -*-===//
///
/// \file
/// Before any run: the thesis' compute ceiling T'_op = E_mix E_instr T_op
/// (4.17) of each kernel from its static mix on a device, as a share of the
/// device's peak for the kernel's type, with what sets it (the instruction
/// class that costs the most issue slots besides the operations), and its
/// registers, shared memory and occupancy limit: what the check
/// `[headroom-static-mix]` (checks/StaticMixCheck.h) says of each kernel, at
/// its definition when the sources name it.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_STATICBOUND_H
#define HEADROOM_SASS_STATICBOUND_H

#include "analysis/Diagnostic.h"
#include "model/DeviceParameters.h"
#include "sass/IndirectLoads.h"
#include "sass/InstructionMix.h"
#include "sass/LoadsInFlight.h"
#include "sass/OneWordAtomics.h"
#include "sass/ResourceUsage.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace headroom::sass {

/// A kernel's static cap on one device.
struct StaticCap {
  /// E_mix E_instr: the share of T_op the mix allows.
  double ShareOfPeak = 0;
  double EMix = 0, EInstr = 0;
  /// What takes the most issue slots besides the operations: load/store
  /// instructions, other instructions (address arithmetic, control flow,
  /// moves, conversions), or nothing but the operations themselves.
  enum class LimitedBy { Operations, LoadStore, Other };
  LimitedBy Limiter = LimitedBy::Operations;
  /// The limiter's share of the weighted instructions.
  double LimiterShare = 0;
};

StaticCap staticCap(const KernelMix &Mix, const DeviceParameters &Device);

/// "operations", "load_store", "other": the limiter's key in JSON.
const char *staticLimiterKey(StaticCap::LimitedBy L);

/// One kernel with what is known of it.
struct StaticKernel {
  KernelMix Mix;
  std::optional<KernelResources> Resources;
  /// Where the sources define it, when found.
  std::optional<SourceLocation> Definition;
  /// The name the SASS gives it ("_Z5sgemmiPKfS0_Pf").
  std::string Mangled;
  /// The readable name ("sgemm" of "_Z5sgemmiPKfS0_Pf"), and the whole
  /// demangled signature ("sgemm(int, float const*, float const*, float*)").
  std::string Display;
  std::string Signature;
  /// Its fp32 atomic adds to one word for the whole grid (SASS offsets;
  /// OneWordAtomics.h).
  std::vector<std::uint64_t> OneWordFp32Atomics;
  /// Its global atomic instructions, of any kind.
  unsigned GlobalAtomics = 0;
  /// The global loads of its innermost loading loops and the rounds a warp
  /// waits on them (LoadsInFlight.h).
  LoadRounds GlobalLoadRounds;
  /// Its global loads and those whose address a load returned
  /// (IndirectLoads.h).
  IndirectLoads GlobalIndirectLoads;
};

/// Loads per round in a kernel's loops under which the static-mix note says
/// each round waits a whole latency (LoadsInFlight.h).
inline constexpr double FewLoadsPerRound = 2;

/// The kernels of \p Functions (those whose mangled name is a kernel's:
/// every function that \p Resources lists, or all when it is empty), with
/// their resources, located in \p Sources by their name after `__global__`.
std::vector<StaticKernel>
staticKernels(const std::vector<Function> &Functions,
              const std::map<std::string, KernelResources> &Resources,
              const std::vector<std::string> &Sources, double LoopWeight);

/// Where \p Identifier is defined as a kernel in the files \p Sources: the
/// first `__global__` declaration naming it (on its line or the two
/// before), at the identifier.
std::optional<SourceLocation>
findKernelDefinition(const std::string &Identifier,
                     const std::vector<std::string> &Sources);

} // namespace headroom::sass

#endif // HEADROOM_SASS_STATICBOUND_H
