//===- TextTable.cpp - Aligned plain-text tables --------------------------===//

#include "support/TextTable.h"

#include <algorithm>

namespace headroom {

TextTable &TextTable::column(std::string Header, Align A) {
  Headers.push_back(std::move(Header));
  Aligns.push_back(A);
  return *this;
}

void TextTable::row(std::vector<std::string> Cells) {
  Cells.resize(Headers.size());
  Rows.push_back(std::move(Cells));
}

void TextTable::render(std::ostream &OS, const std::string &Indent) const {
  std::vector<std::size_t> Widths(Headers.size());
  for (std::size_t C = 0; C < Headers.size(); ++C) {
    Widths[C] = Headers[C].size();
    for (const auto &R : Rows)
      Widths[C] = std::max(Widths[C], R[C].size());
  }
  auto Line = [&](const std::vector<std::string> &Cells) {
    std::string Text = Indent;
    for (std::size_t C = 0; C < Cells.size(); ++C) {
      if (C)
        Text += "  ";
      std::string Pad(Widths[C] - Cells[C].size(), ' ');
      Text += Aligns[C] == Align::Left ? Cells[C] + Pad : Pad + Cells[C];
    }
    Text.erase(Text.find_last_not_of(' ') + 1);
    OS << Text << "\n";
  };
  Line(Headers);
  for (const auto &R : Rows)
    Line(R);
}

} // namespace headroom
