//===- CsvReader.cpp - Reading RFC 4180 CSV records -----------------------===//

#include "import/CsvReader.h"

namespace headroom::ncu {

namespace {

bool isLineEnd(std::string_view Text, std::size_t At) {
  return Text[At] == '\n' ||
         (Text[At] == '\r' && At + 1 < Text.size() && Text[At + 1] == '\n');
}

} // namespace

Expected<bool> CsvReader::next(CsvRecord &Out) {
  // Blank lines between records (Nsight's multi-part pages have them).
  while (At < Text.size() && isLineEnd(Text, At)) {
    At += Text[At] == '\r' ? 2 : 1;
    ++Line;
    LineStart = At;
  }
  if (At >= Text.size())
    return false;
  Out.Line = Line;
  Out.Fields.assign(1, std::string());
  auto Fail = [&](std::size_t L, std::size_t Column,
                  const std::string &What) -> Expected<bool> {
    At = Text.size();
    return Error("line " + std::to_string(L) + ", column " +
                 std::to_string(Column) + ": " + What);
  };
  bool Quoted = false, AfterQuote = false;
  std::size_t QuoteLine = 0, QuoteColumn = 0;
  while (At < Text.size()) {
    char C = Text[At];
    if (Quoted) {
      if (C == '"') {
        if (At + 1 < Text.size() && Text[At + 1] == '"') {
          Out.Fields.back() += '"';
          At += 2;
          continue;
        }
        Quoted = false;
        AfterQuote = true;
        ++At;
        continue;
      }
      if (C == '\n') {
        ++Line;
        LineStart = At + 1;
      }
      Out.Fields.back() += C;
      ++At;
      continue;
    }
    if (isLineEnd(Text, At)) {
      At += C == '\r' ? 2 : 1;
      ++Line;
      LineStart = At;
      return true;
    }
    if (C == ',') {
      Out.Fields.emplace_back();
      AfterQuote = false;
      ++At;
      continue;
    }
    if (AfterQuote)
      return Fail(Line, At - LineStart + 1,
                  "expected a comma or the end of the line after a quoted "
                  "field");
    if (C == '"' && Out.Fields.back().empty()) {
      Quoted = true;
      QuoteLine = Line;
      QuoteColumn = At - LineStart + 1;
      ++At;
      continue;
    }
    Out.Fields.back() += C;
    ++At;
  }
  if (Quoted)
    return Fail(QuoteLine, QuoteColumn,
                "the quoted field opened here is not closed at the end of "
                "the file (is the file cut short?)");
  return true;
}

} // namespace headroom::ncu
