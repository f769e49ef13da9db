//===- SpecDerivation.cpp - Device files from published specs -------------===//

#include "devices/SpecDerivation.h"

#include "devices/DeviceRegistry.h"
#include "support/Format.h"

#include <cmath>
#include <cstdlib>
#include <tuple>

namespace headroom {

namespace {

/// A quantity whose peak is a per-SM rate times SMs times the clock.
struct RateQuantity {
  const char *Key, *RateKey, *Unit, *Per;
  double OpsPerResult;
};

const RateQuantity RateQuantities[] = {
    {"fp32_fma", "fp32_fma", "GFLOP/s", "FMA", 2},
    {"fp64_fma", "fp64_fma", "GFLOP/s", "FMA", 2},
    {"int32_mad", "int32_mad", "GIOP/s", "MAD", 2},
    {"int32_add", "int32_add", "GIOP/s", "add", 1},
    {"int32_lop3", "int32_lop3", "GIOP/s", "LOP3", 1},
    {"sfu_rsqrt", "sfu_rsqrt", "GOP/s", "SFU result", 1},
    {"shared_ldst32", "shared_ldst32", "GOP/s", "32-bit shared access", 1},
    {"l1_read", "l1_bytes", "GB/s", "L1 byte", 1},
};

std::string number(double V) { return formatGeneral(V); }

std::string sourced(const std::string &Value, const SourcedValue &S) {
  return Value + " (" + S.Source + ")";
}

double computeCapability(const std::string &CC) {
  return CC.empty() ? 1e9 : std::strtod(CC.c_str(), nullptr);
}

/// Where the reference's measured value of a quantity comes from.
struct ReferenceValue {
  double Value = 0;
  std::string What;
};

/// The reference's measurement \p Name in \p Unit, if calibrated.
std::optional<ReferenceValue> measured(const DeviceParameters &D,
                                       const std::string &Name,
                                       const std::string &Unit) {
  for (const Measurement &M : D.Measurements)
    if (M.Name == Name && M.Unit == Unit && M.Value > 0)
      return ReferenceValue{M.Value, "measurement '" + Name + "'"};
  return std::nullopt;
}

std::string describeReference(const DeviceParameters &D) {
  std::string S = D.Name + " (" + D.Origin.Source;
  if (!D.Origin.Date.empty())
    S += " " + D.Origin.Date;
  return S + ")";
}

} // namespace

std::string specProvenance(const std::string &Reference) {
  return "spec, factors of " + Reference;
}

bool isSpecDerived(const DeviceParameters &D) {
  return D.Origin.Source == "spec" || D.Origin.Source.rfind("spec,", 0) == 0;
}

Expected<std::map<std::string, TheoreticalPeak>>
theoreticalPeaks(const GpuSpec &G, const ArchitectureSpec &Arch) {
  std::map<std::string, TheoreticalPeak> Out;
  const SourcedValue *Fp32 = Arch.rate("fp32_fma");
  if (!Fp32)
    return Error("architecture '" + Arch.Id + "' has no fp32_fma rate");
  double Sms = G.SmCount.Value;
  std::string Unit = G.Vendor == "AMD" ? "CUs" : "SMs";
  std::string PerSm = G.Vendor == "AMD" ? "per CU" : "per SM";

  // The clock: published, or what the published FP32 peak implies.
  double ClockMhz = 0;
  std::string ClockHow;
  double Fp32PerClock = Fp32->Value * 2 * Sms;
  if (G.BoostClockMhz) {
    ClockMhz = G.BoostClockMhz->Value;
    ClockHow = sourced(number(ClockMhz) + " MHz", *G.BoostClockMhz);
    if (G.Fp32Tflops) {
      double Theoretical = Fp32PerClock * ClockMhz / 1e6;
      double Off = std::fabs(Theoretical / G.Fp32Tflops->Value - 1);
      if (Off > 0.02)
        return Error("specs.fp32_tflops: " + number(G.Fp32Tflops->Value) +
                     " TFLOPS disagrees with " + number(Theoretical) +
                     " TFLOPS from " + number(Sms) + " " + Unit + " x " +
                     number(Fp32->Value) + " FMA x 2 x " + number(ClockMhz) +
                     " MHz by more than 2% (fix the SM count, the clock or "
                     "the architecture's rate)");
    }
  } else {
    ClockMhz = G.Fp32Tflops->Value * 1e6 / Fp32PerClock;
    ClockHow =
        number(ClockMhz) + " MHz (no published clock: " +
        sourced(number(G.Fp32Tflops->Value) + " TFLOPS FP32", *G.Fp32Tflops) +
        " / (" + number(Sms) + " " + Unit + " x " + number(Fp32->Value) +
        " FMA x 2))";
  }
  std::string SmHow = sourced(number(Sms) + " " + Unit, G.SmCount);

  for (const RateQuantity &Q : RateQuantities) {
    const SourcedValue *R = Arch.rate(Q.RateKey);
    if (!R)
      continue;
    TheoreticalPeak P;
    P.Value = R->Value * Q.OpsPerResult * Sms * ClockMhz / 1000;
    P.Unit = Q.Unit;
    P.How = number(R->Value) + " " + Q.Per + " per clock " + PerSm + " (" +
            R->Source + ")" +
            (Q.OpsPerResult != 1 ? " x " + number(Q.OpsPerResult) : "") +
            " x " + SmHow + " x " + ClockHow;
    Out.emplace(Q.Key, std::move(P));
  }
  Out.emplace("dram", TheoreticalPeak{
                          G.MemoryBandwidthGBs.Value, "GB/s",
                          sourced(number(G.MemoryBandwidthGBs.Value) + " GB/s",
                                  G.MemoryBandwidthGBs)});
  Out.emplace("sm_clock", TheoreticalPeak{ClockMhz, "MHz", ClockHow});
  Out.emplace("sm_clocks",
              TheoreticalPeak{Sms * ClockMhz / 1000, "G SM clocks/s",
                              SmHow + " x " + ClockHow});
  return Out;
}

const SpecReference *
closestReference(const GpuSpec &Target,
                 const std::vector<SpecReference> &Candidates) {
  const SpecReference *Best = nullptr;
  std::tuple<int, int, double, double, long> BestKey;
  double TargetCC = computeCapability(Target.ComputeCapability);
  // How far apart two DRAM bandwidths are, as a ratio either way.
  auto BandwidthApart = [&](const GpuSpec &C) {
    double A = C.MemoryBandwidthGBs.Value, B = Target.MemoryBandwidthGBs.Value;
    return A > 0 && B > 0 ? std::fabs(std::log(A / B)) : 0.0;
  };
  for (const SpecReference &C : Candidates) {
    if (!C.Device || !C.Spec || C.Spec->Vendor != Target.Vendor ||
        normalizeDeviceName(C.Spec->Name) == normalizeDeviceName(Target.Name))
      continue;
    std::tuple<int, int, double, double, long> Key{
        C.Spec->Rates == Target.Rates ? 0 : 1,
        C.Spec->Architecture == Target.Architecture ? 0 : 1,
        std::fabs(computeCapability(C.Spec->ComputeCapability) - TargetCC),
        BandwidthApart(*C.Spec),
        -static_cast<long>(C.Device->Measurements.size())};
    if (!Best || Key < BestKey) {
      Best = &C;
      BestKey = Key;
    }
  }
  return Best;
}

Expected<DeviceParameters> deriveDevice(const GpuSpec &Target,
                                        const SpecDatabase &Specs,
                                        const SpecReference &Reference) {
  const DeviceParameters &Ref = *Reference.Device;
  const ArchitectureSpec *Arch = Specs.architecture(Target.Rates);
  const ArchitectureSpec *RefArch = Specs.architecture(Reference.Spec->Rates);
  if (!Arch || !RefArch)
    return Error("unknown rate table '" +
                 (Arch ? Reference.Spec->Rates : Target.Rates) + "'");
  auto Peaks = theoreticalPeaks(Target, *Arch);
  if (!Peaks)
    return Peaks.error().context(Target.Path.empty() ? Target.Name
                                                     : Target.Path);
  auto RefPeaks = theoreticalPeaks(*Reference.Spec, *RefArch);
  if (!RefPeaks)
    return RefPeaks.error().context(Reference.Spec->Path.empty()
                                        ? Reference.Spec->Name
                                        : Reference.Spec->Path);

  DeviceParameters D;
  D.Name = Target.Name;
  D.Aliases = Target.Aliases;
  D.Vendor = Target.Vendor;
  D.Architecture = Target.Architecture;
  D.ComputeCapability = Target.ComputeCapability;
  D.Identity.ProductName = Target.ProductName;
  D.Identity.SmCount = static_cast<std::int64_t>(Target.SmCount.Value);
  if (Target.Vendor == "NVIDIA")
    D.Identity.SpCount = static_cast<std::int64_t>(
        Target.SmCount.Value * Arch->rate("fp32_fma")->Value);
  D.Identity.SmClockMhz = Peaks->at("sm_clock").Value;
  if (Target.MemoryClockMhz)
    D.Identity.MemoryClockMhz = Target.MemoryClockMhz->Value;
  if (Target.MemoryBusWidthBits)
    D.Identity.MemoryBusWidthBits =
        static_cast<std::int64_t>(Target.MemoryBusWidthBits->Value);
  if (Target.L2Bytes)
    D.Identity.L2Bytes = static_cast<std::int64_t>(Target.L2Bytes->Value);
  D.Origin.Source = specProvenance(Ref.Name);
  D.Origin.Tool = "headroom devices --from-spec";
  D.Origin.Command = "headroom devices --from-spec " + Target.Name +
                     " --reference " + Ref.Name;

  // Value = the target's theoretical peak x the reference's measured value
  // over its own theoretical peak; the method says all of it.
  auto Apply = [&](const std::string &Quantity, const ReferenceValue &RefValue,
                   double &Value, std::string &Method) -> Status {
    auto T = Peaks->find(Quantity);
    auto R = RefPeaks->find(Quantity);
    if (T == Peaks->end() || R == RefPeaks->end() || R->second.Value <= 0)
      return Error("no theoretical " + Quantity + " for " +
                   (T == Peaks->end() ? Target.Name : Ref.Name) +
                   " (its architecture table has no rate for it)");
    double Factor = RefValue.Value / R->second.Value;
    Value = T->second.Value * Factor;
    Method = "derived from the spec: " + T->second.How + " = " +
             number(T->second.Value) + " " + T->second.Unit +
             " theoretical; x " + formatFixed(Factor, 4) + " = " +
             RefValue.What + " " + number(RefValue.Value) + " / theoretical " +
             number(R->second.Value) + " on " + describeReference(Ref);
    return Status::success();
  };

  struct ThesisSource {
    DeviceParameter Id;
    const char *Quantity;
  };
  const ThesisSource Thesis[] = {{DeviceParameter::TSP, "fp32_fma"},
                                 {DeviceParameter::TDP, "fp64_fma"},
                                 {DeviceParameter::TInt, "int32_mad"},
                                 {DeviceParameter::TAdd, "int32_add"},
                                 {DeviceParameter::TLdSt, "shared_ldst32"},
                                 {DeviceParameter::BMem, "dram"}};
  for (const ThesisSource &S : Thesis) {
    const DeviceParameterInfo &Info = deviceParameterInfo(S.Id);
    ReferenceValue RV{Ref.value(S.Id), "parameter " + std::string(Info.Key)};
    double Value = 0;
    std::string Method;
    if (Status St = Apply(S.Quantity, RV, Value, Method); !St)
      return St.error();
    D.setValue(S.Id, Value);
    D.Details[std::string(Info.Key)] = ParameterDetail{std::nullopt, Method};
  }

  // The calibrated measurements the Hopper model reads, where the reference
  // has them.
  struct MeasurementSource {
    const char *Name, *Unit, *Quantity;
    bool SameArchitectureOnly;
  };
  const MeasurementSource Sources[] = {
      {"fp32_fma", "GFLOP/s", "fp32_fma", false},
      {"fp64_fma", "GFLOP/s", "fp64_fma", false},
      {"int32_mad", "GIOP/s", "int32_mad", false},
      {"int32_add", "GIOP/s", "int32_add", false},
      {"int32_lop3", "GIOP/s", "int32_lop3", false},
      {"sfu_rsqrt", "GOP/s", "sfu_rsqrt", false},
      {"shared_ldst32", "GOP/s", "shared_ldst32", false},
      {"l1_read", "GB/s", "l1_read", false},
      {"dram_read", "GB/s", "dram", false},
      {"dram_write", "GB/s", "dram", false},
      {"dram_copy", "GB/s", "dram", false},
      {"sm_clock_under_load", "MHz", "sm_clock", false},
      // No published peak: carried over per SM per clock, which holds only
      // within one architecture.
      {"l2_read", "GB/s", "sm_clocks", true},
      {"l2_requests", "G requests/s", "sm_clocks", true},
      {"l2_write_requests_counted", "G requests/s", "sm_clocks", true},
      {"l2_write_requests_full_counted", "G requests/s", "sm_clocks", true},
  };
  for (const MeasurementSource &S : Sources) {
    std::optional<ReferenceValue> RV = measured(Ref, S.Name, S.Unit);
    if (!RV || !Peaks->count(S.Quantity))
      continue;
    if (S.SameArchitectureOnly && Reference.Spec->Rates != Target.Rates)
      continue;
    Measurement M;
    M.Name = S.Name;
    M.Unit = S.Unit;
    if (Status St = Apply(S.Quantity, *RV, M.Value, M.Method); !St)
      return St.error();
    if (S.SameArchitectureOnly)
      M.Method = "no published peak: " + std::string(S.Name) +
                 " per SM per clock of the same architecture; " + M.Method;
    else
      M.Theoretical = Peaks->at(S.Quantity).Value;
    D.Measurements.push_back(std::move(M));
  }
  return D;
}

std::vector<SpecCheckRow>
compareParameters(const DeviceParameters &Derived,
                  const DeviceParameters &Calibrated) {
  std::vector<SpecCheckRow> Rows;
  for (const DeviceParameterInfo &Info : deviceParameterInfos())
    Rows.push_back({std::string(Info.Key), std::string(Info.Unit),
                    Derived.value(Info.Id), Calibrated.value(Info.Id)});
  return Rows;
}

} // namespace headroom
