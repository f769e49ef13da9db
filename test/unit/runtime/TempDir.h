//===- TempDir.h - A scratch directory per test -----------------*- C++ -*-===//
#ifndef HEADROOM_TEST_UNIT_RUNTIME_TEMPDIR_H
#define HEADROOM_TEST_UNIT_RUNTIME_TEMPDIR_H

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include <stdlib.h>

namespace headroom::rt::test {

/// A fresh directory, removed with its contents at scope exit.
class TempDir {
public:
  TempDir() {
    std::string Template =
        (std::filesystem::temp_directory_path() / "headroom-rt-XXXXXX")
            .string();
    if (!::mkdtemp(Template.data()))
      throw std::runtime_error("mkdtemp failed");
    Path = Template;
  }
  ~TempDir() {
    std::error_code EC;
    std::filesystem::remove_all(Path, EC);
  }
  std::string file(const std::string &Name) const {
    return (Path / Name).string();
  }
  std::vector<std::string> entries() const {
    std::vector<std::string> Names;
    for (const auto &E : std::filesystem::directory_iterator(Path))
      Names.push_back(E.path().filename().string());
    return Names;
  }
  const std::filesystem::path &path() const { return Path; }

private:
  std::filesystem::path Path;
};

inline std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(In)),
                     std::istreambuf_iterator<char>());
}

inline void writeFile(const std::string &Path, const std::string &Text) {
  std::ofstream(Path, std::ios::binary) << Text;
}

} // namespace headroom::rt::test

#endif // HEADROOM_TEST_UNIT_RUNTIME_TEMPDIR_H
