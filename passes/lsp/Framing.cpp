//===- Framing.cpp - LSP base-protocol message framing --------------------===//

#include "lsp/Framing.h"

#include <cctype>

namespace headroom::lsp {

std::string frameMessage(std::string_view Body) {
  std::string Out =
      "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n";
  Out.append(Body);
  return Out;
}

void FrameParser::feed(const char *Data, std::size_t Size) {
  // Drop what was taken before growing, so the buffer stays near the size of
  // one message.
  if (Pos > 0 && Pos >= Buffer.size() / 2) {
    Buffer.erase(0, Pos);
    Pos = 0;
  }
  Buffer.append(Data, Size);
}

namespace {

bool equalsIgnoringCase(std::string_view A, std::string_view B) {
  if (A.size() != B.size())
    return false;
  for (std::size_t I = 0; I < A.size(); ++I)
    if (std::tolower((unsigned char)A[I]) != std::tolower((unsigned char)B[I]))
      return false;
  return true;
}

std::string_view trim(std::string_view S) {
  while (!S.empty() && (S.front() == ' ' || S.front() == '\t'))
    S.remove_prefix(1);
  while (!S.empty() && (S.back() == ' ' || S.back() == '\t'))
    S.remove_suffix(1);
  return S;
}

} // namespace

FrameParser::Result FrameParser::next(Frame &Out, std::string &Problem) {
  std::string_view View(Buffer);
  View.remove_prefix(Pos);
  std::size_t End = View.find("\r\n\r\n");
  if (End == std::string_view::npos) {
    // A header is a few dozen bytes; kilobytes without its end is no header.
    if (View.size() > 64 * 1024) {
      Problem = "no end of header within 64 KiB";
      return Result::Malformed;
    }
    return Result::NeedMore;
  }
  std::string_view Header = View.substr(0, End + 4);
  std::size_t Length = 0;
  bool HaveLength = false;
  std::size_t LineStart = 0;
  while (LineStart < End) {
    std::size_t LineEnd = Header.find("\r\n", LineStart);
    std::string_view Line = Header.substr(LineStart, LineEnd - LineStart);
    LineStart = LineEnd + 2;
    std::size_t Colon = Line.find(':');
    if (Colon == std::string_view::npos) {
      Problem = "header line without ':': '" + std::string(Line) + "'";
      return Result::Malformed;
    }
    if (!equalsIgnoringCase(trim(Line.substr(0, Colon)), "Content-Length"))
      continue;
    std::string_view Value = trim(Line.substr(Colon + 1));
    if (Value.empty() || Value.size() > 12) {
      Problem = "Content-Length '" + std::string(Value) + "' is not a size";
      return Result::Malformed;
    }
    Length = 0;
    for (char C : Value) {
      if (!std::isdigit((unsigned char)C)) {
        Problem = "Content-Length '" + std::string(Value) + "' is not a size";
        return Result::Malformed;
      }
      Length = Length * 10 + (C - '0');
    }
    HaveLength = true;
  }
  if (!HaveLength) {
    Problem = "header without Content-Length";
    return Result::Malformed;
  }
  if (View.size() < Header.size() + Length)
    return Result::NeedMore;
  Out.Header.assign(Header);
  Out.Body.assign(View.substr(Header.size(), Length));
  Pos += Header.size() + Length;
  return Result::Frame;
}

std::string FrameParser::takeRemaining() {
  std::string Rest = Buffer.substr(Pos);
  Buffer.clear();
  Pos = 0;
  return Rest;
}

} // namespace headroom::lsp
