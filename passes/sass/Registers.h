//===- Registers.h - The registers a SASS instruction uses ------*- C++ -*-===//
///
/// \file
/// The general registers (R0-R254) an instruction reads and writes, for the
/// dataflow of the load rounds (sass/LoadsInFlight.h) and of the stall
/// blame (sass/StallBlame.h). Predicates, uniform registers and RZ are left
/// out: no scoreboard wait that Headroom follows goes through them.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_REGISTERS_H
#define HEADROOM_SASS_REGISTERS_H

#include "sass/SassListing.h"

#include <set>
#include <string>

namespace headroom::sass {

using Registers = std::set<unsigned>;

/// Adds the registers \p Operand names to \p Out: `R4` one, `R2.64` a
/// pair, in any wrapping (`desc[UR4][R2.64+0x10]`, `-R5`, `R3.reuse`).
void addRegisters(const std::string &Operand, Registers &Out);

/// The registers \p I reads and writes (Instruction::written); a store, a
/// reduction or a branch writes none, and every register it names is read.
struct RegisterUse {
  Registers Reads, Writes;
};
RegisterUse registersOf(const Instruction &I);

} // namespace headroom::sass

#endif // HEADROOM_SASS_REGISTERS_H
