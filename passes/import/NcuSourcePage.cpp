//===- NcuSourcePage.cpp - Nsight Compute's source page -------------------===//

#include "import/NcuSourcePage.h"

#include "import/CsvReader.h"
#include "import/KernelNames.h"
#include "import/NcuUnits.h"
#include "support/InputFile.h"

#include <optional>

namespace headroom::ncu {

namespace {

bool isIdentifierChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_';
}

Error atLine(std::size_t Line, const std::string &What) {
  return Error("line " + std::to_string(Line) + ": " + What);
}

/// The page's "<Key>","<value>" row, read into \p Value and \p Line.
Status keyRow(CsvReader &Reader, const char *Key, std::string &Value,
              std::size_t &Line) {
  CsvRecord R;
  Expected<bool> More = Reader.next(R);
  if (!More)
    return More.error();
  if (!*More)
    return atLine(Reader.line(), std::string("expected the source page's \"") +
                                     Key + "\" row, got the end of the file");
  // `--print-source cuda` alone prints the whole file, under "File Name",
  // and names no function.
  if (R.Fields[0] == "File Name")
    return atLine(R.Line, "a source page of --print-source cuda names no "
                          "function: export it with --print-source sass,cuda");
  if (R.Fields.size() < 2 || R.Fields[0] != Key || R.Fields[1].empty())
    return atLine(R.Line, std::string("expected the source page's \"") + Key +
                              "\" row with a value, got \"" +
                              printable(R.Fields[0], 60) + "\"");
  Value = R.Fields[1];
  Line = R.Line;
  return {};
}

} // namespace

unsigned columnOfIdentifier(std::string_view Line,
                            std::string_view Identifier) {
  if (Identifier.empty())
    return 0;
  for (std::size_t At = Line.find(Identifier); At != std::string_view::npos;
       At = Line.find(Identifier, At + 1)) {
    std::size_t End = At + Identifier.size();
    bool Before = At > 0 && isIdentifierChar(Line[At - 1]);
    bool After = End < Line.size() && isIdentifierChar(Line[End]);
    if (!Before && !After)
      return unsigned(At + 1);
  }
  return 0;
}

Expected<KernelSource> readSourcePage(std::string_view Text) {
  CsvReader Reader(Text);
  KernelSource S;
  std::size_t FileLine = 0;
  if (Status St = keyRow(Reader, "File Path", S.File, FileLine); !St)
    return St.error();
  if (Status St = keyRow(Reader, "Function Name", S.Function, S.FunctionLine);
      !St)
    return St.error();
  CsvRecord R;
  Expected<bool> More = Reader.next(R);
  if (!More)
    return More.error();
  if (!*More || R.Fields.size() < 2 || R.Fields[0] != "Line No" ||
      R.Fields[1] != "Source")
    return atLine(*More ? R.Line : Reader.line(),
                  "expected the header row \"Line No\",\"Source\" (export "
                  "the page with --print-source sass,cuda)");
  std::string Identifier = kernelIdentifierOf(S.Function);
  std::optional<KernelSource> First;
  for (;;) {
    More = Reader.next(R);
    if (!More)
      return More.error();
    if (!*More)
      break;
    if (R.Fields.size() < 2)
      return atLine(R.Line, "expected a \"Line No\" and a \"Source\" field, "
                            "got " +
                                std::to_string(R.Fields.size()) + " field");
    // Rows of SASS (and of later files' headers) have no line number.
    if (R.Fields[0].empty() || R.Fields[0] == "Line No")
      continue;
    if (R.Fields[0] == "File Path")
      break; // the kernel's code from another file: its own is above
    std::optional<double> Line = parseNcuNumber(R.Fields[0]);
    if (!Line || *Line < 1 || *Line > 1e9 || *Line != double(unsigned(*Line)))
      return atLine(R.Line, "\"Line No\": expected a line number, got \"" +
                                printable(R.Fields[0], 60) + "\"");
    KernelSource Row = S;
    Row.Line = unsigned(*Line);
    Row.Text = R.Fields[1];
    Row.NameColumn = columnOfIdentifier(Row.Text, Identifier);
    if (Row.NameColumn > 0)
      return Row;
    if (!First)
      First = std::move(Row);
  }
  if (!First)
    return atLine(Reader.line(),
                  "no source line in the page: build the program with "
                  "-lineinfo and profile it with --import-source yes");
  return *First;
}

} // namespace headroom::ncu
