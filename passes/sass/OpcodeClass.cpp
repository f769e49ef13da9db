//===- OpcodeClass.cpp - What a SASS opcode is to the model ---------------===//

#include "sass/OpcodeClass.h"

#include <map>

namespace headroom::sass {

namespace {

using C = OpClass;
using P = Pipe;

/// sm_90 opcodes, from NVIDIA's CUDA Binary Utilities instruction set
/// reference (Hopper). Opcodes not listed are Other on the ALU pipe.
const std::map<std::string, OpcodeInfo> &table() {
  static const std::map<std::string, OpcodeInfo> T = {
      // FP32 (M_fp32): arithmetic on the FMA pipe, compares/min-max on ALU.
      {"FADD", {C::Fp32, P::Fma}},
      {"FADD32I", {C::Fp32, P::Fma}},
      {"FMUL", {C::Fp32, P::Fma}},
      {"FMUL32I", {C::Fp32, P::Fma}},
      {"FFMA", {C::Fp32, P::Fma, /*Fma32=*/true}},
      {"FFMA32I", {C::Fp32, P::Fma, /*Fma32=*/true}},
      {"FMNMX", {C::Fp32, P::Alu}},
      {"FSET", {C::Fp32, P::Alu}},
      {"FSETP", {C::Fp32, P::Alu}},
      {"FSEL", {C::Fp32, P::Alu}},
      {"FCHK", {C::Fp32, P::Alu}},
      {"FSWZADD", {C::Fp32, P::Fma}},
      // FP64 (M_fp64).
      {"DADD", {C::Fp64, P::Fp64}},
      {"DMUL", {C::Fp64, P::Fp64}},
      {"DFMA", {C::Fp64, P::Fp64, false, /*Fma64=*/true}},
      {"DSETP", {C::Fp64, P::Fp64}},
      {"DMNMX", {C::Fp64, P::Fp64}},
      // Integer (M_int).
      {"IADD", {C::Int, P::Alu}},
      {"IADD3", {C::Int, P::Alu}},
      {"IADD32I", {C::Int, P::Alu}},
      {"VIADD", {C::Int, P::Alu}},
      {"IMAD", {C::Int, P::Fma}},
      {"IMAD32I", {C::Int, P::Fma}},
      {"IMUL", {C::Int, P::Fma}},
      {"IMUL32I", {C::Int, P::Fma}},
      {"IDP", {C::Int, P::Fma}},
      {"ISCADD", {C::Int, P::Alu}},
      {"ISETP", {C::Int, P::Alu}},
      {"IMNMX", {C::Int, P::Alu}},
      {"VIMNMX", {C::Int, P::Alu}},
      {"IABS", {C::Int, P::Alu}},
      {"LEA", {C::Int, P::Alu}},
      {"LOP", {C::Int, P::Alu}},
      {"LOP3", {C::Int, P::Alu}},
      {"LOP32I", {C::Int, P::Alu}},
      {"SHF", {C::Int, P::Alu}},
      {"SHL", {C::Int, P::Alu}},
      {"SHR", {C::Int, P::Alu}},
      {"BMSK", {C::Int, P::Alu}},
      {"SGXT", {C::Int, P::Alu}},
      {"BREV", {C::Int, P::Xu}},
      {"FLO", {C::Int, P::Xu}},
      {"POPC", {C::Int, P::Xu}},
      // Loads, stores, atomics (M_ldst): global, local, shared, constant.
      {"LD", {C::LdSt, P::Lsu}},
      {"LDG", {C::LdSt, P::Lsu}},
      {"LDL", {C::LdSt, P::Lsu}},
      {"LDS", {C::LdSt, P::Lsu}},
      {"LDSM", {C::LdSt, P::Lsu}},
      {"LDC", {C::LdSt, P::Lsu}},
      {"LDGSTS", {C::LdSt, P::Lsu}},
      {"ST", {C::LdSt, P::Lsu}},
      {"STG", {C::LdSt, P::Lsu}},
      {"STL", {C::LdSt, P::Lsu}},
      {"STS", {C::LdSt, P::Lsu}},
      {"STSM", {C::LdSt, P::Lsu}},
      {"ATOM", {C::LdSt, P::Lsu}},
      {"ATOMG", {C::LdSt, P::Lsu}},
      {"ATOMS", {C::LdSt, P::Lsu}},
      {"RED", {C::LdSt, P::Lsu}},
      {"REDG", {C::LdSt, P::Lsu}},
      {"REDUX", {C::Other, P::Alu}},
      // Other LSU work: shuffles, votes through shared state, texture.
      {"SHFL", {C::Other, P::Lsu}},
      {"MATCH", {C::Other, P::Lsu}},
      {"TEX", {C::Other, P::Lsu}},
      {"TLD", {C::Other, P::Lsu}},
      {"TLD4", {C::Other, P::Lsu}},
      {"SUST", {C::Other, P::Lsu}},
      {"SULD", {C::Other, P::Lsu}},
      // Special functions and conversions.
      {"MUFU", {C::Other, P::Xu}},
      {"F2F", {C::Other, P::Xu}},
      {"F2I", {C::Other, P::Xu}},
      {"I2F", {C::Other, P::Xu}},
      {"I2I", {C::Other, P::Xu}},
      {"FRND", {C::Other, P::Xu}},
      {"F2FP", {C::Other, P::Alu}},
      // FP16 pairs: on the FMA pipe, outside the thesis' FP32 count.
      {"HADD2", {C::Other, P::Fma}},
      {"HMUL2", {C::Other, P::Fma}},
      {"HFMA2", {C::Other, P::Fma}},
      {"HSETP2", {C::Other, P::Alu}},
      {"HMNMX2", {C::Other, P::Alu}},
      // Tensor cores.
      {"HMMA", {C::Other, P::Tensor}},
      {"IMMA", {C::Other, P::Tensor}},
      {"DMMA", {C::Other, P::Tensor}},
      {"HGMMA", {C::Other, P::Tensor}},
      {"IGMMA", {C::Other, P::Tensor}},
      {"QGMMA", {C::Other, P::Tensor}},
      {"BGMMA", {C::Other, P::Tensor}},
      // Control flow and synchronization.
      {"BRA", {C::Other, P::Cbu}},
      {"BRX", {C::Other, P::Adu}},
      {"JMP", {C::Other, P::Cbu}},
      {"JMX", {C::Other, P::Adu}},
      {"CALL", {C::Other, P::Cbu}},
      {"RET", {C::Other, P::Cbu}},
      {"EXIT", {C::Other, P::Cbu}},
      {"BSSY", {C::Other, P::Cbu}},
      {"BSYNC", {C::Other, P::Cbu}},
      {"BREAK", {C::Other, P::Cbu}},
      {"WARPSYNC", {C::Other, P::Cbu}},
      {"BAR", {C::Other, P::Adu}},
      {"MEMBAR", {C::Other, P::Lsu}},
      {"DEPBAR", {C::Other, P::Cbu}},
      {"VOTE", {C::Other, P::Alu}},
  };
  return T;
}

} // namespace

const char *pipeName(Pipe Unit) {
  switch (Unit) {
  case Pipe::Fma:
    return "fma";
  case Pipe::Alu:
    return "alu";
  case Pipe::Fp64:
    return "fp64";
  case Pipe::Xu:
    return "xu";
  case Pipe::Lsu:
    return "lsu";
  case Pipe::Tensor:
    return "tensor";
  case Pipe::Uniform:
    return "uniform";
  case Pipe::Cbu:
    return "cbu";
  case Pipe::Adu:
    return "adu";
  }
  return "alu";
}

OpcodeInfo classify(const std::string &Opcode) {
  const auto &T = table();
  if (auto It = T.find(Opcode); It != T.end())
    return It->second;
  // The uniform datapath: one instruction per warp, no thread operations.
  if (Opcode.size() > 1 && Opcode[0] == 'U' && T.count(Opcode.substr(1)))
    return {OpClass::Other, Pipe::Uniform};
  if (Opcode == "ULDC" || Opcode == "UMOV" || Opcode == "S2UR" ||
      Opcode == "R2UR" || Opcode == "USEL" || Opcode == "UPRMT")
    return {OpClass::Other, Pipe::Uniform};
  return {OpClass::Other, Pipe::Alu};
}

} // namespace headroom::sass
