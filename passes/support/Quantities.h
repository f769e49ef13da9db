//===- Quantities.h - Readable numbers with units ---------------*- C++ -*-===//
///
/// \file
/// How the report's human-readable views (text, SARIF messages, HTML) print
/// rates, durations, intensities and shares, so that one kernel reads the
/// same everywhere. Machine-readable views (JSON, CSV) write full precision.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_QUANTITIES_H
#define HEADROOM_SUPPORT_QUANTITIES_H

#include <string>

namespace headroom {

/// A rate given in G units per second with a readable prefix: "812
/// GFLOP/s", "14.3 TFLOP/s".
std::string formatRate(double Gops, const char *Unit);

/// A bandwidth in GB/s: "3170 GB/s", "33.1 TB/s".
std::string formatBandwidth(double GBps);

/// A duration in ns as "296.2 us" below 1 ms, else "5.362 ms".
std::string formatDuration(double Ns);

/// An operational intensity: "inf", "16.2", "3.07", "0.166".
std::string formatIntensity(double O);

/// A fraction as a whole percentage: "81%".
std::string percent(double Fraction);

/// A ratio such as a headroom: "1.07x".
std::string formatTimes(double Ratio);

} // namespace headroom

#endif // HEADROOM_SUPPORT_QUANTITIES_H
