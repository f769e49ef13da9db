//===- Framing.h - LSP base-protocol message framing ------------*- C++ -*-===//
///
/// \file
/// The Language Server Protocol's base protocol: each message is a header
/// (`Content-Length: N\r\n`, optional other fields, an empty line) followed
/// by N bytes of JSON. FrameParser cuts a byte stream into such frames and
/// keeps each frame's header bytes as they came, so that the proxy forwards
/// a message byte for byte.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_FRAMING_H
#define HEADROOM_LSP_FRAMING_H

#include <cstddef>
#include <string>
#include <string_view>

namespace headroom::lsp {

/// One message as it came over the wire.
struct Frame {
  /// The header, up to and including the empty line.
  std::string Header;
  /// The JSON body, Content-Length bytes.
  std::string Body;

  std::string raw() const { return Header + Body; }
};

/// The frame of \p Body with a Content-Length header.
std::string frameMessage(std::string_view Body);

/// Cuts the bytes it is fed into frames. Owns its buffer; not thread-safe.
class FrameParser {
public:
  enum class Result {
    /// A frame was taken.
    Frame,
    /// More bytes are needed.
    NeedMore,
    /// The header has no valid Content-Length: the stream cannot be cut
    /// into frames from here on (Problem says why).
    Malformed
  };

  void feed(const char *Data, std::size_t Size);
  /// Takes the next complete frame into \p Out.
  Result next(Frame &Out, std::string &Problem);
  /// The bytes fed and not yet taken, which the caller forwards unchanged
  /// after a malformed header; empties the buffer.
  std::string takeRemaining();
  /// Bytes fed and not yet taken.
  std::size_t buffered() const { return Buffer.size() - Pos; }

private:
  std::string Buffer;
  std::size_t Pos = 0;
};

} // namespace headroom::lsp

#endif // HEADROOM_LSP_FRAMING_H
