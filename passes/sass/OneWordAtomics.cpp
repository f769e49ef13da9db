//===- OneWordAtomics.cpp - fp32 atomic adds aimed at one word ------------===//

#include "sass/OneWordAtomics.h"

#include <algorithm>
#include <optional>
#include <regex>
#include <string>

namespace headroom::sass {

namespace {

bool isGlobalAtomic(const Instruction &I) {
  static const char *const Atomics[] = {"RED", "REDG", "ATOM", "ATOMG"};
  return std::find(std::begin(Atomics), std::end(Atomics), I.Opcode) !=
         std::end(Atomics);
}

bool isGlobalFp32Add(const Instruction &I) {
  return isGlobalAtomic(I) && I.Full.find(".ADD.F32") != std::string::npos;
}

/// The first register of the 64-bit address `[R2.64]` or `[R2.64+0x8]`.
std::optional<unsigned> addressRegister(const std::string &Operands) {
  // Registers are R0-R254: three digits at most, so the number fits.
  static const std::regex Address(
      R"(\[R(\d{1,3})\.64(?:[+-]0x[0-9a-fA-F]+)?\])");
  std::smatch M;
  if (!std::regex_search(Operands, M, Address))
    return std::nullopt;
  return static_cast<unsigned>(std::stoul(M[1]));
}

/// A value of the constant bank at a fixed offset: a kernel parameter or a
/// driver constant, the same for every thread of the grid.
bool isConstant(const std::string &Operand) {
  static const std::regex Constant(R"(c\[0x0\]\[0x[0-9a-fA-F]+\])");
  return std::regex_match(Operand, Constant);
}

/// Where the straight-line code that ends at instruction \p At begins: just
/// after the last branch target at or before it.
std::size_t regionStart(const Function &F, std::size_t At) {
  std::size_t Start = 0;
  auto Consider = [&](std::size_t Target) {
    if (Target <= At)
      Start = std::max(Start, Target);
  };
  for (const auto &[Label, Index] : F.Labels)
    Consider(Index);
  for (const Instruction &I : F.Instructions)
    if (!I.Target.empty())
      Consider(F.labelIndex(I.Target));
  return Start;
}

/// Whether register R<\p Reg> holds a constant-bank value at instruction
/// \p At: its last definition in the straight-line code before it (from
/// \p Start, regionStart's), not under a guard, loads it from the constant
/// bank (`LDC.64` for a pair, `LDC`, `MOV` or `IMAD.MOV.U32 R, RZ, RZ, c[..]`
/// for one register).
bool holdsConstant(const Function &F, std::size_t Start, std::size_t At,
                   unsigned Reg) {
  for (std::size_t K = At; K-- > Start;) {
    const Instruction &I = F.Instructions[K];
    // A pair or quad write covers the registers after its first.
    std::optional<Instruction::Written> W = I.written();
    if (!W || !W->covers(Reg))
      continue;
    if (!I.Guard.empty())
      return false;
    std::vector<std::string> Ops = I.operandList();
    if (I.Opcode == "LDC" || I.Opcode == "MOV")
      return Ops.size() == 2 && isConstant(Ops[1]);
    if (I.Full == "IMAD.MOV.U32")
      return Ops.size() == 4 && Ops[1] == "RZ" && Ops[2] == "RZ" &&
             isConstant(Ops[3]);
    return false;
  }
  return false;
}

} // namespace

std::vector<std::uint64_t> oneWordFp32Atomics(const Function &F) {
  std::vector<std::uint64_t> Out;
  for (std::size_t K = 0; K < F.Instructions.size(); ++K) {
    const Instruction &I = F.Instructions[K];
    if (!isGlobalFp32Add(I))
      continue;
    std::optional<unsigned> Reg = addressRegister(I.Operands);
    if (!Reg)
      continue;
    std::size_t Start = regionStart(F, K);
    if (holdsConstant(F, Start, K, *Reg) &&
        holdsConstant(F, Start, K, *Reg + 1))
      Out.push_back(I.Address);
  }
  return Out;
}

unsigned globalAtomics(const Function &F) {
  return static_cast<unsigned>(std::count_if(
      F.Instructions.begin(), F.Instructions.end(), isGlobalAtomic));
}

} // namespace headroom::sass
