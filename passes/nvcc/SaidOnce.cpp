//===- SaidOnce.cpp - A note said once, not once per compile --------------===//

#include "nvcc/SaidOnce.h"

#include "nvcc/InstrumentCache.h"

#include <cerrno>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

namespace headroom::nvcc {

bool firstToSay(const std::string &StampDirectory, const std::string &About,
                const std::string &What) {
  if (StampDirectory.empty())
    return true;
  namespace fs = std::filesystem;
  std::error_code EC;
  fs::path Path = fs::absolute(About, EC);
  if (EC)
    return true;
  std::uintmax_t Size = fs::file_size(Path, EC);
  if (EC)
    return true;
  auto Time = fs::last_write_time(Path, EC).time_since_epoch().count();
  if (EC)
    return true;
  fs::create_directories(StampDirectory, EC);
  std::string Name = InstrumentCache::key(
      {Path.string(), std::to_string(Size), std::to_string(Time)}, What);
  // O_EXCL: of compiles running at once, exactly one creates it.
  int Fd = ::open((StampDirectory + "/" + Name).c_str(),
                  O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (Fd >= 0) {
    ::close(Fd);
    return true;
  }
  return errno != EEXIST;
}

} // namespace headroom::nvcc
