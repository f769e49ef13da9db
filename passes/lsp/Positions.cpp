//===- Positions.cpp - LSP positions, encodings and file URIs -------------===//

#include "lsp/Positions.h"

#include <cctype>

namespace headroom::lsp {

std::optional<PositionEncoding> parseEncoding(std::string_view Name) {
  if (Name == "utf-8")
    return PositionEncoding::UTF8;
  if (Name == "utf-16")
    return PositionEncoding::UTF16;
  if (Name == "utf-32")
    return PositionEncoding::UTF32;
  return std::nullopt;
}

const char *encodingName(PositionEncoding E) {
  switch (E) {
  case PositionEncoding::UTF8:
    return "utf-8";
  case PositionEncoding::UTF16:
    return "utf-16";
  case PositionEncoding::UTF32:
    return "utf-32";
  }
  return "utf-16";
}

namespace {

/// The length in bytes of the UTF-8 sequence that starts with \p Lead (1 for
/// stray continuation bytes, which are counted one unit each).
std::size_t sequenceLength(unsigned char Lead) {
  if (Lead < 0xC0)
    return 1;
  if (Lead < 0xE0)
    return 2;
  if (Lead < 0xF0)
    return 3;
  return 4;
}

/// The code units of one character of \p Bytes bytes.
unsigned unitsOf(std::size_t Bytes, PositionEncoding E) {
  switch (E) {
  case PositionEncoding::UTF8:
    return unsigned(Bytes);
  case PositionEncoding::UTF16:
    return Bytes == 4 ? 2 : 1;
  case PositionEncoding::UTF32:
    return 1;
  }
  return 1;
}

} // namespace

unsigned toCharacter(std::string_view Line, std::size_t ByteColumn,
                     PositionEncoding E) {
  unsigned Units = 0;
  std::size_t I = 0;
  while (I < ByteColumn && I < Line.size()) {
    std::size_t N = sequenceLength((unsigned char)Line[I]);
    if (I + N > Line.size())
      N = Line.size() - I;
    Units += unitsOf(N, E);
    I += N;
  }
  if (ByteColumn > Line.size())
    Units += unsigned(ByteColumn - Line.size());
  return Units;
}

std::size_t toByteColumn(std::string_view Line, unsigned Character,
                         PositionEncoding E) {
  unsigned Units = 0;
  std::size_t I = 0;
  while (I < Line.size()) {
    std::size_t N = sequenceLength((unsigned char)Line[I]);
    if (I + N > Line.size())
      N = Line.size() - I;
    unsigned U = unitsOf(N, E);
    if (Units + U > Character)
      return I;
    Units += U;
    I += N;
  }
  return Line.size();
}

namespace {

/// The offset where line \p Line starts, or nothing.
std::optional<std::size_t> lineStart(std::string_view Text, unsigned Line) {
  std::size_t Start = 0;
  for (unsigned L = 0; L < Line; ++L) {
    std::size_t NL = Text.find('\n', Start);
    if (NL == std::string_view::npos)
      return std::nullopt;
    Start = NL + 1;
  }
  return Start;
}

} // namespace

std::optional<std::string_view> lineOf(std::string_view Text, unsigned Line) {
  std::optional<std::size_t> Start = lineStart(Text, Line);
  if (!Start)
    return std::nullopt;
  std::size_t End = Text.find('\n', *Start);
  if (End == std::string_view::npos)
    End = Text.size();
  std::string_view L = Text.substr(*Start, End - *Start);
  if (!L.empty() && L.back() == '\r')
    L.remove_suffix(1);
  return L;
}

std::optional<std::size_t> offsetOf(std::string_view Text, Position P,
                                    PositionEncoding E) {
  std::optional<std::size_t> Start = lineStart(Text, P.Line);
  if (!Start)
    return std::nullopt;
  std::optional<std::string_view> L = lineOf(Text, P.Line);
  return *Start + toByteColumn(*L, P.Character, E);
}

namespace {

int hexValue(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'f')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'F')
    return C - 'A' + 10;
  return -1;
}

} // namespace

std::optional<std::string> uriToPath(std::string_view Uri) {
  constexpr std::string_view Scheme = "file://";
  if (Uri.substr(0, Scheme.size()) != Scheme)
    return std::nullopt;
  Uri.remove_prefix(Scheme.size());
  // file://host/path: only an empty host or localhost name this machine.
  std::size_t Slash = Uri.find('/');
  if (Slash == std::string_view::npos)
    return std::nullopt;
  std::string_view Host = Uri.substr(0, Slash);
  if (!Host.empty() && Host != "localhost")
    return std::nullopt;
  Uri.remove_prefix(Slash);
  std::string Path;
  for (std::size_t I = 0; I < Uri.size(); ++I) {
    if (Uri[I] == '%' && I + 2 < Uri.size()) {
      int Hi = hexValue(Uri[I + 1]), Lo = hexValue(Uri[I + 2]);
      if (Hi >= 0 && Lo >= 0) {
        Path += char(Hi * 16 + Lo);
        I += 2;
        continue;
      }
    }
    Path += Uri[I];
  }
  return Path;
}

std::string pathToUri(std::string_view Path) {
  static const char Hex[] = "0123456789ABCDEF";
  std::string Uri = "file://";
  for (char C : Path) {
    unsigned char U = (unsigned char)C;
    // RFC 3986 unreserved characters and '/' stay; so do the sub-delimiters
    // that VS Code and clangd leave alone.
    if (std::isalnum(U) || C == '/' || C == '-' || C == '.' || C == '_' ||
        C == '~' || C == '+' || C == '@' || C == '!' || C == '$' || C == '&' ||
        C == '\'' || C == '(' || C == ')' || C == '*' || C == ',' || C == ';' ||
        C == '=')
      Uri += C;
    else {
      Uri += '%';
      Uri += Hex[U >> 4];
      Uri += Hex[U & 15];
    }
  }
  return Uri;
}

} // namespace headroom::lsp
