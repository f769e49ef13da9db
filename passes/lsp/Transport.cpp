//===- Transport.cpp - Frames in and out over file descriptors ------------===//

#include "lsp/Transport.h"

#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

namespace headroom::lsp {

FrameReader::FrameReader(int Fd) : Fd(Fd) {
  if (::pipe2(WakePipe, O_CLOEXEC | O_NONBLOCK) != 0)
    WakePipe[0] = WakePipe[1] = -1;
}

FrameReader::~FrameReader() {
  for (int P : WakePipe)
    if (P >= 0)
      ::close(P);
}

void FrameReader::wake() {
  if (WakePipe[1] >= 0) {
    char C = 1;
    [[maybe_unused]] ssize_t N = ::write(WakePipe[1], &C, 1);
  }
}

bool FrameReader::fill(std::string *Bytes) {
  char Buffer[65536];
  for (;;) {
    struct pollfd P[2] = {{Fd, POLLIN, 0}, {WakePipe[0], POLLIN, 0}};
    int N = ::poll(P, WakePipe[0] >= 0 ? 2 : 1, -1);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    if (WakePipe[0] >= 0 && (P[1].revents & POLLIN))
      return false;
    if (!(P[0].revents & (POLLIN | POLLHUP | POLLERR)))
      continue;
    ssize_t Got = ::read(Fd, Buffer, sizeof(Buffer));
    if (Got < 0 && errno == EINTR)
      continue;
    if (Got <= 0)
      return false;
    if (Bytes)
      Bytes->assign(Buffer, Got);
    else
      Parser.feed(Buffer, Got);
    return true;
  }
}

FrameReader::Event FrameReader::next(Frame &Out, std::string &Bytes,
                                     std::string &Problem) {
  if (RawMode)
    return fill(&Bytes) ? Event::Raw : Event::End;
  for (;;) {
    switch (Parser.next(Out, Problem)) {
    case FrameParser::Result::Frame:
      return Event::Frame;
    case FrameParser::Result::Malformed:
      RawMode = true;
      Bytes = Parser.takeRemaining();
      return Event::Raw;
    case FrameParser::Result::NeedMore:
      if (!fill(nullptr)) {
        // Bytes of a message that never ended: pass them on as they are.
        if (Parser.buffered()) {
          RawMode = true;
          Bytes = Parser.takeRemaining();
          Problem = "the input ended inside a message";
          return Event::Raw;
        }
        return Event::End;
      }
      break;
    }
  }
}

bool Sink::write(std::string_view Bytes) {
  std::lock_guard<std::mutex> G(Lock);
  while (!Bytes.empty()) {
    if (Fd < 0)
      return false;
    ssize_t N = ::write(Fd, Bytes.data(), Bytes.size());
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    Bytes.remove_prefix(N);
  }
  return true;
}

void Sink::close() {
  std::lock_guard<std::mutex> G(Lock);
  if (Fd >= 0)
    ::close(Fd);
  Fd = -1;
}

} // namespace headroom::lsp
