//===- NumberOption.h - Numbers given on a command line ---------*- C++ -*-===//
///
/// \file
/// Reading a number that a command-line option gives (`--max-headroom 1.5`,
/// `--measured-ms 21.4`, `--gpu 1`): the whole argument must be the number,
/// finite and representable, so that "1.5x", "nan" or "1e999" are refused
/// rather than half-read.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_NUMBEROPTION_H
#define HEADROOM_SUPPORT_NUMBEROPTION_H

#include "support/CommandLine.h"
#include "support/Error.h"

#include <optional>
#include <string>

namespace headroom {

/// \p Text as a finite floating-point number, or nothing.
std::optional<double> parseNumber(const std::string &Text);

/// \p Text as a decimal integer, or nothing.
std::optional<long> parseInteger(const std::string &Text);

/// The value of option \p Name when given: a number in (\p Lo, \p Hi]; the
/// error reads "--Name: expected <What>, got '<text>'". Nothing when the
/// option is absent.
Expected<std::optional<double>> numberOption(const ParsedArgs &P,
                                             const std::string &Name, double Lo,
                                             double Hi,
                                             const std::string &What);

} // namespace headroom

#endif // HEADROOM_SUPPORT_NUMBEROPTION_H
