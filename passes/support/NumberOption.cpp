//===- NumberOption.cpp - Numbers given on a command line -----------------===//

#include "support/NumberOption.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace headroom {

std::optional<double> parseNumber(const std::string &Text) {
  if (Text.empty())
    return std::nullopt;
  errno = 0;
  char *End = nullptr;
  double Value = std::strtod(Text.c_str(), &End);
  if (*End != '\0' || errno != 0 || !std::isfinite(Value))
    return std::nullopt;
  return Value;
}

std::optional<long> parseInteger(const std::string &Text) {
  if (Text.empty())
    return std::nullopt;
  errno = 0;
  char *End = nullptr;
  long Value = std::strtol(Text.c_str(), &End, 10);
  if (*End != '\0' || errno != 0)
    return std::nullopt;
  return Value;
}

Expected<std::optional<double>> numberOption(const ParsedArgs &P,
                                             const std::string &Name, double Lo,
                                             double Hi,
                                             const std::string &What) {
  std::optional<std::string> Text = P.get(Name);
  if (!Text)
    return std::optional<double>();
  std::optional<double> Value = parseNumber(*Text);
  if (!Value || !(*Value > Lo) || *Value > Hi)
    return Error("--" + Name + ": expected " + What + ", got '" + *Text + "'");
  return Value;
}

} // namespace headroom
