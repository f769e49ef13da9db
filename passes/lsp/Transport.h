//===- Transport.h - Frames in and out over file descriptors ----*- C++ -*-===//
///
/// \file
/// The proxy's two kinds of endpoint: a FrameReader cuts what arrives on a
/// descriptor into frames (Framing.h) and can be woken to stop; a Sink
/// writes whole frames, one writer at a time, so that messages from
/// different threads never interleave.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_TRANSPORT_H
#define HEADROOM_LSP_TRANSPORT_H

#include "lsp/Framing.h"

#include <mutex>
#include <string>
#include <string_view>

namespace headroom::lsp {

class FrameReader {
public:
  enum class Event {
    /// A frame was read.
    Frame,
    /// Bytes that cannot be framed (after a malformed header): forward them
    /// as they are; every later read returns Raw too.
    Raw,
    /// End of input, an error, or wake() was called.
    End
  };

  /// Reads \p Fd; wake() interrupts a read in progress.
  explicit FrameReader(int Fd);
  ~FrameReader();
  FrameReader(const FrameReader &) = delete;
  FrameReader &operator=(const FrameReader &) = delete;

  /// The next frame (\p Out) or raw bytes (\p Bytes); \p Problem says why the
  /// stream turned raw.
  Event next(Frame &Out, std::string &Bytes, std::string &Problem);
  /// Makes next() return End (from any thread).
  void wake();

private:
  /// Reads once into the parser (or \p Bytes when raw); false at the end.
  bool fill(std::string *Bytes);
  int Fd;
  int WakePipe[2] = {-1, -1};
  FrameParser Parser;
  bool RawMode = false;
};

class Sink {
public:
  explicit Sink(int Fd) : Fd(Fd) {}
  /// Writes all of \p Bytes; false when the other side is gone.
  bool write(std::string_view Bytes);
  /// Frames and writes \p Body.
  bool writeMessage(std::string_view Body) { return write(frameMessage(Body)); }
  /// Closes the descriptor (later writes fail).
  void close();

private:
  std::mutex Lock;
  int Fd;
};

} // namespace headroom::lsp

#endif // HEADROOM_LSP_TRANSPORT_H
