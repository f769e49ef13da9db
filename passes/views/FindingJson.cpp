//===- FindingJson.cpp - A kernel's finding as JSON -----------------------===//

#include "views/FindingJson.h"

#include <cmath>

namespace headroom {

using nlohmann::ordered_json;

namespace {

ordered_json optional(const std::optional<double> &V) {
  return V ? ordered_json(*V) : ordered_json(nullptr);
}

/// JSON has no infinity: an infinite value (no DRAM traffic) is null.
ordered_json finite(double V) {
  return std::isfinite(V) ? ordered_json(V) : ordered_json(nullptr);
}

ordered_json unitsJson(const std::vector<UnitTime> &Units) {
  ordered_json Out = ordered_json::array();
  for (const UnitTime &T : Units)
    Out.push_back({{"unit", unitInfo(T.Id).Key},
                   {"roof_ms", T.RoofMs},
                   {"floor_ms", T.FloorMs},
                   {"busy_ms", T.BusyMs}});
  return Out;
}

ordered_json capJson(const CapEvidence &C) {
  ordered_json J = ordered_json::object();
  if (C.WavefrontsPerFma)
    J["wavefronts_per_fma"] = *C.WavefrontsPerFma;
  if (C.TrafficOverDram)
    J["traffic_over_dram"] = *C.TrafficOverDram;
  if (C.ConstantCyclesPerInstruction)
    J["constant_cycles_per_instruction"] = *C.ConstantCyclesPerInstruction;
  if (C.ShareOfIssued)
    J["share_of_issued"] = *C.ShareOfIssued;
  if (C.Unevenness) {
    J["unevenness"] = *C.Unevenness;
    J["busiest"] = C.PerScheduler ? "scheduler" : "sm";
  }
  return J;
}

/// What the Hopper model's refinements saw, and which applied.
ordered_json refinementsJson(const HopperEvidence &E) {
  ordered_json Applied = ordered_json::array();
  for (const Refinement *R : refinements())
    if (E.applied(R->info().Id))
      Applied.push_back(R->info().Key);
  ordered_json Ev;
  Ev["cold_launch_dram_floor"] = {
      {"cold_launches", E.ColdLaunches.ColdLaunches},
      {"repeated_launches", E.ColdLaunches.RepeatedLaunches},
      {"discounted_ms", E.ColdLaunches.DiscountedMs}};
  Ev["l2_write_requests"] = {{"requests", E.L2Writes.Requests},
                             {"write_requests", E.L2Writes.WriteRequests}};
  Ev["l2_fabric_sectors"] = {
      {"counted_bytes", E.L2Fabric.CountedBytes},
      {"second_count_bytes", E.L2Fabric.SecondCountBytes}};
  Ev["one_word_atomics"] = {
      {"inputs", E.Atomics.Inputs},
      {"one_word_fp32_share", E.Atomics.OneWordFp32Share},
      {"all_one_word_fp32_ms", E.Atomics.AllOneWordFp32Ms}};
  if (E.Barrier)
    Ev["barrier_waits"] = {{"share", E.Barrier->Share},
                           {"resident_warps", E.Barrier->ResidentWarps},
                           {"waiting_warps", E.Barrier->WaitingWarps}};
  else
    Ev["barrier_waits"] = nullptr;
  if (E.InFlight)
    Ev["dram_latency"] = {
        {"read_bytes_per_warp", E.InFlight->ReadBytesPerWarp},
        {"resident_warps_per_sm", E.InFlight->ResidentWarpsPerSm},
        {"bytes_in_flight_per_sm",
         E.InFlight->ReadBytesPerWarp * E.InFlight->ResidentWarpsPerSm},
        {"bytes_needed_per_sm", E.InFlight->NeededPerSm}};
  else
    Ev["dram_latency"] = nullptr;
  if (E.Rounds)
    Ev["load_rounds"] = {{"global_loads_per_warp", E.Rounds->LoadsPerWarp},
                         {"loads_per_round", E.Rounds->LoadsPerRound},
                         {"round_latency_ns", E.Rounds->LatencySeconds * 1e9},
                         {"wait_ms", E.Rounds->WaitMs}};
  else
    Ev["load_rounds"] = nullptr;
  Ev["issue_load_latency"] = {{"issue_ms", E.IssueWait.IssueMs},
                              {"wait_ms", E.IssueWait.WaitMs}};
  ordered_json Stages = ordered_json::object();
  for (std::size_t S = 0; S < NumStages; ++S)
    Stages[std::string(stageKey(static_cast<Stage>(S))) + "_ms"] = E.StageMs[S];
  Ev["partial_overlap"] = Stages;
  return {{"applied", Applied}, {"evidence", Ev}};
}

ordered_json causeJson(const LatencyCause &C) {
  ordered_json J;
  J["cause"] = latencyCauseKey(C.Kind);
  auto ResidentSms = [&] {
    J["resident_sms"] = C.ResidentSms ? ordered_json(*C.ResidentSms) : nullptr;
    J["sms"] = C.Sms;
  };
  switch (C.Kind) {
  case LatencyCauseKind::OneThread:
    ResidentSms();
    J["blocks"] = C.Blocks;
    J["threads_per_instruction"] = C.ThreadsPerInst;
    break;
  case LatencyCauseKind::IdleSms:
    ResidentSms();
    break;
  case LatencyCauseKind::AtomicContention:
    J["share_of_time"] = C.ShareOfTime;
    J["fp32_one_word_clocks"] =
        C.Fp32OneWordClocks > 0 ? ordered_json(C.Fp32OneWordClocks) : nullptr;
    break;
  case LatencyCauseKind::DependentLoads:
    J["share_of_time"] = C.ShareOfTime;
    break;
  case LatencyCauseKind::FewBlocks:
    J["blocks"] = C.Blocks;
    J["sms"] = C.Sms;
    break;
  case LatencyCauseKind::FewWarps:
    J["warps_per_scheduler"] = C.WarpsPerScheduler;
    J["achieved_occupancy_pct"] = C.OccupancyPct;
    break;
  case LatencyCauseKind::MemoryLatency:
  case LatencyCauseKind::DependentInstructions:
  case LatencyCauseKind::Barriers:
    J["stall_cycles_per_instruction"] = C.StallCycles;
    break;
  case LatencyCauseKind::ShortLaunches:
    J["launch_us"] = C.LaunchUs;
    break;
  }
  return J;
}

ordered_json mixJson(const MixEvidence &M) {
  return {{"K_type", kernelTypeName(M.Type)},
          {"O_krn", finite(M.OKrn)},
          {"O_dev", M.ODev},
          {"margin", finite(M.Margin)},
          {"T_op", M.TOp},
          {"T_op_eff", M.TOpEff},
          {"B_mem", M.BMem},
          {"attainable_gops", M.AttainableGops},
          {"op_share", M.OpShare},
          {"ldst_share", M.LdStShare},
          {"other_share", M.OtherShare},
          {"E_mix", M.EMix}};
}

ordered_json targetJson(const KernelFinding &F, const TargetFinding &T) {
  ordered_json J;
  J["device"] = T.Device;
  J["model"] = modelKindKey(T.Model);
  J["regime"] = regimeName(T.Verdict);
  J["regime_here"] = regimeName(T.HereVerdict);
  J["bound_changes"] = T.verdictChanges();
  J["floor_ms"] = T.FloorMs;
  J["predicted_ms"] = T.PredictedMs;
  J["predicted_by"] = T.SetBy.key();
  J["projected_ms"] = T.ProjectedMs;
  J["E_util"] = optional(T.EUtil);
  J["O_dev"] = optional(T.ODev);
  J["generation"] = T.Generation;
  return J;
}

} // namespace

ordered_json whatIfEstimateJson(const WhatIfEstimate &E) {
  ordered_json J = {{"advice", whatIfInfo(E.Id).Key},
                    {"measure", whatIfMeasureKey(E.Measure)},
                    {"before", E.Before},
                    {"after", E.After},
                    {"predicted_ms", E.PredictedMs},
                    {"changed_ms", E.ChangedMs},
                    {"speedup", E.speedup()}};
  if (!E.OtherKernel.empty())
    J["with_kernel"] = E.OtherKernel;
  return J;
}

ordered_json findingToJson(const KernelFinding &F) {
  ordered_json J;
  J["model"] = modelKindKey(F.Model);
  J["device"] = F.Device;
  J["regime"] = regimeName(F.Verdict);
  J["balanced"] = F.Balanced;
  J["measured_ms"] = optional(F.MeasuredMs);
  J["floor_ms"] = F.FloorMs;
  J["predicted_ms"] = F.PredictedMs;
  J["predicted_by"] = F.SetBy.key();
  J["estimated"] = F.estimated();
  if (F.RoofTime)
    J["roof"] = {{"kind", roofKindKey(F.RoofTime->Kind)},
                 {"mix_adjusted", F.RoofTime->MixAdjusted},
                 {"ms", F.RoofTime->Ms}};
  else
    J["roof"] = nullptr;
  J["headroom"] = optional(F.headroom());
  J["headroom_to_roof"] = optional(F.headroomToRoof());
  J["headroom_to_cap"] = optional(F.headroomToCap());
  if (F.Busiest)
    J["busiest"] = {{"unit", unitInfo(F.Busiest->Id).Key},
                    {"busy", F.Busiest->Share}};
  else
    J["busiest"] = nullptr;
  J["cap"] = capJson(F.Cap);
  J["units"] = unitsJson(F.Units);
  ordered_json Estimates = ordered_json::array();
  for (const EstimateTime &E : F.Estimates)
    Estimates.push_back({{"estimate", estimateKey(E.Id)}, {"ms", E.Ms}});
  J["estimates"] = Estimates;
  J["refinements"] =
      F.Refinements ? refinementsJson(*F.Refinements) : ordered_json(nullptr);
  ordered_json Causes = ordered_json::array();
  for (const LatencyCause &C : F.Causes)
    Causes.push_back(causeJson(C));
  J["latency_causes"] = Causes;
  ordered_json Advice = ordered_json::array();
  for (const WhatIfEstimate &E : F.Advice) {
    ordered_json A = whatIfEstimateJson(E);
    A["estimated_ms"] = F.MeasuredMs ? ordered_json(*F.MeasuredMs / E.speedup())
                                     : ordered_json(nullptr);
    Advice.push_back(std::move(A));
  }
  J["advice"] = Advice;
  J["mix"] = F.Mix ? mixJson(*F.Mix) : ordered_json(nullptr);
  ordered_json Components = ordered_json::object();
  for (const ComponentTime &C : F.Components.Times)
    Components[std::string(componentKey(C.Which)) + "_ms"] = C.Ms;
  J["components"] = Components;
  ordered_json Targets = ordered_json::array();
  for (const TargetFinding &T : F.Targets)
    Targets.push_back(targetJson(F, T));
  J["targets"] = Targets;
  return J;
}

} // namespace headroom
