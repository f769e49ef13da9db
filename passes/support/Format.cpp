//===- Format.cpp - Number formatting for Headroom's outputs --------------===//

#include "support/Format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace headroom {

static std::string nonFinite(double Value) {
  if (std::isnan(Value))
    return "nan";
  return Value > 0 ? "inf" : "-inf";
}

std::string formatFixed(double Value, int Decimals) {
  if (!std::isfinite(Value))
    return nonFinite(Value);
  char Buffer[64];
  std::snprintf(Buffer, sizeof(Buffer), "%.*f", Decimals, Value);
  std::string Text = Buffer;
  // Never print "-0.00".
  if (Text[0] == '-' && Text.find_first_not_of("-0.") == std::string::npos)
    Text.erase(0, 1);
  return Text;
}

std::string formatPercentFixed(double Fraction, int Decimals) {
  return formatFixed(Fraction * 100, Decimals) + "%";
}

std::string formatGrouped(double Value, int Decimals) {
  std::string Text = formatFixed(Value, Decimals);
  if (!std::isfinite(Value))
    return Text;
  std::size_t Start = Text[0] == '-' ? 1 : 0;
  std::size_t End = Text.find('.');
  if (End == std::string::npos)
    End = Text.size();
  for (std::size_t I = End; I > Start + 3; I -= 3)
    Text.insert(I - 3, ",");
  return Text;
}

std::string formatMs(double Ms) {
  if (!std::isfinite(Ms) || Ms == 0 || std::fabs(Ms) >= 1)
    return formatFixed(Ms, 3);
  int Decimals = 2 - static_cast<int>(std::floor(std::log10(std::fabs(Ms))));
  return formatFixed(Ms, std::max(3, Decimals));
}

std::string formatGeneral(double Value) {
  if (!std::isfinite(Value))
    return nonFinite(Value);
  char Buffer[64];
  std::snprintf(Buffer, sizeof(Buffer), "%.12g", Value);
  return Buffer;
}

} // namespace headroom
