//===- Results.cpp - Calibration results and the thesis parameters --------===//

#include "Results.h"

#include "PeakTables.h"
#include "Statistics.h"

#include "devices/DeviceFile.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

namespace headroom::microbench {

std::optional<double> percentOfTheoretical(const Measurement &M) {
  if (!M.Theoretical || !(*M.Theoretical > 0))
    return std::nullopt;
  return M.Value / *M.Theoretical * 100.0;
}

const Measurement *CalibrationResult::find(const std::string &Key) const {
  for (const Measurement &M : Measurements)
    if (M.Name == Key)
      return &M;
  return nullptr;
}

namespace {

/// Finds a measurement that can feed a thesis parameter: present, positive,
/// finite and in the expected unit.
Expected<const Measurement *>
requireMeasurement(const std::vector<Measurement> &Ms, const std::string &Name,
                   std::string_view Unit, std::string_view Symbol) {
  auto It = std::find_if(Ms.begin(), Ms.end(),
                         [&](const Measurement &M) { return M.Name == Name; });
  std::string Sym(Symbol);
  if (It == Ms.end())
    return Error(Sym + " needs the measurement '" + Name +
                 "', which is missing");
  if (!std::isfinite(It->Value) || !(It->Value > 0))
    return Error(Sym + " needs a positive '" + Name + "', got " +
                 std::to_string(It->Value));
  if (It->Unit != Unit)
    return Error(Sym + " needs '" + Name + "' in " + std::string(Unit) +
                 ", got " + It->Unit);
  return &*It;
}

/// Rounds to 6 significant digits, so files stay readable.
double round6(double V) {
  if (V == 0 || !std::isfinite(V))
    return V;
  int Digits = 5 - static_cast<int>(std::floor(std::log10(std::fabs(V))));
  double Scale = std::pow(10.0, Digits);
  return std::round(V * Scale) / Scale;
}

double round2(double V) { return std::round(V * 100.0) / 100.0; }

} // namespace

Expected<std::vector<ThesisParameter>>
deriveThesisParameters(const std::vector<Measurement> &Ms) {
  using headroom::DeviceParameter;
  struct Direct {
    DeviceParameter Id;
    const char *Measurement, *Definition;
  };
  static const Direct Directs[] = {
      {DeviceParameter::TSP, "fp32_fma", "fp32 FMA throughput, FMA = 2 FLOP"},
      {DeviceParameter::TDP, "fp64_fma", "fp64 FMA throughput, FMA = 2 FLOP"},
      {DeviceParameter::TInt, "int32_mad",
       "32-bit integer multiply-add throughput, MAD = 2 ops"},
      {DeviceParameter::TAdd, "int32_add", "32-bit integer add throughput"},
      {DeviceParameter::TLdSt, "shared_ldst32",
       "32-bit shared-memory load/store thread instructions per second"},
  };
  std::vector<ThesisParameter> Out;
  for (const Direct &D : Directs) {
    const DeviceParameterInfo &Info = deviceParameterInfo(D.Id);
    auto M = requireMeasurement(Ms, D.Measurement, Info.Unit, Info.Key);
    if (!M)
      return M.error();
    const Measurement &Src = **M;
    Out.push_back({D.Id, Src.Value, Src.SpreadPct.value_or(0),
                   std::string(D.Definition) + ": measurement '" +
                       D.Measurement + "' (" + Src.Method + ")"});
  }
  double Sum = 0, Spread = 0;
  std::string Parts;
  for (const char *Name : {"dram_read", "dram_write", "dram_copy"}) {
    auto M = requireMeasurement(Ms, Name, "GB/s", "B_mem");
    if (!M)
      return M.error();
    Sum += (*M)->Value;
    Spread = std::max(Spread, (*M)->SpreadPct.value_or(0));
    char Buf[64];
    std::snprintf(Buf, sizeof(Buf), "%s%s %.1f", Parts.empty() ? "" : ", ",
                  Name, (*M)->Value);
    Parts += Buf;
  }
  Out.push_back(
      {DeviceParameter::BMem, Sum / 3.0, Spread,
       "mean of DRAM read, write and copy bandwidth (thesis 4.2.3): " + Parts +
           " GB/s; spread is the largest of the three"});
  return Out;
}

Expected<headroom::DeviceParameters>
toDeviceParameters(const CalibrationResult &R) {
  auto Params = deriveThesisParameters(R.Measurements);
  if (!Params)
    return Params.error();
  headroom::DeviceParameters D;
  D.Name = R.Name;
  D.Aliases = R.Aliases;
  D.Vendor = "NVIDIA";
  const GpuFacts &F = R.Facts;
  D.Architecture = architectureName(F.CcMajor, F.CcMinor);
  D.ComputeCapability =
      std::to_string(F.CcMajor) + "." + std::to_string(F.CcMinor);

  headroom::DeviceIdentity &I = D.Identity;
  I.ProductName = F.ProductName;
  if (F.SmCount > 0)
    I.SmCount = F.SmCount;
  if (const ArchitectureRates *Rates = findRates(F.CcMajor, F.CcMinor);
      Rates && F.SmCount > 0)
    I.SpCount = static_cast<std::int64_t>(Rates->Fp32) * F.SmCount;
  if (F.SmClockMHz > 0)
    I.SmClockMhz = std::round(F.SmClockMHz);
  if (F.MemoryClockMHz > 0)
    I.MemoryClockMhz = std::round(F.MemoryClockMHz);
  if (F.MemoryBusWidthBits > 0)
    I.MemoryBusWidthBits = F.MemoryBusWidthBits;
  if (F.L2Bytes > 0)
    I.L2Bytes = F.L2Bytes;
  I.Ecc = F.Ecc;
  I.DriverVersion = F.DriverVersion;
  I.CudaVersion = F.CudaVersion;
  D.Origin = R.Origin;

  for (const ThesisParameter &T : *Params) {
    D.setValue(T.Id, round6(T.Value));
    D.Details[std::string(deviceParameterInfo(T.Id).Key)] = {
        round2(T.SpreadPct), T.Method};
  }
  for (Measurement M : R.Measurements) {
    M.Value = round6(M.Value);
    if (M.SpreadPct)
      M.SpreadPct = round2(*M.SpreadPct);
    if (M.Theoretical)
      M.Theoretical = round6(*M.Theoretical);
    for (auto &[X, Y] : M.Points) {
      X = round6(X);
      Y = round6(Y);
    }
    D.Measurements.push_back(std::move(M));
  }
  return D;
}

Status writeCalibrationFile(const std::string &Path,
                            const CalibrationResult &R) {
  auto D = toDeviceParameters(R);
  if (!D)
    return D.error().context(Path);
  std::error_code EC;
  std::filesystem::path Dir = std::filesystem::path(Path).parent_path();
  if (!Dir.empty())
    std::filesystem::create_directories(Dir, EC);
  if (EC)
    return Error(Dir.string() + ": cannot create directory: " + EC.message());
  return headroom::writeDeviceFile(Path, *D);
}

std::string defaultDeviceName(const std::string &ProductName) {
  std::string Slug;
  bool PendingDash = false;
  for (char C : ProductName) {
    auto U = static_cast<unsigned char>(C);
    if (std::isalnum(U)) {
      if (PendingDash && !Slug.empty())
        Slug += '-';
      PendingDash = false;
      Slug += static_cast<char>(std::tolower(U));
    } else {
      PendingDash = true;
    }
  }
  const std::string Vendor = "nvidia-";
  if (Slug.compare(0, Vendor.size(), Vendor) == 0)
    Slug.erase(0, Vendor.size());
  return Slug.empty() || Slug == "nvidia" ? "gpu" : Slug;
}

std::string formatResultTable(const CalibrationResult &R) {
  std::ostringstream OS;
  char Line[256];
  std::snprintf(Line, sizeof(Line), "%-22s %12s %12s %-9s %7s %8s\n",
                "measurement", "measured", "theoretical", "unit", "%peak",
                "spread");
  OS << Line << std::string(75, '-') << "\n";
  for (const Measurement &M : R.Measurements) {
    char Theo[32] = "-", Pct[32] = "-", Spread[32] = "-";
    if (M.Theoretical)
      std::snprintf(Theo, sizeof(Theo), "%.1f", *M.Theoretical);
    if (auto P = percentOfTheoretical(M))
      std::snprintf(Pct, sizeof(Pct), "%.1f%%", *P);
    if (M.SpreadPct)
      std::snprintf(Spread, sizeof(Spread), "%.2f%%%s", *M.SpreadPct,
                    *M.SpreadPct > SpreadFlagPct ? "!" : "");
    std::snprintf(Line, sizeof(Line), "%-22s %12.1f %12s %-9s %7s %8s\n",
                  M.Name.c_str(), M.Value, Theo, M.Unit.c_str(), Pct, Spread);
    OS << Line;
  }
  auto Params = deriveThesisParameters(R.Measurements);
  if (Params) {
    OS << "\nthesis parameters (table 4.3):\n";
    for (const ThesisParameter &T : *Params) {
      const DeviceParameterInfo &Info = deviceParameterInfo(T.Id);
      std::snprintf(Line, sizeof(Line), "  %-7s %12.1f %-8s spread %.2f%%\n",
                    std::string(Info.Key).c_str(), T.Value,
                    std::string(Info.Unit).c_str(), T.SpreadPct);
      OS << Line;
    }
  } else {
    OS << "\nthesis parameters incomplete: " << Params.error().message()
       << "\n";
  }
  OS << "('!' marks a spread above " << SpreadFlagPct
     << "% across repeated runs)\n";
  return OS.str();
}

} // namespace headroom::microbench
