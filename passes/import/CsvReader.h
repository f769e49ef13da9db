//===- CsvReader.h - Reading RFC 4180 CSV records ---------------*- C++ -*-===//
///
/// \file
/// Nsight Compute's `--csv` exports, one record at a time: fields separated
/// by commas, quoted fields with doubled quotes, records ended by LF or
/// CRLF. Each record keeps the line it starts on, so that an error can name
/// it. A quoted field left open at the end of the text (a file cut short)
/// is an error; blank lines are skipped.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_IMPORT_CSVREADER_H
#define HEADROOM_IMPORT_CSVREADER_H

#include "support/Error.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace headroom::ncu {

/// One record and the 1-based line it starts on.
struct CsvRecord {
  std::size_t Line = 0;
  std::vector<std::string> Fields;
};

/// Reads the records of a text it does not own, in order.
class CsvReader {
public:
  explicit CsvReader(std::string_view Text) : Text(Text) {}

  /// The next record into \p Out: true when there was one, false at the
  /// end, an error ("line 12, column 40: a quoted field is not closed")
  /// when the text is not CSV. After an error the reader is at its end.
  Expected<bool> next(CsvRecord &Out);

  /// The line the reader is on: past the last record read.
  std::size_t line() const { return Line; }

private:
  std::string_view Text;
  std::size_t At = 0;
  std::size_t Line = 1;
  std::size_t LineStart = 0;
};

} // namespace headroom::ncu

#endif // HEADROOM_IMPORT_CSVREADER_H
