//===- AtomicFile.cpp - Replace a file all at once ------------------------===//

#include "AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace headroom::rt {

namespace {

std::string errnoText(const char *What, const std::string &Path) {
  return std::string(What) + " " + Path + ": " + std::strerror(errno);
}

} // namespace

bool writeFileAtomically(const std::string &Path, std::string_view Contents,
                         std::string &Error, const BeforeRenameHook &Hook) {
  try {
    if (Path.empty()) {
      Error = "empty profile path";
      return false;
    }
    // mkstemp in the target's directory, so that rename never crosses file
    // systems.
    std::string Template = Path + ".tmp.XXXXXX";
    int Fd = ::mkstemp(Template.data());
    if (Fd < 0) {
      Error = errnoText("cannot create a temporary file for", Path);
      return false;
    }
    const std::string &Temp = Template;
    auto Fail = [&](const std::string &Reason) {
      Error = Reason;
      ::close(Fd);
      ::unlink(Temp.c_str());
      return false;
    };
    // mkstemp creates 0600; give the profile the usual umask-based mode.
    mode_t Mask = ::umask(0);
    ::umask(Mask);
    ::fchmod(Fd, 0666 & ~Mask);

    const char *Data = Contents.data();
    std::size_t Left = Contents.size();
    while (Left > 0) {
      ssize_t N = ::write(Fd, Data, Left);
      if (N < 0) {
        if (errno == EINTR)
          continue;
        return Fail(errnoText("cannot write", Temp));
      }
      Data += N;
      Left -= static_cast<std::size_t>(N);
    }
    if (::fsync(Fd) != 0)
      return Fail(errnoText("cannot flush", Temp));
    if (::close(Fd) != 0) {
      Error = errnoText("cannot close", Temp);
      ::unlink(Temp.c_str());
      return false;
    }
    if (Hook)
      Hook(Temp);
    if (::rename(Temp.c_str(), Path.c_str()) != 0) {
      Error = errnoText("cannot rename the profile to", Path);
      ::unlink(Temp.c_str());
      return false;
    }
    return true;
  } catch (...) {
    Error = "unexpected error while writing " + Path;
    return false;
  }
}

} // namespace headroom::rt
