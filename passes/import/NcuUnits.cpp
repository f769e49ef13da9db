//===- NcuUnits.cpp - Nsight Compute's numbers and units ------------------===//

#include "import/NcuUnits.h"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <utility>

namespace headroom::ncu {

namespace {

bool isDigit(char C) { return C >= '0' && C <= '9'; }

/// Nsight's time units and their length in nanoseconds.
constexpr std::array<std::pair<std::string_view, double>, 8> TimeUnits = {{
    {"ns", 1},
    {"nsecond", 1},
    {"us", 1e3},
    {"usecond", 1e3},
    {"ms", 1e6},
    {"msecond", 1e6},
    {"s", 1e9},
    {"second", 1e9},
}};

/// One unit without a slash.
BaseUnit simpleUnit(std::string_view Unit) {
  for (const auto &[Name, Ns] : TimeUnits)
    if (Unit == Name)
      return {Ns, "ns"};
  if (Unit.size() > 1) {
    int Power = 0;
    switch (Unit[0]) {
    case 'K':
    case 'k':
      Power = 1;
      break;
    case 'M':
      Power = 2;
      break;
    case 'G':
      Power = 3;
      break;
    case 'T':
      Power = 4;
      break;
    default:
      break;
    }
    // A binary prefix only before "byte": "Kinst" is kilo-instructions.
    if (Power > 0 && Unit.substr(1) == "ibyte")
      return {std::pow(1024.0, Power), "byte"};
    if (Power > 0 && std::islower(static_cast<unsigned char>(Unit[1])))
      return {std::pow(1000.0, Power), std::string(Unit.substr(1))};
  }
  return {1, std::string(Unit)};
}

} // namespace

std::optional<double> parseNcuNumber(std::string_view Text) {
  std::size_t At = 0;
  std::string Plain;
  if (At < Text.size() && (Text[At] == '-' || Text[At] == '+'))
    Plain += Text[At++];
  std::size_t Digits = 0, Group = 0;
  bool Grouped = false;
  for (; At < Text.size(); ++At) {
    char C = Text[At];
    if (isDigit(C)) {
      Plain += C;
      ++Digits;
      ++Group;
      continue;
    }
    if (C != ',')
      break;
    // A separator follows one to three digits, then groups of exactly three.
    if (Group == 0 || Group > 3 || (Grouped && Group != 3))
      return std::nullopt;
    Grouped = true;
    Group = 0;
  }
  if (Digits == 0 || (Grouped && Group != 3))
    return std::nullopt;
  if (At < Text.size() && Text[At] == '.') {
    Plain += Text[At++];
    std::size_t Fraction = 0;
    for (; At < Text.size() && isDigit(Text[At]); ++At, ++Fraction)
      Plain += Text[At];
    if (Fraction == 0)
      return std::nullopt;
  }
  if (At < Text.size() && (Text[At] == 'e' || Text[At] == 'E')) {
    Plain += Text[At++];
    if (At < Text.size() && (Text[At] == '-' || Text[At] == '+'))
      Plain += Text[At++];
    std::size_t Exponent = 0;
    for (; At < Text.size() && isDigit(Text[At]); ++At, ++Exponent)
      Plain += Text[At];
    if (Exponent == 0)
      return std::nullopt;
  }
  if (At != Text.size())
    return std::nullopt;
  double Value = 0;
  const char *Begin = Plain.data() + (Plain[0] == '+' ? 1 : 0);
  auto [End, Ec] = std::from_chars(Begin, Plain.data() + Plain.size(), Value);
  if (Ec != std::errc() || End != Plain.data() + Plain.size() ||
      !std::isfinite(Value))
    return std::nullopt;
  return Value;
}

BaseUnit baseUnit(std::string_view Unit) {
  std::size_t Slash = Unit.find('/');
  if (Slash == std::string_view::npos)
    return simpleUnit(Unit);
  BaseUnit Over = simpleUnit(Unit.substr(0, Slash));
  BaseUnit Under = baseUnit(Unit.substr(Slash + 1));
  return {Over.Factor / Under.Factor, Over.Base + "/" + Under.Base};
}

} // namespace headroom::ncu
