//===- CacheSizeLimit.cpp - The instrumentation cache's size cap ----------===//

#include "nvcc/CacheSizeLimit.h"

#include "support/Paths.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <vector>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace headroom::nvcc {

namespace fs = std::filesystem;

namespace {

constexpr const char *SizeForm =
    "a size such as 500M, 2G or 1.5Gi (suffixes k, M, G, T or Ki, Mi, Gi, "
    "Ti), or 0 for no limit";

/// The lock parallel compiles take in turn to update the size file; held
/// until destroyed. Without a lock (a file system without flock) the
/// update goes on: the size file may then be off, which the next measure
/// corrects.
class CacheLock {
public:
  explicit CacheLock(const std::string &Path) {
    Fd = ::open(Path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (Fd >= 0)
      while (::flock(Fd, LOCK_EX) != 0 && errno == EINTR) {
      }
  }
  ~CacheLock() {
    if (Fd >= 0)
      ::close(Fd); // Releases the lock.
  }
  CacheLock(const CacheLock &) = delete;
  CacheLock &operator=(const CacheLock &) = delete;

private:
  int Fd = -1;
};

bool isEntryName(const std::string &Name) {
  return Name.size() == 16 &&
         std::all_of(Name.begin(), Name.end(), [](unsigned char C) {
           return std::isdigit(C) || (C >= 'a' && C <= 'f');
         });
}

/// An entry as an eviction sees it.
struct Entry {
  std::string Path;
  std::string Key;
  std::uint64_t Bytes = 0;
  /// Its newest file's modification time: its last use.
  fs::file_time_type LastUse;
};

Entry measureEntry(const fs::path &Dir) {
  Entry E;
  E.Path = Dir.string();
  E.Key = Dir.filename().string();
  std::error_code EC;
  E.LastUse = fs::last_write_time(Dir, EC);
  for (auto It = fs::recursive_directory_iterator(
           Dir, fs::directory_options::skip_permission_denied, EC);
       !EC && It != fs::recursive_directory_iterator(); It.increment(EC)) {
    std::error_code FileEC;
    if (!It->is_regular_file(FileEC))
      continue;
    std::uint64_t Size = It->file_size(FileEC);
    if (!FileEC)
      E.Bytes += Size;
    fs::file_time_type Time = It->last_write_time(FileEC);
    if (!FileEC && Time > E.LastUse)
      E.LastUse = Time;
  }
  return E;
}

std::optional<std::uint64_t> readSizeFile(const std::string &Path) {
  Expected<std::string> Text = readFile(Path);
  if (!Text || Text->empty())
    return std::nullopt;
  std::uint64_t Value = 0;
  for (char C : *Text) {
    if (C == '\n')
      break;
    if (!std::isdigit(static_cast<unsigned char>(C)) ||
        Value > (UINT64_MAX - 9) / 10)
      return std::nullopt;
    Value = Value * 10 + (C - '0');
  }
  return Value;
}

} // namespace

Expected<std::uint64_t> parseCacheSize(const std::string &Text) {
  auto Fail = [&]() -> Error {
    return Error("'" + Text + "' is not a size (expected " + SizeForm + ")");
  };
  size_t I = 0;
  while (I < Text.size() && std::isspace(static_cast<unsigned char>(Text[I])))
    ++I;
  size_t Digits = 0;
  double Value = 0;
  for (; I < Text.size() && std::isdigit(static_cast<unsigned char>(Text[I]));
       ++I, ++Digits)
    Value = Value * 10 + (Text[I] - '0');
  if (I < Text.size() && Text[I] == '.') {
    double Scale = 0.1;
    for (++I;
         I < Text.size() && std::isdigit(static_cast<unsigned char>(Text[I]));
         ++I, ++Digits, Scale /= 10)
      Value += (Text[I] - '0') * Scale;
  }
  if (Digits == 0)
    return Fail();
  std::string Suffix;
  for (; I < Text.size(); ++I)
    if (!std::isspace(static_cast<unsigned char>(Text[I])))
      Suffix +=
          static_cast<char>(std::tolower(static_cast<unsigned char>(Text[I])));
  if (!Suffix.empty() && Suffix.back() == 'b')
    Suffix.pop_back();
  double Unit = 1;
  if (!Suffix.empty()) {
    bool Binary = Suffix.size() == 2 && Suffix[1] == 'i';
    if (Suffix.size() != 1 && !Binary)
      return Fail();
    size_t Power = std::string("kmgt").find(Suffix[0]);
    if (Power == std::string::npos)
      return Fail();
    Unit = std::pow(Binary ? 1024.0 : 1000.0, double(Power + 1));
  }
  double Bytes = std::round(Value * Unit);
  if (Bytes >= 9.2e18)
    return Fail();
  return static_cast<std::uint64_t>(Bytes);
}

std::string formatCacheSize(std::uint64_t Bytes) {
  const char *Suffixes[] = {"", "k", "M", "G", "T"};
  double Value = static_cast<double>(Bytes);
  int S = 0;
  while (Value >= 1000 && S < 4) {
    Value /= 1000;
    ++S;
  }
  char Text[32];
  if (Value == std::floor(Value))
    std::snprintf(Text, sizeof(Text), "%.0f%s", Value, Suffixes[S]);
  else
    std::snprintf(Text, sizeof(Text), "%.1f%s", Value, Suffixes[S]);
  return Text;
}

std::uint64_t CacheSizeLimit::sizeOf(const std::string &Directory) {
  return measureEntry(Directory).Bytes;
}

std::optional<EvictionOutcome>
CacheSizeLimit::added(const std::string &Key, std::uint64_t Bytes) const {
  if (MaxSize == 0)
    return std::nullopt;
  CacheLock Lock(Root + "/lock");
  std::string SizeFile = Root + "/size";
  std::optional<std::uint64_t> Total = readSizeFile(SizeFile);
  if (Total && *Total + Bytes <= MaxSize) {
    (void)writeFile(SizeFile, std::to_string(*Total + Bytes) + "\n");
    return std::nullopt;
  }
  // No total yet (a cache older than the limit, or a damaged size file):
  // measured, and evicted only when over. Over: down to 80%, so that the
  // next measure is many compiles away.
  return evict(Total ? MaxSize / 10 * 8 : MaxSize, Key);
}

EvictionOutcome CacheSizeLimit::evict(std::uint64_t Target,
                                      const std::string &Keep,
                                      std::int64_t GraceSeconds) const {
  std::vector<Entry> Entries;
  std::error_code EC;
  for (auto It = fs::directory_iterator(Root, EC);
       !EC && It != fs::directory_iterator(); It.increment(EC)) {
    std::error_code DirEC;
    if (It->is_directory(DirEC) && isEntryName(It->path().filename().string()))
      Entries.push_back(measureEntry(It->path()));
  }
  EvictionOutcome Outcome;
  for (const Entry &E : Entries)
    Outcome.Before += E.Bytes;
  Outcome.After = Outcome.Before;
  std::sort(Entries.begin(), Entries.end(), [](const Entry &A, const Entry &B) {
    return A.LastUse < B.LastUse;
  });
  fs::file_time_type Recent =
      fs::file_time_type::clock::now() - std::chrono::seconds(GraceSeconds);
  for (const Entry &E : Entries) {
    if (Outcome.After <= Target)
      break;
    if (E.Key == Keep || E.LastUse > Recent)
      continue;
    std::error_code RemoveEC;
    fs::remove_all(E.Path, RemoveEC);
    if (RemoveEC)
      continue;
    Outcome.After -= E.Bytes;
    ++Outcome.Removed;
  }
  (void)writeFile(Root + "/size", std::to_string(Outcome.After) + "\n");
  return Outcome;
}

} // namespace headroom::nvcc
