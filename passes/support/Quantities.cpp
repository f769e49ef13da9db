//===- Quantities.cpp - Readable numbers with units -----------------------===//

#include "support/Quantities.h"

#include "support/Format.h"

#include <cmath>
#include <cstdio>

namespace headroom {

std::string formatSignificant(double Value, int Digits) {
  if (!std::isfinite(Value))
    return formatFixed(Value, 0);
  if (Value == 0)
    return "0";
  int Magnitude = int(std::floor(std::log10(std::fabs(Value))));
  int Decimals = std::max(0, Digits - 1 - Magnitude);
  std::string S = formatFixed(Value, Decimals);
  // Rounding up may add a digit ("9.995" -> "10.00"): drop the extra one.
  if (Decimals > 0 && std::fabs(std::stod(S)) >= std::pow(10, Magnitude + 1))
    S = formatFixed(Value, Decimals - 1);
  return S;
}

std::string formatTime(double Ms) {
  double Abs = std::fabs(Ms);
  if (Abs >= 1000)
    return formatSignificant(Ms / 1000, 4) + " s";
  if (Abs >= 1 || Abs == 0)
    return formatSignificant(Ms, 4) + " ms";
  if (Abs >= 1e-3)
    return formatSignificant(Ms * 1e3, 4) + " us";
  return formatSignificant(Ms * 1e6, 4) + " ns";
}

std::string formatDuration(double Ns) { return formatTime(Ns / 1e6); }

std::string formatPercent(double Fraction, int Significant) {
  double Pct = 100 * Fraction;
  if (Significant > 0 && Pct != 0)
    return formatSignificant(Pct, Significant) + "%";
  if (Pct == 0 || std::fabs(Pct) >= 1)
    return formatFixed(Pct, 0) + "%";
  return formatSignificant(Pct, 2) + "%";
}

std::string formatTimes(double Ratio) {
  return formatFixed(Ratio, Ratio >= 100 ? 0 : (Ratio >= 2 ? 1 : 2)) + "x";
}

std::string formatBytes(double Bytes) {
  if (Bytes >= 1e9)
    return formatSignificant(Bytes / 1e9, 3) + " GB";
  if (Bytes >= 1e6)
    return formatSignificant(Bytes / 1e6, 3) + " MB";
  if (Bytes >= 1e3)
    return formatSignificant(Bytes / 1e3, 3) + " KB";
  return formatFixed(Bytes, 0) + " bytes";
}

std::string formatRate(double Gops, const char *Unit) {
  if (Gops >= 1000)
    return formatFixed(Gops / 1000, Gops >= 10000 ? 1 : 2) + " T" + Unit + "/s";
  return formatFixed(Gops, Gops >= 100 ? 0 : 1) + " G" + Unit + "/s";
}

std::string formatBandwidth(double GBps) {
  if (GBps >= 10000)
    return formatFixed(GBps / 1000, 1) + " TB/s";
  return formatFixed(GBps, GBps >= 100 ? 0 : 1) + " GB/s";
}

std::string formatIntensity(double O) {
  if (std::isinf(O))
    return "inf";
  return O >= 10 ? formatFixed(O, 1) : formatFixed(O, O >= 1 ? 2 : 3);
}

} // namespace headroom
