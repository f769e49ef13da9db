//===- Positions.h - LSP positions, encodings and file URIs -----*- C++ -*-===//
///
/// \file
/// An LSP position is a 0-based line and a column counted in the code units
/// of the encoding the server negotiated: UTF-16 by default, UTF-8 or UTF-32
/// when the client offered them (LSP 3.17 `positionEncoding`, clangd's
/// `offsetEncoding`). Headroom's locations are clang-style: 1-based lines and
/// 1-based byte columns. These functions convert between them, and between
/// `file://` URIs and paths.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_POSITIONS_H
#define HEADROOM_LSP_POSITIONS_H

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace headroom::lsp {

enum class PositionEncoding { UTF8, UTF16, UTF32 };

/// "utf-8", "utf-16" or "utf-32"; nothing for other names.
std::optional<PositionEncoding> parseEncoding(std::string_view Name);
const char *encodingName(PositionEncoding E);

/// An LSP position: 0-based line, column in code units of the encoding.
struct Position {
  unsigned Line = 0;
  unsigned Character = 0;
  friend bool operator==(const Position &, const Position &) = default;
  friend bool operator<(const Position &A, const Position &B) {
    return A.Line != B.Line ? A.Line < B.Line : A.Character < B.Character;
  }
};

struct Range {
  Position Start, End;
  bool contains(Position P) const { return !(P < Start) && !(End < P); }
};

/// The column of byte \p ByteColumn (0-based) of \p Line in code units of
/// \p E; bytes past the end count as one unit each.
unsigned toCharacter(std::string_view Line, std::size_t ByteColumn,
                     PositionEncoding E);
/// The 0-based byte column of \p Character code units into \p Line (the end
/// of the line when past it; inside a character: that character's start).
std::size_t toByteColumn(std::string_view Line, unsigned Character,
                         PositionEncoding E);

/// Line \p Line (0-based) of \p Text without its line break; nothing past
/// the last line.
std::optional<std::string_view> lineOf(std::string_view Text, unsigned Line);
/// The byte offset of \p P in \p Text; nothing when its line does not exist.
/// A column past the end of its line means the line's end.
std::optional<std::size_t> offsetOf(std::string_view Text, Position P,
                                    PositionEncoding E);

/// The path of a `file://` URI (percent-decoded); nothing for other schemes.
std::optional<std::string> uriToPath(std::string_view Uri);
/// The `file://` URI of the absolute path \p Path.
std::string pathToUri(std::string_view Path);

} // namespace headroom::lsp

#endif // HEADROOM_LSP_POSITIONS_H
