//===- Paths.cpp - Paths, files and executables ---------------------------===//

#include "support/Paths.h"

#include "support/InputFile.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>
#include <vector>

namespace headroom {

namespace fs = std::filesystem;

std::string currentDirectory() {
  std::error_code EC;
  fs::path Dir = fs::current_path(EC);
  return EC ? std::string(".") : Dir.string();
}

std::string absolutePath(const std::string &Path, const std::string &Base) {
  fs::path P(Path);
  if (P.is_relative())
    P = fs::path(Base.empty() ? currentDirectory() : absolutePath(Base)) / P;
  std::string Result = P.lexically_normal().string();
  while (Result.size() > 1 && Result.back() == '/')
    Result.pop_back();
  return Result;
}

std::string normalizedPath(const std::string &Path) {
  if (Path.empty())
    return Path;
  std::string Result = fs::path(Path).lexically_normal().string();
  while (Result.size() > 1 && Result.back() == '/')
    Result.pop_back();
  return Result;
}

std::string pathUnder(const std::string &Path, const std::string &Root) {
  if (Path.empty() || Path.front() != '/')
    return Path;
  std::string Dir = absolutePath(Root);
  std::string File = normalizedPath(Path);
  if (Dir == "/")
    return File.size() > 1 ? File.substr(1) : File;
  if (File.size() > Dir.size() + 1 && File.compare(0, Dir.size(), Dir) == 0 &&
      File[Dir.size()] == '/')
    return File.substr(Dir.size() + 1);
  return File;
}

bool samePath(const std::string &A, const std::string &B,
              const std::string &Base) {
  std::string AbsA = absolutePath(A, Base), AbsB = absolutePath(B, Base);
  if (AbsA == AbsB)
    return true;
  std::error_code EC;
  return fs::equivalent(AbsA, AbsB, EC) && !EC;
}

std::string fileName(const std::string &Path) {
  return fs::path(Path).filename().string();
}

std::string parentPath(const std::string &Path) {
  return fs::path(Path).parent_path().string();
}

std::string extension(const std::string &Path) {
  std::string Ext = fs::path(Path).extension().string();
  if (!Ext.empty())
    Ext.erase(0, 1);
  std::transform(Ext.begin(), Ext.end(), Ext.begin(),
                 [](unsigned char C) { return std::tolower(C); });
  return Ext;
}

bool isRegularFile(const std::string &Path) {
  std::error_code EC;
  return fs::is_regular_file(Path, EC);
}

bool isDirectory(const std::string &Path) {
  std::error_code EC;
  return fs::is_directory(Path, EC);
}

Expected<std::string> readFile(const std::string &Path) {
  Expected<std::string> Text = readInputFile(Path, MaxTextFileBytes);
  if (!Text)
    return Error("cannot read '" + Path + "': " + Text.error().message());
  return Text;
}

Status writeFile(const std::string &Path, const std::string &Text) {
  std::error_code EC;
  std::string Parent = parentPath(Path);
  if (!Parent.empty())
    fs::create_directories(Parent, EC);
  std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
  if (!Out)
    return Error("cannot write '" + Path + "'");
  Out << Text;
  Out.close();
  if (!Out)
    return Error("cannot write '" + Path + "'");
  return Status::success();
}

bool isExecutable(const std::string &Path) {
  return isRegularFile(Path) && ::access(Path.c_str(), X_OK) == 0;
}

std::string currentExecutableDirectory() {
  std::error_code EC;
  fs::path Exe = fs::read_symlink("/proc/self/exe", EC);
  if (EC)
    return std::string();
  return Exe.parent_path().string();
}

Expected<std::string> makeTemporaryDirectory(const std::string &Prefix) {
  const char *TmpDir = std::getenv("TMPDIR");
  std::string Base = TmpDir && *TmpDir ? TmpDir : "/tmp";
  std::string Template = (fs::path(Base) / (Prefix + "XXXXXX")).string();
  std::vector<char> Buffer(Template.begin(), Template.end());
  Buffer.push_back('\0');
  if (!mkdtemp(Buffer.data()))
    return Error("cannot create a temporary directory in '" + Base + "'");
  return std::string(Buffer.data());
}

void removeTree(const std::string &Path) {
  std::error_code EC;
  fs::remove_all(Path, EC);
}

} // namespace headroom
