//===- Quantities.h - Readable numbers with units ---------------*- C++ -*-===//
///
/// \file
/// How Headroom's prose (diagnostics, the editor, HTML text) writes a
/// quantity, one function per kind, so that a number reads the same in every
/// message and every view. Machine-readable views (JSON, CSV) write full
/// precision; tables use support/Format.h.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_QUANTITIES_H
#define HEADROOM_SUPPORT_QUANTITIES_H

#include <string>

namespace headroom {

/// A duration given in ms, with 4 significant digits and the unit that
/// keeps it between 1 and 1000: "45.55 ms", "296.3 us", "1.234 s", "87.00 ns".
std::string formatTime(double Ms);

/// A duration given in ns, as formatTime writes it.
std::string formatDuration(double Ns);

/// A fraction as a percentage: whole from 1% ("81%", "100%"), two
/// significant digits below ("0.52%"), "0%" for 0; with \p Significant
/// digits where a whole number would blur a threshold ("49.7%").
std::string formatPercent(double Fraction, int Significant = 0);

/// A ratio such as a headroom, with 2 decimals below 2 ("1.07x"), 1 below
/// 100 ("5.7x"), none from 100 ("250x").
std::string formatTimes(double Ratio);

/// \p Value with \p Digits significant digits and no exponent ("1.54",
/// "0.052", "198", "1234").
std::string formatSignificant(double Value, int Digits);

/// Bytes with a decimal prefix: "256 bytes", "12.5 KB", "32.8 KB", "1.2 MB".
std::string formatBytes(double Bytes);

/// A rate given in G units per second with a readable prefix: "812
/// GFLOP/s", "14.3 TFLOP/s".
std::string formatRate(double Gops, const char *Unit);

/// A bandwidth in GB/s: "3170 GB/s", "33.1 TB/s".
std::string formatBandwidth(double GBps);

/// An operational intensity: "inf", "16.2", "3.07", "0.166".
std::string formatIntensity(double O);

} // namespace headroom

#endif // HEADROOM_SUPPORT_QUANTITIES_H
