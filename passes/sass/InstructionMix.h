//===- InstructionMix.h - A kernel's static instruction mix -----*- C++ -*-===//
///
/// \file
/// The instruction mix of one kernel's SASS, each instruction weighted by
/// how often the control flow says it runs: LoopWeight to the power of the
/// number of loops around it (a loop is a backward branch and the
/// instructions it jumps over). From the weighted counts, the thesis'
/// quantities (section 4.2.2: K_type, E_mix, D_ops, D_ldst, D_other) and the
/// share of the instructions each Hopper pipe issues. Static counts assume
/// full warps and every guard true; measured counters count the threads
/// that ran.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_INSTRUCTIONMIX_H
#define HEADROOM_SASS_INSTRUCTIONMIX_H

#include "model/KernelParameters.h"
#include "sass/OpcodeClass.h"
#include "sass/SassListing.h"

#include <map>
#include <string>
#include <vector>

namespace headroom::sass {

/// Weighted instruction counts.
struct MixCounts {
  double Total = 0;
  std::map<OpClass, double> Classes;
  std::map<Pipe, double> Pipes;
  double Fma32 = 0, Fma64 = 0;

  double of(OpClass C) const;
  double of(Pipe P) const;
  void add(const OpcodeInfo &Info, double Weight);
};

/// The static mix of one kernel.
struct KernelMix {
  std::string Name;
  std::string Arch;
  /// Instructions counted (not the trailing NOPs and self-branch).
  unsigned Instructions = 0;
  /// How deep the deepest loop nests (0: straight-line code).
  unsigned LoopDepth = 0;
  MixCounts Counts;

  /// K_type as the thesis chooses it: fp64 if any FP64 instruction, else
  /// fp32 if any FP32 instruction, else int.
  KernelType type() const;
  /// E_mix (4.3): (M_fp + M_fma) / (2 M_fp); 0.5 for int kernels.
  double eMix() const;
  /// D_ops (4.6), D_ldst (4.7), D_other (4.8), fractions.
  double dOps() const;
  double dLdSt() const;
  double dOther() const { return 1 - dOps() - dLdSt(); }
  /// The share of the instructions issued by \p P.
  double pipeShare(Pipe P) const;
};

/// How much more often an instruction inside a loop runs than one outside
/// it: the default weight per loop level.
constexpr double DefaultLoopWeight = 32;

/// The mix of \p F, loops weighted by \p LoopWeight per level.
KernelMix mixOf(const Function &F, double LoopWeight = DefaultLoopWeight);

/// The loop depth of each instruction of \p F (0 outside loops). A loop is
/// a branch to a label at or before it; the end-of-kernel self-branch is
/// none.
std::vector<unsigned> loopDepths(const Function &F);

} // namespace headroom::sass

#endif // HEADROOM_SASS_INSTRUCTIONMIX_H
