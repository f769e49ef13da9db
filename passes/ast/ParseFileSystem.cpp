//===- ParseFileSystem.cpp - What the host parse reads --------------------===//

#include "ast/ParseFileSystem.h"

#include "ast/WrittenLaunches.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace headroom::ast {

namespace {

/// A file whose text is read with its launch chevrons normalized.
class NormalizedFile : public llvm::vfs::File {
public:
  explicit NormalizedFile(std::unique_ptr<llvm::vfs::File> Inner)
      : Inner(std::move(Inner)) {}

  llvm::ErrorOr<llvm::vfs::Status> status() override { return Inner->status(); }
  llvm::ErrorOr<std::string> getName() override { return Inner->getName(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize,
            bool RequiresNullTerminator, bool IsVolatile) override {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
        Inner->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    // clang's AST files (the precompiled header of HeaderPch.h) are no
    // source: read as they are, not tokenized.
    if (!Buffer || (*Buffer)->getBuffer().starts_with("CPCH"))
      return Buffer;
    std::optional<std::string> Text =
        normalizeLaunchChevrons((*Buffer)->getBuffer());
    if (!Text)
      return Buffer;
    return llvm::MemoryBuffer::getMemBufferCopy(
        *Text, (*Buffer)->getBufferIdentifier());
  }
  std::error_code close() override { return Inner->close(); }

private:
  void setPath(const llvm::Twine &Path) override {
    // The inner file reports the path clang asked for; nothing to keep.
    (void)Path;
  }
  std::unique_ptr<llvm::vfs::File> Inner;
};

/// Reads every file through NormalizedFile.
class NormalizingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> File =
        ProxyFileSystem::openFileForRead(Path);
    if (!File)
      return File;
    return std::make_unique<NormalizedFile>(std::move(*File));
  }
};

/// The value of the last \p Flag`=value` of \p CommandLine; empty if none.
std::string lastFlagValue(llvm::ArrayRef<std::string> CommandLine,
                          llvm::StringRef Flag) {
  std::string Value;
  for (llvm::StringRef Arg : CommandLine)
    if (Arg.consume_front(Flag) && Arg.consume_front("="))
      Value = Arg.str();
  return Value;
}

bool isFile(llvm::vfs::FileSystem &FS, const llvm::Twine &Path) {
  llvm::ErrorOr<llvm::vfs::Status> Status = FS.status(Path);
  return Status && Status->isRegularFile();
}

/// The forwarding headers next to the wrapper in \p ResourceDir/include:
/// each toolkit header the wrapper includes in quotes, as one `#include` of
/// the file in \p CudaPath/include; and the host overloads' header. Returns
/// the latter's path, empty when the wrapper or the toolkit's include
/// directory is missing (nothing is added then).
std::string addWrapperHeaders(llvm::vfs::FileSystem &Base,
                              llvm::StringRef CudaPath,
                              llvm::StringRef ResourceDir,
                              llvm::vfs::InMemoryFileSystem &Memory,
                              std::vector<std::string> &Paths) {
  llvm::SmallString<256> WrapperDir(ResourceDir), ToolkitDir(CudaPath);
  llvm::sys::path::append(WrapperDir, "include");
  llvm::sys::path::append(ToolkitDir, "include");
  if (Base.makeAbsolute(ToolkitDir) || Base.makeAbsolute(WrapperDir))
    return "";
  llvm::ErrorOr<llvm::vfs::Status> Toolkit = Base.status(ToolkitDir);
  if (!Toolkit || !Toolkit->isDirectory())
    return "";
  llvm::SmallString<256> Wrapper(WrapperDir);
  llvm::sys::path::append(Wrapper, "__clang_cuda_runtime_wrapper.h");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      Base.getBufferForFile(Wrapper);
  if (!Text)
    return "";
  for (const std::string &Name : quotedIncludes((*Text)->getBuffer())) {
    llvm::SmallString<256> Next(WrapperDir), Target(ToolkitDir);
    llvm::sys::path::append(Next, Name);
    llvm::sys::path::append(Target, Name);
    // Headers of clang's own (__clang_cuda_builtin_vars.h) stay as they are.
    if (isFile(Base, Next) || !isFile(Base, Target))
      continue;
    std::string Forward = "#include \"" + std::string(Target) + "\"\n";
    Memory.addFile(Next, 0, llvm::MemoryBuffer::getMemBufferCopy(Forward));
    Paths.push_back(std::string(Next));
  }
  llvm::SmallString<256> Overloads(WrapperDir);
  llvm::sys::path::append(Overloads, HostOverloadsHeader);
  Memory.addFile(Overloads, 0,
                 llvm::MemoryBuffer::getMemBuffer(hostOverloadsText()));
  Paths.push_back(std::string(Overloads));
  return std::string(Overloads);
}

/// \p CommandLine with \p Header force-included before the user's flags:
/// clang's driver puts its CUDA wrapper's `-include` before every other, so
/// the header comes after the wrapper and before the user's `-include`s.
std::vector<std::string> includingFirst(llvm::ArrayRef<std::string> CommandLine,
                                        const std::string &Header) {
  std::vector<std::string> Result(CommandLine.begin(), CommandLine.end());
  if (!Header.empty() && !Result.empty())
    Result.insert(Result.begin() + 1, {"-include", Header});
  return Result;
}

} // namespace

llvm::StringRef hostOverloadsText() {
  // nvcc's signatures (crt/math_functions.h and .hpp), static inline as
  // there, so that a program that redefines one is rejected as by nvcc; the
  // bodies only have to compile, the parse generates no code.
  return R"(// Headroom: nvcc's host overloads of min and max (ParseFileSystem.h).
#pragma clang system_header
#ifndef __HEADROOM_NVCC_HOST_OVERLOADS_H
#define __HEADROOM_NVCC_HOST_OVERLOADS_H
#define __HEADROOM_MIN_MAX(R, A, B)                                            \
  static inline __attribute__((host)) R min(const A __a, const B __b) {        \
    return (R)__a < (R)__b ? (R)__a : (R)__b;                                  \
  }                                                                            \
  static inline __attribute__((host)) R max(const A __a, const B __b) {        \
    return (R)__a > (R)__b ? (R)__a : (R)__b;                                  \
  }
#define __HEADROOM_NAMED_MIN_MAX(Min, Max, T)                                  \
  static inline __attribute__((host)) T Min(const T __a, const T __b) {        \
    return __a < __b ? __a : __b;                                              \
  }                                                                            \
  static inline __attribute__((host)) T Max(const T __a, const T __b) {        \
    return __a > __b ? __a : __b;                                              \
  }
__HEADROOM_MIN_MAX(int, int, int)
__HEADROOM_MIN_MAX(unsigned int, unsigned int, unsigned int)
__HEADROOM_MIN_MAX(unsigned int, int, unsigned int)
__HEADROOM_MIN_MAX(unsigned int, unsigned int, int)
__HEADROOM_MIN_MAX(long int, long int, long int)
__HEADROOM_MIN_MAX(unsigned long int, unsigned long int, unsigned long int)
__HEADROOM_MIN_MAX(unsigned long int, long int, unsigned long int)
__HEADROOM_MIN_MAX(unsigned long int, unsigned long int, long int)
__HEADROOM_MIN_MAX(long long int, long long int, long long int)
__HEADROOM_MIN_MAX(unsigned long long int, unsigned long long int,
                   unsigned long long int)
__HEADROOM_MIN_MAX(unsigned long long int, long long int,
                   unsigned long long int)
__HEADROOM_MIN_MAX(unsigned long long int, unsigned long long int,
                   long long int)
__HEADROOM_MIN_MAX(float, float, float)
__HEADROOM_MIN_MAX(double, double, double)
__HEADROOM_MIN_MAX(double, float, double)
__HEADROOM_MIN_MAX(double, double, float)
__HEADROOM_NAMED_MIN_MAX(umin, umax, unsigned int)
__HEADROOM_NAMED_MIN_MAX(llmin, llmax, long long int)
__HEADROOM_NAMED_MIN_MAX(ullmin, ullmax, unsigned long long int)
#undef __HEADROOM_MIN_MAX
#undef __HEADROOM_NAMED_MIN_MAX
#endif
)";
}

std::vector<std::string> quotedIncludes(llvm::StringRef Wrapper) {
  std::vector<std::string> Names;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Wrapper.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("include"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("\""))
      continue;
    std::string Name = Line.take_until([](char C) { return C == '"'; }).str();
    if (!Name.empty() && !llvm::is_contained(Names, Name))
      Names.push_back(std::move(Name));
  }
  return Names;
}

ParseFileSystem
makeParseFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                    llvm::ArrayRef<std::string> CommandLine) {
  ParseFileSystem Result;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Seen = Base;
  std::string CudaPath = lastFlagValue(CommandLine, "--cuda-path");
  std::string ResourceDir = lastFlagValue(CommandLine, "-resource-dir");
  std::string Overloads;
  if (!CudaPath.empty() && !ResourceDir.empty() &&
      !llvm::is_contained(CommandLine, "-nocudainc")) {
    auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    Overloads = addWrapperHeaders(*Base, CudaPath, ResourceDir, *Memory,
                                  Result.VirtualFiles);
    if (!Result.VirtualFiles.empty()) {
      auto Overlay =
          llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Base);
      Overlay->pushOverlay(Memory);
      Seen = Overlay;
    }
  }
  Result.FileSystem = llvm::makeIntrusiveRefCnt<NormalizingFileSystem>(Seen);
  Result.CommandLine = includingFirst(CommandLine, Overloads);
  return Result;
}

llvm::Expected<llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>>
sourceFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                 const std::string &WorkingDirectory, const std::string &File) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS = std::move(Base);
  if (!FS)
    FS = llvm::vfs::createPhysicalFileSystem();
  if (!WorkingDirectory.empty())
    if (std::error_code EC = FS->setCurrentWorkingDirectory(WorkingDirectory))
      return llvm::createStringError(EC, "cannot enter directory '" +
                                             WorkingDirectory +
                                             "': " + EC.message());
  if (llvm::ErrorOr<llvm::vfs::Status> Status = FS->status(File); !Status)
    return llvm::createStringError(Status.getError(),
                                   "cannot read '" + File +
                                       "': " + Status.getError().message());
  return FS;
}

llvm::Expected<ParseFileSystem>
openParseFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                    const std::string &WorkingDirectory,
                    llvm::ArrayRef<std::string> CommandLine) {
  if (CommandLine.empty())
    return llvm::createStringError("no clang command line to parse");
  auto Opened =
      sourceFileSystem(std::move(Base), WorkingDirectory, CommandLine.back());
  if (!Opened)
    return Opened.takeError();
  return makeParseFileSystem(std::move(*Opened), CommandLine);
}

} // namespace headroom::ast
