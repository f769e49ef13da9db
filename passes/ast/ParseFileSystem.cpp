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

  llvm::ErrorOr<llvm::vfs::Status> status() override {
    return Inner->status();
  }
  llvm::ErrorOr<std::string> getName() override { return Inner->getName(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize,
            bool RequiresNullTerminator, bool IsVolatile) override {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
        Inner->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    if (!Buffer)
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
/// the file in \p CudaPath/include.
void addForwarders(llvm::vfs::FileSystem &Base, llvm::StringRef CudaPath,
                   llvm::StringRef ResourceDir,
                   llvm::vfs::InMemoryFileSystem &Memory,
                   std::vector<std::string> &Paths) {
  llvm::SmallString<256> WrapperDir(ResourceDir), ToolkitDir(CudaPath);
  llvm::sys::path::append(WrapperDir, "include");
  llvm::sys::path::append(ToolkitDir, "include");
  if (Base.makeAbsolute(ToolkitDir) || Base.makeAbsolute(WrapperDir))
    return;
  llvm::SmallString<256> Wrapper(WrapperDir);
  llvm::sys::path::append(Wrapper, "__clang_cuda_runtime_wrapper.h");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      Base.getBufferForFile(Wrapper);
  if (!Text)
    return;
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
}

} // namespace

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
  if (!CudaPath.empty() && !ResourceDir.empty() &&
      !llvm::is_contained(CommandLine, "-nocudainc")) {
    auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    addForwarders(*Base, CudaPath, ResourceDir, *Memory, Result.VirtualFiles);
    if (!Result.VirtualFiles.empty()) {
      auto Overlay =
          llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(Base);
      Overlay->pushOverlay(Memory);
      Seen = Overlay;
    }
  }
  Result.FileSystem = llvm::makeIntrusiveRefCnt<NormalizingFileSystem>(Seen);
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
