//===- Quantities.cpp - Readable numbers with units -----------------------===//

#include "support/Quantities.h"

#include "support/Format.h"

#include <cmath>

namespace headroom {

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

std::string formatDuration(double Ns) {
  if (Ns >= 1e6)
    return formatMs(Ns / 1e6) + " ms";
  return formatFixed(Ns / 1e3, Ns >= 1e4 ? 1 : 2) + " us";
}

std::string formatIntensity(double O) {
  if (std::isinf(O))
    return "inf";
  return O >= 10 ? formatFixed(O, 1) : formatFixed(O, O >= 1 ? 2 : 3);
}

std::string percent(double Fraction) {
  return formatFixed(100 * Fraction, 0) + "%";
}

std::string formatTimes(double Ratio) {
  return formatFixed(Ratio, Ratio >= 100 ? 0 : (Ratio >= 10 ? 1 : 2)) + "x";
}

} // namespace headroom
