//===- StaticFacts.h - What compiled code tells the model -------*- C++ -*-===//
///
/// \file
/// Facts of a kernel that its counters cannot show but its SASS can, for
/// the Hopper model's estimates: how many global loads a warp keeps in
/// flight before it uses one (sass/LoadsInFlight.h), which sets how many
/// load-to-use latencies it waits (docs/model.md, "Load rounds"); how many
/// of its global atomic instructions are fp32 adds to one word for the
/// whole grid (sass/OneWordAtomics.h), which the busiest L2 slice applies
/// 3 clocks each, where the counters leave the estimate between one clock
/// and the integer one-word rate (docs/model.md, "L2 atomics"); how many of
/// its global loads take their address from a loaded value
/// (sass/IndirectLoads.h), a gather that no rearrangement of the code
/// coalesces (docs/advice.md, "Coalesce"). Read from `cuobjdump -sass` of the
/// program (`headroom report --sass`, `headroom validate --sass`) and found
/// by the kernel's mangled name, or by its demangled signature where only
/// one kernel of the listing has it (a build with other flags or an
/// instrumented one names anonymous namespaces differently).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_STATICFACTS_H
#define HEADROOM_MODEL_STATICFACTS_H

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// One kernel's facts. A value type.
struct StaticFacts {
  /// The share of its global atomic instructions that are fp32 adds to one
  /// word for the whole grid (static counts; 0 without atomics).
  double OneWordFp32AtomicShare = 0;
  /// The global loads a warp keeps in flight per round in its innermost
  /// loading loops (sass/LoadsInFlight.h; 0 without global loads), for the
  /// load rounds (model/refinements/LoadRounds.h).
  double GlobalLoadsPerRound = 0;
  /// The share of its global loads whose address a global load returned
  /// (sass/IndirectLoads.h; 0 without global loads or without SASS), for
  /// the Coalesce what-if (model/whatifs/Coalesce.h).
  double IndirectGlobalLoadShare = 0;
  /// The innermost loading loops GlobalLoadsPerRound reads, each with its
  /// SASS address range and its own loads per round: where stall samples
  /// show which loop the warps wait in, they weigh the loops
  /// (sampledLoadsPerRound).
  struct LoadLoop {
    std::uint64_t First = 0, Last = 0;
    double LoadsPerRound = 0;
  };
  std::vector<LoadLoop> LoadLoops;
};

/// The loads per round of \p Facts' loops, each weighed by
/// \p SamplesIn(first, last), the warp samples at its addresses: a warp
/// spends its time in the loop it waits in, an unrolled loop rather than
/// the remainder loop after it. Nullopt without loops or without at least
/// MinLoopSamples samples in them (the loops' plain mean stands then).
std::optional<double> sampledLoadsPerRound(
    const StaticFacts &Facts,
    const std::function<double(std::uint64_t, std::uint64_t)> &SamplesIn);

/// The fewest samples in a kernel's loading loops that weigh them.
inline constexpr double MinLoopSamples = 20;

/// The facts of a program's kernels.
class StaticFactsIndex {
public:
  /// Adds kernel \p Mangled (demangled: \p Signature).
  void add(const std::string &Mangled, const std::string &Signature,
           StaticFacts Facts);
  /// The facts of kernel \p Mangled, else of the one kernel whose
  /// signature is \p Signature; nullopt when neither is known or the
  /// signature names several.
  std::optional<StaticFacts> find(const std::string &Mangled,
                                  const std::string &Signature) const;
  std::size_t size() const { return ByMangled.size(); }

private:
  std::map<std::string, StaticFacts> ByMangled;
  /// nullopt where several kernels have the signature.
  std::map<std::string, std::optional<StaticFacts>> BySignature;
};

} // namespace headroom

#endif // HEADROOM_MODEL_STATICFACTS_H
