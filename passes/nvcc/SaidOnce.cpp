//===- SaidOnce.cpp - A note said once, not once per compile --------------===//

#include "nvcc/SaidOnce.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

namespace headroom::nvcc {

namespace {

/// FNV-1a, 64 bits: a stable name for what was said about which file.
std::uint64_t fnv1a(const std::string &Text, std::uint64_t H) {
  for (unsigned char C : Text)
    H = (H ^ C) * 1099511628211ull;
  return H;
}

} // namespace

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
  std::uint64_t H = 14695981039346656037ull;
  for (const std::string &Part :
       {Path.string(), std::to_string(Size), std::to_string(Time), What})
    H = fnv1a(Part + '\0', H);
  fs::create_directories(StampDirectory, EC);
  char Name[17];
  std::snprintf(Name, sizeof(Name), "%016llx",
                static_cast<unsigned long long>(H));
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
