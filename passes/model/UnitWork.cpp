//===- UnitWork.cpp - A kernel's work on each unit of the GPU -------------===//

#include "model/UnitWork.h"

#include <algorithm>

namespace headroom {

namespace {

struct Feed {
  Unit Id;
  Counter From;
};

// Every unit but DRAM is one counter.
constexpr Feed Feeds[] = {
    {Unit::Issue, Counter::Inst},
    {Unit::FmaPipe, Counter::FmaPipeInst},
    {Unit::FmaHeavyPipe, Counter::FmaHeavyPipeInst},
    {Unit::AluPipe, Counter::AluPipeInst},
    {Unit::Fp64Pipe, Counter::Fp64PipeInst},
    {Unit::XuPipe, Counter::XuPipeInst},
    {Unit::LsuPipe, Counter::LsuPipeInst},
    {Unit::AduPipe, Counter::AduPipeInst},
    {Unit::TensorPipe, Counter::TensorPipeCycles},
    {Unit::ConstantCache, Counter::ConstantCacheCycles},
    {Unit::L1Wavefronts, Counter::L1Wavefronts},
    {Unit::L1Bytes, Counter::L1Bytes},
    {Unit::L2Bytes, Counter::L2Bytes},
    {Unit::L2Requests, Counter::L2Requests},
    {Unit::L2Atomics, Counter::L2AtomicCyclesBusiest},
};

} // namespace

Counter UnitWork::sourceOf(Unit U) {
  for (const Feed &F : Feeds)
    if (F.Id == U)
      return F.From;
  return Counter::TranRead;
}

UnitWork unitWork(const CounterLookup &Total) {
  UnitWork W;
  for (const Feed &F : Feeds)
    if (std::optional<double> V = Total(F.From))
      W.Amount[static_cast<std::size_t>(F.Id)] = *V;

  std::optional<double> Read = Total(Counter::TranRead);
  std::optional<double> Write = Total(Counter::TranWrite);
  if (Read || Write) {
    W.DramReadBytes = Read.value_or(0) * SectorBytes;
    W.DramWriteBytes = Write.value_or(0) * SectorBytes;
    if (std::optional<double> L2Writes = Total(Counter::L2SectorsWrite))
      W.DramWriteBytes = std::min(W.DramWriteBytes, *L2Writes * SectorBytes);
    W.Amount[static_cast<std::size_t>(Unit::Dram)] =
        W.DramReadBytes + W.DramWriteBytes;
  }
  return W;
}

} // namespace headroom
