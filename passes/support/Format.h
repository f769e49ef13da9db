//===- Format.h - Number formatting for Headroom's outputs ------*- C++ -*-===//
///
/// \file
/// The number formats of the text and CSV views, chosen so that their digits
/// compare directly with those the thesis prints (2 decimals for GFLOP/s,
/// weights, costs and percentages; thousands separators for counts).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_FORMAT_H
#define HEADROOM_SUPPORT_FORMAT_H

#include <string>

namespace headroom {

/// \p Value with \p Decimals digits after the point ("57.69"); "inf" for
/// +infinity, "-inf", "nan".
std::string formatFixed(double Value, int Decimals);

/// \p Fraction as a percentage with \p Decimals digits: 0.576922 -> "57.69%".
std::string formatPercentFixed(double Fraction, int Decimals = 2);

/// \p Value rounded to \p Decimals digits, with ',' between groups of three
/// integer digits: 1006649344 -> "1,006,649,344".
std::string formatGrouped(double Value, int Decimals = 0);

/// A time in ms: 3 decimals (as thesis table 5.9 prints) from 1 ms up; below,
/// 3 significant digits (0.735, 0.0123, 0.000456).
std::string formatMs(double Ms);

/// The shortest decimal text (up to 12 significant digits), for messages.
std::string formatGeneral(double Value);

} // namespace headroom

#endif // HEADROOM_SUPPORT_FORMAT_H
