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

  std::optional<double> Requests = Total(Counter::L2Requests);
  std::optional<double> L2Bytes = Total(Counter::L2Bytes);
  std::optional<double> WriteSectors = Total(Counter::L2SectorsWrite);
  if (Requests && L2Bytes && WriteSectors) {
    double OtherSectors = std::max(0.0, *L2Bytes / SectorBytes - *WriteSectors);
    double Most = std::max(0.0, std::min(*Requests, *WriteSectors));
    W.L2WriteRequests = std::clamp(*Requests - OtherSectors, 0.0, Most);
  }

  W.GlobalLoads = Total(Counter::GlobalLoadInst);
  W.GlobalLoadL1Sectors = Total(Counter::L1GlobalLoadSectors);
  W.L2ReadSectors = Total(Counter::L2SectorsRead);

  std::optional<double> Read = Total(Counter::TranRead);
  std::optional<double> Write = Total(Counter::TranWrite);
  if (Read || Write) {
    W.DramReadBytes = Read.value_or(0) * SectorBytes;
    W.DramWriteBytes = Write.value_or(0) * SectorBytes;
    if (std::optional<double> L2Writes = Total(Counter::L2SectorsWrite))
      W.DramWriteBytes = std::min(W.DramWriteBytes, *L2Writes * SectorBytes);
    W.Amount[static_cast<std::size_t>(Unit::Dram)] =
        W.DramReadBytes + W.DramWriteBytes;
    // What waits on DRAM's latency: the reads (writes are posted).
    W.Amount[static_cast<std::size_t>(Unit::DramLatency)] = W.DramReadBytes;
    W.Amount[static_cast<std::size_t>(Unit::IssueAndDramLatency)] =
        W.DramReadBytes;
  }
  return W;
}

} // namespace headroom
