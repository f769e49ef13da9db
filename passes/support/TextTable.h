//===- TextTable.h - Aligned plain-text tables ------------------*- C++ -*-===//
///
/// \file
/// A small column-aligned table for the text views: columns sized to their
/// widest cell, separated by two spaces, each left- or right-aligned.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_TEXTTABLE_H
#define HEADROOM_SUPPORT_TEXTTABLE_H

#include <ostream>
#include <string>
#include <vector>

namespace headroom {

/// Collects rows, then writes them aligned. Cells are plain ASCII.
class TextTable {
public:
  enum class Align { Left, Right };

  /// Adds a column; returns *this for chaining.
  TextTable &column(std::string Header, Align A = Align::Right);
  /// Adds a row; missing trailing cells are empty, extra cells are ignored.
  void row(std::vector<std::string> Cells);
  /// Writes the header and the rows, each line starting with \p Indent and
  /// without trailing spaces.
  void render(std::ostream &OS, const std::string &Indent = "  ") const;

private:
  std::vector<std::string> Headers;
  std::vector<Align> Aligns;
  std::vector<std::vector<std::string>> Rows;
};

} // namespace headroom

#endif // HEADROOM_SUPPORT_TEXTTABLE_H
