//===- AtomicsOnOneWord.h - Atomics between many words and one --*- C++ -*-===//
///
/// \file
/// The atomic unit of an L2 slice takes one input per L2 clock when the
/// inputs name different words, and the floor counts it so. Adds to one word
/// wait for the one before: integer ones take 1.28 L2 clocks per input on
/// the H100 and H200 (`atomic_same_address_red_u32`, a warp's adds merged
/// into one input), fp32 ones 3 (`atomic_same_address_red_f32`, one input
/// per lane). The counters tell neither the words nor the kind, so the
/// estimates take the inputs at the rate that is off by the same share
/// either way between one per clock and the integer one-word rate; the
/// share the kernel's SASS shows to be fp32 adds to one word for the whole
/// grid at the fp32 one-word rate. The evidence keeps what every input
/// would take as an fp32 add to one word, which a latency-bound kernel's
/// cause compares with its time (docs/model.md, "L2 atomics: different
/// words and one word").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_REFINEMENTS_ATOMICSONONEWORD_H
#define HEADROOM_MODEL_REFINEMENTS_ATOMICSONONEWORD_H

#include "model/Refinement.h"

namespace headroom {

/// What the refinement saw, over the launch groups. A value type.
struct OneWordAtomicsEvidence {
  /// Inputs of the busiest L2 slice's atomic unit, and of them the share
  /// the SASS shows to be fp32 adds to one word (inputs-weighted).
  double Inputs = 0, OneWordFp32Share = 0;
  /// What the inputs would take as fp32 adds to one word (0 without the
  /// measurement).
  double AllOneWordFp32Ms = 0;
};

/// Seconds the busiest L2 slice's atomic unit of a device with rates \p R
/// takes for \p Inputs of which the share \p OneWordFp32 are known to be
/// fp32 adds to one word (at R.AtomicSameAddressFloatInputs, where
/// measured) and the rest have addresses not known: the estimate between
/// one input per clock (different words) and R.AtomicSameAddressInputs (one
/// word) whose relative error is at most the same either way, 2 / (per
/// clock + same address) per input (1.12 clocks on the H100), or one per
/// clock without the measurement; 0 without the unit's rate. A one-word
/// rate above one input per clock (a device file of another architecture)
/// counts as one per clock.
double l2AtomicSeconds(const UnitRates &R, double Inputs,
                       double OneWordFp32 = 0);

const Refinement &oneWordAtomics();

} // namespace headroom

#endif // HEADROOM_MODEL_REFINEMENTS_ATOMICSONONEWORD_H
