//===- InstructionMix.cpp - A kernel's static instruction mix -------------===//

#include "sass/InstructionMix.h"

#include <algorithm>
#include <cmath>

namespace headroom::sass {

namespace {

/// The padding after the kernel's end: NOPs, and the branch to itself that
/// follows the last EXIT.
bool isPadding(const Function &F, std::size_t I) {
  const Instruction &In = F.Instructions[I];
  if (In.Opcode == "NOP")
    return true;
  return In.Opcode == "BRA" && !In.Target.empty() &&
         F.labelIndex(In.Target) == I;
}

} // namespace

double MixCounts::of(OpClass C) const {
  auto It = Classes.find(C);
  return It == Classes.end() ? 0 : It->second;
}

double MixCounts::of(Pipe P) const {
  auto It = Pipes.find(P);
  return It == Pipes.end() ? 0 : It->second;
}

void MixCounts::add(const OpcodeInfo &Info, double Weight) {
  Total += Weight;
  Classes[Info.Class] += Weight;
  Pipes[Info.Unit] += Weight;
  if (Info.Fma32)
    Fma32 += Weight;
  if (Info.Fma64)
    Fma64 += Weight;
}

KernelType KernelMix::type() const {
  if (Counts.of(OpClass::Fp64) > 0)
    return KernelType::Fp64;
  if (Counts.of(OpClass::Fp32) > 0)
    return KernelType::Fp32;
  return KernelType::Int;
}

double KernelMix::eMix() const {
  switch (type()) {
  case KernelType::Fp64:
    return (Counts.of(OpClass::Fp64) + Counts.Fma64) /
           (2 * Counts.of(OpClass::Fp64));
  case KernelType::Fp32:
    return (Counts.of(OpClass::Fp32) + Counts.Fma32) /
           (2 * Counts.of(OpClass::Fp32));
  case KernelType::Int:
    return 0.5;
  }
  return 0.5;
}

double KernelMix::dOps() const {
  if (Counts.Total <= 0)
    return 0;
  OpClass Ops = type() == KernelType::Fp64   ? OpClass::Fp64
                : type() == KernelType::Fp32 ? OpClass::Fp32
                                             : OpClass::Int;
  return Counts.of(Ops) / Counts.Total;
}

double KernelMix::dLdSt() const {
  return Counts.Total > 0 ? Counts.of(OpClass::LdSt) / Counts.Total : 0;
}

double KernelMix::pipeShare(Pipe P) const {
  return Counts.Total > 0 ? Counts.of(P) / Counts.Total : 0;
}

std::vector<unsigned> loopDepths(const Function &F) {
  std::vector<unsigned> Depth(F.Instructions.size(), 0);
  for (std::size_t I = 0; I < F.Instructions.size(); ++I) {
    const Instruction &In = F.Instructions[I];
    if (In.Target.empty() || isPadding(F, I))
      continue;
    std::size_t Head = F.labelIndex(In.Target);
    if (Head > I)
      continue; // A forward branch.
    for (std::size_t K = Head; K <= I; ++K)
      ++Depth[K];
  }
  return Depth;
}

KernelMix mixOf(const Function &F, double LoopWeight) {
  KernelMix M;
  M.Name = F.Name;
  M.Arch = F.Arch;
  std::vector<unsigned> Depth = loopDepths(F);
  for (std::size_t I = 0; I < F.Instructions.size(); ++I) {
    if (isPadding(F, I))
      continue;
    ++M.Instructions;
    M.LoopDepth = std::max(M.LoopDepth, Depth[I]);
    M.Counts.add(classify(F.Instructions[I].Opcode),
                 std::pow(LoopWeight, Depth[I]));
  }
  return M;
}

} // namespace headroom::sass
