//===- TempDir.h - A scratch directory for one test -------------*- C++ -*-===//
#ifndef HEADROOM_TEST_UNIT_MODEL_TEMPDIR_H
#define HEADROOM_TEST_UNIT_MODEL_TEMPDIR_H

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace headroom::test {

/// A fresh directory under the system's temporary directory, removed with
/// everything in it when the object goes away.
class TempDir {
public:
  TempDir() {
    static std::atomic<int> Counter{0};
    Path = std::filesystem::temp_directory_path() /
           ("headroom-model-test-" + std::to_string(::getpid()) + "-" +
            std::to_string(Counter++));
    std::filesystem::remove_all(Path);
    std::filesystem::create_directories(Path);
  }
  ~TempDir() {
    std::error_code EC;
    std::filesystem::remove_all(Path, EC);
  }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;

  /// The path of \p Name inside the directory.
  std::string file(const std::string &Name) const {
    return (Path / Name).string();
  }
  /// Writes \p Text to \p Name (creating parent directories); returns its
  /// path.
  std::string write(const std::string &Name, const std::string &Text) const {
    std::filesystem::path P = Path / Name;
    std::filesystem::create_directories(P.parent_path());
    std::ofstream(P) << Text;
    return P.string();
  }
  std::string str() const { return Path.string(); }

private:
  std::filesystem::path Path;
};

} // namespace headroom::test

#endif // HEADROOM_TEST_UNIT_MODEL_TEMPDIR_H
