//===- UnitRates.cpp - What each unit of a GPU does per second ------------===//

#include "model/UnitRates.h"

#include "model/Parallelism.h"

#include <algorithm>
#include <utility>

namespace headroom {

const Measurement *findMeasurement(const DeviceParameters &D,
                                   std::string_view Name,
                                   std::string_view MeasuredIn) {
  for (const Measurement &M : D.Measurements)
    if (M.Name == Name && M.Unit == MeasuredIn && M.Value > 0)
      return &M;
  return nullptr;
}

unsigned maxWarpsPerSm(std::string_view Cc) {
  // CUDA C++ Programming Guide, "Technical Specifications per Compute
  // Capability": maximum number of resident warps per SM.
  const std::pair<std::string_view, unsigned> Known[] = {
      {"7.0", 64},  {"7.2", 64},  {"7.5", 32}, {"8.0", 64},
      {"8.6", 48},  {"8.7", 48},  {"8.9", 48}, {"9.0", 64},
      {"10.0", 64}, {"10.3", 64}, {"12.0", 48}};
  for (auto [Name, Warps] : Known)
    if (Name == Cc)
      return Warps;
  return 0;
}

double UnitRates::dramBandwidth(double ReadBytes, double WriteBytes) const {
  double Total = ReadBytes + WriteBytes;
  if (Total <= 0)
    return DramCopy;
  double Read = ReadBytes / Total;
  if (Read <= 0.5)
    return DramWrite + (DramCopy - DramWrite) * Read / 0.5;
  return DramCopy + (DramRead - DramCopy) * (Read - 0.5) / 0.5;
}

Expected<UnitRates> unitRates(const DeviceParameters &D) {
  auto Missing = [&](std::string_view What) {
    return Error("device '" + D.Name + "' has no " + std::string(What) +
                 ", which the Hopper model needs (calibrate it with "
                 "`headroom calibrate`)");
  };
  UnitRates R;
  if (!D.Identity.SmCount || *D.Identity.SmCount <= 0)
    return Missing("identity.sm_count");
  R.Sms = static_cast<unsigned>(*D.Identity.SmCount);
  R.L2Capacity = static_cast<double>(D.Identity.L2Bytes.value_or(0));
  if (const Measurement *Clock =
          findMeasurement(D, "sm_clock_under_load", "MHz"))
    R.ClockHz = Clock->Value * 1e6;
  else
    return Missing("measurement 'sm_clock_under_load' (MHz)");

  struct Source {
    Unit Id;
    std::string_view Name, MeasuredIn;
    /// Work of the unit per measured operation: FMA measurements count 2
    /// operations per thread instruction, and 32 threads make a warp
    /// instruction; bandwidths and request rates are per byte / request.
    double PerOperation;
    bool Required;
  };
  const Source Sources[] = {
      {Unit::FmaPipe, "fp32_fma", "GFLOP/s", 1 / (2 * WarpSize), true},
      {Unit::FmaHeavyPipe, "int32_mad", "GIOP/s", 1 / (2 * WarpSize), true},
      {Unit::AluPipe, "int32_lop3", "GIOP/s", 1 / WarpSize, true},
      {Unit::Fp64Pipe, "fp64_fma", "GFLOP/s", 1 / (2 * WarpSize), true},
      {Unit::XuPipe, "sfu_rsqrt", "GOP/s", 1 / WarpSize, true},
      {Unit::LsuPipe, "shared_ldst32", "GOP/s", 1 / WarpSize, true},
      // A conflict-free 32-bit shared access of a warp is one wavefront.
      {Unit::L1Wavefronts, "shared_ldst32", "GOP/s", 1 / WarpSize, true},
      {Unit::L1Bytes, "l1_read", "GB/s", 1, false},
      {Unit::L2Bytes, "l2_read", "GB/s", 1, false},
      {Unit::L2Requests, "l2_requests", "G requests/s", 1, false},
  };
  for (const Source &S : Sources) {
    const Measurement *M = findMeasurement(D, S.Name, S.MeasuredIn);
    if (!M) {
      if (S.Required)
        return Missing("measurement '" + std::string(S.Name) + "' (" +
                       std::string(S.MeasuredIn) + ")");
      continue;
    }
    R.PerSecond[static_cast<std::size_t>(S.Id)] =
        M->Value * 1e9 * S.PerOperation;
  }

  // Hardware peaks (what Nsight Compute's Speed of Light counts against),
  // where the device file has them.
  const std::pair<Unit, std::string_view> Peaks[] = {{Unit::L2Bytes, "l2_peak"},
                                                     {Unit::Dram, "dram_peak"}};
  for (auto [Id, Name] : Peaks)
    if (const Measurement *Peak = findMeasurement(D, Name, "GB/s"))
      R.HardwarePeak[static_cast<std::size_t>(Id)] = Peak->Value * 1e9;

  double SmClocks = R.Sms * R.ClockHz;
  R.PerSecond[static_cast<std::size_t>(Unit::Issue)] =
      SchedulersPerSm * SmClocks;
  R.PerSecond[static_cast<std::size_t>(Unit::TensorPipe)] =
      SchedulersPerSm * SmClocks;
  R.PerSecond[static_cast<std::size_t>(Unit::AduPipe)] = 0.5 * SmClocks;
  // One request cycle per SM cycle: the counter counts busy cycles.
  R.PerSecond[static_cast<std::size_t>(Unit::ConstantCache)] = SmClocks;

  // One atomic input cycle per L2 clock at one slice; how busy the atomic
  // units were counts against all slices, as Speed of Light does.
  if (const Measurement *L2Clock =
          findMeasurement(D, "l2_clock_under_load", "MHz")) {
    std::size_t Atomics = static_cast<std::size_t>(Unit::L2Atomics);
    double PerSlice = L2Clock->Value * 1e6;
    R.PerSecond[Atomics] = PerSlice;
    if (const Measurement *Slices = findMeasurement(D, "l2_slices", "slices"))
      R.HardwarePeak[Atomics] = PerSlice * Slices->Value;
  }

  // A warp's integer adds to one address reach the slice as one input;
  // its fp32 adds one input each.
  if (const Measurement *M =
          findMeasurement(D, "atomic_same_address_red_u32", "M atomics/s"))
    R.AtomicSameAddressInputs = M->Value * 1e6 / WarpSize;
  if (const Measurement *M =
          findMeasurement(D, "atomic_same_address_red_f32", "M atomics/s"))
    R.AtomicSameAddressFloatInputs = M->Value * 1e6;

  for (auto [Rate, Name] :
       {std::pair{&R.L2WriteRequests, "l2_write_requests_full_counted"},
        std::pair{&R.L2PartialWriteRequests, "l2_write_requests_counted"}})
    if (const Measurement *M = findMeasurement(D, Name, "G requests/s"))
      *Rate = M->Value * 1e9;

  const Measurement *Read = findMeasurement(D, "dram_read", "GB/s");
  const Measurement *Write = findMeasurement(D, "dram_write", "GB/s");
  const Measurement *Copy = findMeasurement(D, "dram_copy", "GB/s");
  if (!Read || !Write || !Copy)
    return Missing("measurements 'dram_read', 'dram_write' and 'dram_copy' "
                   "(GB/s)");
  R.DramRead = Read->Value * 1e9;
  R.DramWrite = Write->Value * 1e9;
  R.DramCopy = Copy->Value * 1e9;
  R.PerSecond[static_cast<std::size_t>(Unit::Dram)] = R.DramCopy;

  const Measurement *L1 = findMeasurement(D, "load_latency_l1", "ns");
  const Measurement *L2 = findMeasurement(D, "load_latency_l2", "ns");
  const Measurement *Far = findMeasurement(D, "load_latency_dram", "ns");
  if (L1 && L2 && Far) {
    R.LoadToUse = LoadLatencies{
        L1->Value * 1e-9, L2->Value * 1e-9, Far->Value * 1e-9, {}};
    if (const Measurement *Rounds =
            findMeasurement(D, "load_latency_dram_rounds", "ns"))
      for (auto [Loads, Ns] : Rounds->Points)
        if (Loads > 0 && Ns > 0 &&
            (R.LoadToUse->DramRounds.empty() ||
             Loads > R.LoadToUse->DramRounds.back().first))
          R.LoadToUse->DramRounds.push_back({Loads, Ns * 1e-9});
  }

  if (const Measurement *Launch =
          findMeasurement(D, "launch_gpu_interval", "us"))
    R.LaunchIntervalSeconds = Launch->Value * 1e-6;

  R.MaxWarpsPerSm = maxWarpsPerSm(D.ComputeCapability);
  if (const Measurement *Curve =
          findMeasurement(D, "dram_read_vs_warps", "warps/SM");
      Curve && R.MaxWarpsPerSm)
    R.DramLatency = dramLatencyCurve(*Curve, R.Sms);
  return R;
}

} // namespace headroom
