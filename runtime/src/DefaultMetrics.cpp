//===- DefaultMetrics.cpp - What the runtime collects by default ----------===//

#include "DefaultMetrics.h"

#include "schema/CounterCatalog.h"

namespace headroom::rt {

namespace {

std::vector<std::string> namesOf(std::initializer_list<Counter> Counters) {
  std::vector<std::string> Names;
  for (Counter C : Counters)
    Names.emplace_back(counterInfo(C).HopperName);
  return Names;
}

} // namespace

std::vector<std::string> defaultRequiredMetrics() {
  std::vector<std::string> Names;
  // Every model input of thesis table 4.1.
  for (const CounterInfo &Info : counterCatalog())
    if (isModelInput(Info.Id))
      Names.emplace_back(Info.HopperName);
  for (std::string &Name : namesOf({Counter::DurationNs, Counter::L2Bytes,
                                    Counter::AchievedOccupancyPct}))
    Names.push_back(std::move(Name));
  // The Hopper model's work per unit (docs/model.md): every pipe, the
  // constant cache, the L1/shared data path, L1 bytes, L2 requests and the
  // L2 writes that cap DRAM writes.
  for (std::string &Name : hopperModelMetrics())
    Names.push_back(std::move(Name));
  return Names;
}

std::vector<std::string> hopperModelMetrics() {
  return namesOf({
      Counter::FmaPipeInst,
      Counter::FmaHeavyPipeInst,
      Counter::AluPipeInst,
      Counter::Fp64PipeInst,
      Counter::XuPipeInst,
      Counter::LsuPipeInst,
      Counter::AduPipeInst,
      Counter::TensorPipeCycles,
      Counter::ConstantCacheCycles,
      Counter::L1Wavefronts,
      Counter::L1Bytes,
      Counter::L2Requests,
      Counter::L2AtomicCyclesBusiest,
      Counter::L2SectorsWrite,
  });
}

std::vector<std::string> defaultExtraMetrics() {
  return namesOf({
      // Divergence (headroom-divergence), then what global loads wait on,
      // the Hopper model's load rounds, before the other notes' counters.
      Counter::ThreadsPerInst,
      Counter::GlobalLoadInst,
      Counter::L1GlobalLoadSectors,
      Counter::L2SectorsRead,
      Counter::SharedLoadInst,
      Counter::SharedStoreInst,
      Counter::SharedLoadWavefronts,
      Counter::SharedStoreWavefronts,
      Counter::SharedLoadBankConflicts,
      Counter::SharedStoreBankConflicts,
      Counter::Fp16,
      Counter::HalfFma,
      Counter::HalfAdd,
      Counter::HalfMul,
      Counter::ThreadInst,
      Counter::TensorPipeInst,
      // Why warps wait: the causes of a latency-bound kernel.
      Counter::StallLongScoreboard,
      Counter::StallWait,
      Counter::StallShortScoreboard,
      Counter::StallBarrier,
      Counter::WarpLatency,
      // Last, where the passes leave room: whether global stores are
      // coalesced and the threads per atomic (the coalescing and
      // warp-aggregated atomics advice).
      Counter::GlobalStoreInst,
      Counter::L1GlobalStoreSectors,
      Counter::GlobalReductionInst,
      Counter::AtomicInst,
  });
}

std::string resolveMetricName(std::string_view Name) {
  if (CounterMatch Match = findCounter(Name))
    return std::string(Match.Info->HopperName);
  return std::string(Name);
}

} // namespace headroom::rt
