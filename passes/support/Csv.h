//===- Csv.h - Writing RFC 4180 CSV rows ------------------------*- C++ -*-===//
///
/// \file
/// The one CSV writer behind `headroom predict --format csv` and
/// `headroom report --format csv`: cells are quoted only when they hold a
/// comma, a quote or a line break, with quotes doubled (RFC 4180).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_CSV_H
#define HEADROOM_SUPPORT_CSV_H

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace headroom {

/// \p Cell as a CSV field.
std::string csvQuote(const std::string &Cell);

/// A number as a CSV field (shortest exact text); empty when absent.
std::string csvNumber(std::optional<double> Value);

/// Writes one row of \p Cells and a newline.
void writeCsvRow(std::ostream &OS, const std::vector<std::string> &Cells);

} // namespace headroom

#endif // HEADROOM_SUPPORT_CSV_H
