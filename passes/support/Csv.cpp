//===- Csv.cpp - Writing RFC 4180 CSV rows --------------------------------===//

#include "support/Csv.h"

#include "support/Format.h"

namespace headroom {

std::string csvQuote(const std::string &Cell) {
  if (Cell.find_first_of(",\"\r\n") == std::string::npos)
    return Cell;
  std::string Quoted = "\"";
  for (char C : Cell) {
    if (C == '"')
      Quoted += '"';
    Quoted += C;
  }
  return Quoted + "\"";
}

std::string csvNumber(std::optional<double> Value) {
  return Value ? formatGeneral(*Value) : std::string();
}

void writeCsvRow(std::ostream &OS, const std::vector<std::string> &Cells) {
  for (std::size_t I = 0; I < Cells.size(); ++I)
    OS << (I ? "," : "") << csvQuote(Cells[I]);
  OS << "\n";
}

} // namespace headroom
