//===- OpcodeClass.h - What a SASS opcode is to the model -------*- C++ -*-===//
///
/// \file
/// Each SASS opcode of sm_90 in the thesis' instruction classes (section
/// 4.2.2: the FP32, FP64 and integer operations that make I_ops, the
/// load/store instructions of M_ldst, everything else) and in the pipe that
/// issues it on Hopper (the pipes of the Hopper model, docs/model.md). One
/// table, in OpcodeClass.cpp, documented in docs/static-mix.md.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_OPCODECLASS_H
#define HEADROOM_SASS_OPCODECLASS_H

#include <string>

namespace headroom::sass {

/// The thesis' classes, as the counters of table 4.1 count them.
enum class OpClass {
  Fp32,  ///< M_fp32 (inst_fp_32): FP32 arithmetic, compares, min/max
  Fp64,  ///< M_fp64 (inst_fp_64)
  Int,   ///< M_int (inst_integer): integer arithmetic, logic, shifts
  LdSt,  ///< M_ldst (inst_compute_ld_st): loads, stores, atomics
  Other, ///< control flow, moves, conversions, special functions, ...
};

/// The Hopper pipes (smsp__inst_executed_pipe_*).
enum class Pipe {
  Fma, ///< FP32 add/mul/FMA, IMAD, FP16
  Alu, ///< integer and logic, compares, FP32 min/max and compares
  Fp64,
  Xu,      ///< special functions (MUFU), conversions, bit scans
  Lsu,     ///< loads, stores, atomics, shuffles
  Tensor,  ///< HMMA, IMMA, HGMMA, ...
  Uniform, ///< the uniform datapath (U* opcodes)
  Cbu,     ///< branches, barriers, warp synchronization
  Adu,     ///< address divergence: indexed branches, barriers' arrival
};

const char *pipeName(Pipe P);

/// What \p Opcode (without modifiers, "FFMA") is, and, for FMAs, whether it
/// counts in M_fma32 or M_fma64.
struct OpcodeInfo {
  OpClass Class = OpClass::Other;
  Pipe Unit = Pipe::Alu;
  bool Fma32 = false;
  bool Fma64 = false;
};

OpcodeInfo classify(const std::string &Opcode);

} // namespace headroom::sass

#endif // HEADROOM_SASS_OPCODECLASS_H
