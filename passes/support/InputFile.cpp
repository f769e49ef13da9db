//===- InputFile.cpp - Reading the files a user hands Headroom ------------===//

#include "support/InputFile.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace headroom {

namespace {

/// What a file that is not a regular file is, for "is a ..., not a regular
/// file".
const char *kindOf(mode_t Mode) {
  if (S_ISDIR(Mode))
    return "a directory";
  if (S_ISFIFO(Mode))
    return "a FIFO (named pipe)";
  if (S_ISCHR(Mode))
    return "a character device";
  if (S_ISBLK(Mode))
    return "a block device";
  if (S_ISSOCK(Mode))
    return "a socket";
  return "not a file";
}

Error notRegular(mode_t Mode) {
  return Error(std::string("is ") + kindOf(Mode) + ", not a regular file");
}

Error tooLarge(std::uint64_t Size, std::uint64_t MaxBytes, bool AtLeast) {
  return Error(std::string("the file has ") + (AtLeast ? "more than " : "") +
               std::to_string(Size) + " bytes, more than the limit of " +
               std::to_string(MaxBytes));
}

/// Closes a descriptor when it goes out of scope.
struct FileDescriptor {
  int Fd;
  ~FileDescriptor() {
    if (Fd >= 0)
      ::close(Fd);
  }
};

/// Reads \p Fd to its end: \p Size bytes in one piece, then whatever
/// follows in small steps; one byte past \p MaxBytes refuses it.
Expected<std::string> readDescriptor(int Fd, std::uint64_t Size,
                                     std::uint64_t MaxBytes) {
  std::string Text;
  Text.resize(std::size_t(std::min<std::uint64_t>(Size, MaxBytes)));
  std::size_t Done = 0;
  // Read to the end, which may lie past st_size when the file grows (or is
  // a /proc file of size 0): past the expected size, in small steps, and
  // one byte past MaxBytes is enough to refuse it.
  while (true) {
    char Probe[4096];
    bool InPlace = Done < Text.size();
    char *Into = InPlace ? Text.data() + Done : Probe;
    std::size_t Room = InPlace ? Text.size() - Done : sizeof Probe;
    ssize_t N = ::read(Fd, Into, Room);
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return Error(std::string("cannot read file: ") + std::strerror(errno));
    if (N == 0)
      break;
    if (!InPlace) {
      if (Done + std::size_t(N) > MaxBytes)
        return tooLarge(MaxBytes, MaxBytes, true);
      Text.append(Probe, std::size_t(N));
    }
    Done += std::size_t(N);
  }
  Text.resize(Done);
  return Text;
}

} // namespace

bool isStandardInput(const std::string &Path) {
  return Path == "/dev/stdin" || Path == "/dev/fd/0" ||
         Path == "/proc/self/fd/0";
}

Expected<std::string> readInputFile(const std::string &Path,
                                    std::uint64_t MaxBytes) {
  // `headroom merge ... | headroom report -p /dev/stdin`: standard input is
  // read as it comes, pipe or file, up to MaxBytes.
  if (isStandardInput(Path)) {
    struct stat In;
    if (::fstat(STDIN_FILENO, &In) != 0)
      return Error(std::string("cannot read standard input: ") +
                   std::strerror(errno));
    if (S_ISDIR(In.st_mode))
      return notRegular(In.st_mode);
    return readDescriptor(STDIN_FILENO,
                          S_ISREG(In.st_mode) ? std::uint64_t(In.st_size) : 0,
                          MaxBytes);
  }
  // stat() first: opening a FIFO would block until a writer comes.
  struct stat Before;
  if (::stat(Path.c_str(), &Before) != 0)
    return Error(std::string("cannot open file: ") + std::strerror(errno));
  if (!S_ISREG(Before.st_mode))
    return notRegular(Before.st_mode);
  if (std::uint64_t(Before.st_size) > MaxBytes)
    return tooLarge(std::uint64_t(Before.st_size), MaxBytes, false);
  FileDescriptor File{
      ::open(Path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
  if (File.Fd < 0)
    return Error(std::string("cannot open file: ") + std::strerror(errno));
  // The path may name another file now than at stat() time.
  struct stat Opened;
  if (::fstat(File.Fd, &Opened) != 0)
    return Error(std::string("cannot read file: ") + std::strerror(errno));
  if (!S_ISREG(Opened.st_mode))
    return notRegular(Opened.st_mode);
  return readDescriptor(File.Fd, std::uint64_t(Opened.st_size), MaxBytes);
}

std::string printable(std::string_view Text, std::size_t MaxChars) {
  std::string Out;
  for (unsigned char C : Text) {
    if (Out.size() >= MaxChars) {
      Out += "...";
      break;
    }
    switch (C) {
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    case '\r':
      Out += "\\r";
      break;
    default:
      if (C < 0x20 || C == 0x7f) {
        char Hex[8];
        std::snprintf(Hex, sizeof Hex, "\\x%02x", C);
        Out += Hex;
      } else {
        Out += char(C);
      }
    }
  }
  return Out;
}

} // namespace headroom
