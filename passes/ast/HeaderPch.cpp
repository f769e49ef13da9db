//===- HeaderPch.cpp - The shared headers of host parses, precompiled -----===//

#include "ast/HeaderPch.h"

#include "ast/ParseFileSystem.h"
#include "ast/SkippedBodies.h"
#include "ast/SystemHeaderSet.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <set>
#include <unistd.h>

namespace headroom::ast {

namespace fs = std::filesystem;

namespace {

/// How many PCHs (flag sets, with their sets of system headers) the
/// directory keeps.
constexpr size_t KeptPchs = 32;
/// The names a PCH of system headers uses, and the macros it defines,
/// beside it (macroConflict()): a line per name, after its prefix.
constexpr llvm::StringLiteral NamesSuffix = ".names";
constexpr llvm::StringLiteral UsedPrefix = "n:";
constexpr llvm::StringLiteral DefinedPrefix = "d:";
/// How long a temporary or unlisted file may be another compile's work in
/// progress before it is removed.
constexpr auto StaleWork = std::chrono::minutes(10);
/// How long a set of system headers seen once is remembered (seenBefore()).
constexpr auto SeenKept = std::chrono::hours(24 * 7);

std::string hex16(std::uint64_t Value) {
  char Hex[17];
  std::snprintf(Hex, sizeof(Hex), "%016llx",
                static_cast<unsigned long long>(Value));
  return Hex;
}

/// One file a PCH was built from, as the file system showed it then.
struct InputStamp {
  std::string Path;
  std::uint64_t Size = 0;
  std::int64_t Time = 0;
};

/// \p Path's stamp as \p FS shows it now; nothing when it cannot be read.
std::optional<InputStamp> stampOf(llvm::vfs::FileSystem &FS,
                                  const std::string &Path) {
  llvm::ErrorOr<llvm::vfs::Status> Status = FS.status(Path);
  if (!Status)
    return std::nullopt;
  return InputStamp{
      Path, Status->getSize(),
      static_cast<std::int64_t>(
          Status->getLastModificationTime().time_since_epoch().count())};
}

/// What the manifest of a key says.
struct Manifest {
  /// The PCH's file name in the directory; empty when its build failed.
  std::string Pch;
  std::uint64_t Size = 0;
  std::string Hash;
  /// Why the build failed; empty when it did not.
  std::string Failed;
  std::vector<InputStamp> Inputs;
};

llvm::json::Value toJson(const Manifest &M) {
  llvm::json::Array Inputs;
  for (const InputStamp &S : M.Inputs)
    Inputs.push_back(llvm::json::Array{S.Path, S.Size, S.Time});
  llvm::json::Object O{{"inputs", std::move(Inputs)}};
  if (M.Failed.empty()) {
    O["pch"] = M.Pch;
    O["size"] = M.Size;
    O["hash"] = M.Hash;
  } else {
    O["failed"] = M.Failed;
  }
  return llvm::json::Value(std::move(O));
}

/// The manifest at \p Path; nothing when it cannot be read or has another
/// shape.
std::optional<Manifest> readManifest(const std::string &Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFile(Path);
  if (!Text)
    return std::nullopt;
  llvm::Expected<llvm::json::Value> Parsed =
      llvm::json::parse((*Text)->getBuffer());
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return std::nullopt;
  }
  const llvm::json::Object *O = Parsed->getAsObject();
  if (!O)
    return std::nullopt;
  Manifest M;
  const llvm::json::Array *Inputs = O->getArray("inputs");
  if (!Inputs)
    return std::nullopt;
  for (const llvm::json::Value &V : *Inputs) {
    const llvm::json::Array *A = V.getAsArray();
    if (!A || A->size() != 3)
      return std::nullopt;
    std::optional<llvm::StringRef> File = (*A)[0].getAsString();
    std::optional<std::int64_t> Size = (*A)[1].getAsInteger();
    std::optional<std::int64_t> Time = (*A)[2].getAsInteger();
    if (!File || !Size || !Time)
      return std::nullopt;
    M.Inputs.push_back({File->str(), static_cast<std::uint64_t>(*Size), *Time});
  }
  if (std::optional<llvm::StringRef> Failed = O->getString("failed")) {
    M.Failed = Failed->str();
    return M;
  }
  std::optional<llvm::StringRef> Pch = O->getString("pch");
  std::optional<std::int64_t> Size = O->getInteger("size");
  std::optional<llvm::StringRef> Hash = O->getString("hash");
  if (!Pch || !Size || !Hash || Pch->empty() || Pch->contains('/'))
    return std::nullopt;
  M.Pch = Pch->str();
  M.Size = static_cast<std::uint64_t>(*Size);
  M.Hash = Hash->str();
  return M;
}

/// The first input of \p M that changed, as a reason; empty when none did.
std::string changedInput(const Manifest &M, llvm::vfs::FileSystem &FS) {
  for (const InputStamp &Then : M.Inputs) {
    std::optional<InputStamp> Now = stampOf(FS, Then.Path);
    if (!Now || Now->Size != Then.Size || Now->Time != Then.Time)
      return "'" + Then.Path + "' changed";
  }
  return "";
}

/// The hash of the file at \p Path, with its size; nothing when it cannot
/// be read.
std::optional<std::pair<std::uint64_t, std::string>>
hashOf(const std::string &Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Data =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!Data)
    return std::nullopt;
  return std::make_pair(static_cast<std::uint64_t>((*Data)->getBufferSize()),
                        hex16(llvm::xxh3_64bits((*Data)->getBuffer())));
}

/// Whether \p E is one of the project's include directories (`-I`,
/// `-iquote`), which a PCH is built and keyed without.
bool isProjectDirectory(const clang::HeaderSearchOptions::Entry &E) {
  return E.Group == clang::frontend::Quoted ||
         E.Group == clang::frontend::Angled;
}

/// \p Invocation without the project's include directories: the headers a
/// PCH holds are system headers, and sources with other `-I` directories
/// share it (shadowedHeader() checks that those directories do not hide
/// one of its headers).
void dropProjectDirectories(clang::CompilerInvocation &Invocation) {
  llvm::erase_if(Invocation.getHeaderSearchOpts().UserEntries,
                 isProjectDirectory);
}

/// Writes \p Text to \p Path through a temporary name in the same directory.
bool writeAtomically(const std::string &Path, const std::string &Text) {
  std::string Temp = Path + ".tmp" + std::to_string(::getpid());
  {
    std::error_code EC;
    llvm::raw_fd_ostream Out(Temp, EC);
    if (EC)
      return false;
    Out << Text;
    Out.close();
    if (Out.has_error()) {
      Out.clear_error();
      fs::remove(Temp, EC);
      return false;
    }
  }
  std::error_code EC;
  fs::rename(Temp, Path, EC);
  if (EC)
    fs::remove(Temp, EC);
  return !EC;
}

/// Holds back the diagnostics of an attempt to parse through a PCH until
/// the parse begins (open()): what comes before is clang loading the PCH,
/// and if that fails the attempt is dropped and its diagnostics with it.
/// Once open, it passes everything on.
class UntilParse : public clang::DiagnosticConsumer {
public:
  explicit UntilParse(clang::DiagnosticConsumer &Next) : Next(Next) {}

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override {
    if (Open) {
      Next.BeginSourceFile(LO, PP);
      return;
    }
    PendingLangOpts = &LO;
    PendingPreprocessor = PP;
  }
  void EndSourceFile() override {
    if (Open)
      Next.EndSourceFile();
    PendingLangOpts = nullptr;
  }
  void finish() override {
    if (Open)
      Next.finish();
  }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    // Counted as the next consumer counts (clang prints "N errors
    // generated" from the counts): what is held back never counts.
    if (Open) {
      Next.HandleDiagnostic(Level, Info);
      NumErrors = Next.getNumErrors();
      NumWarnings = Next.getNumWarnings();
      return;
    }
    if (Level >= clang::DiagnosticsEngine::Error && FirstError.empty()) {
      llvm::SmallString<128> Message;
      Info.FormatDiagnostic(Message);
      FirstError = std::string(Message);
    }
  }

  /// The parse begins: what follows is the parse's.
  void open() {
    if (Open)
      return;
    Open = true;
    if (PendingLangOpts)
      Next.BeginSourceFile(*PendingLangOpts, PendingPreprocessor);
    PendingLangOpts = nullptr;
  }

  /// The first error held back, as clang words it.
  std::string FirstError;

private:
  clang::DiagnosticConsumer &Next;
  bool Open = false;
  const clang::LangOptions *PendingLangOpts = nullptr;
  const clang::Preprocessor *PendingPreprocessor = nullptr;
};

/// The real path of every file \p SM read, else the name it was opened by.
std::vector<std::string> filesRead(const clang::SourceManager &SM) {
  std::vector<std::string> Files;
  for (auto I = SM.fileinfo_begin(), E = SM.fileinfo_end(); I != E; ++I) {
    llvm::StringRef Real = I->first.getFileEntry().tryGetRealPathName();
    Files.push_back(Real.empty() ? I->first.getName().str() : Real.str());
  }
  return Files;
}

/// What a PCH's build read: its files, every name its headers use, and
/// every macro they (or clang, or the command line) define.
struct PchBuildRead {
  std::vector<std::string> Inputs;
  std::vector<std::string> Names;
  std::set<std::string> Macros;
};

/// Lists the macros a build defines.
class MacrosDefined : public clang::PPCallbacks {
public:
  explicit MacrosDefined(std::set<std::string> &Macros) : Macros(Macros) {}
  void MacroDefined(const clang::Token &Name,
                    const clang::MacroDirective *) override {
    Macros.insert(Name.getIdentifierInfo()->getName().str());
  }

private:
  std::set<std::string> &Macros;
};

/// Skips the bodies the host parse skips, and lists what was read.
class PchBuildConsumer : public clang::ASTConsumer {
public:
  explicit PchBuildConsumer(PchBuildRead &Read) : Read(Read) {}
  bool shouldSkipFunctionBody(clang::Decl *D) override {
    return skipsFunctionBody(*D);
  }
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    Read.Inputs = filesRead(Ctx.getSourceManager());
    // Every identifier the headers' active code and conditions named (and
    // clang's keywords and builtins): a macro can change a header only
    // through one of them.
    for (const auto &Entry : Ctx.Idents)
      Read.Names.push_back(Entry.getKey().str());
  }

private:
  PchBuildRead &Read;
};

/// clang's PCH build, with the host parse's choice of bodies (a multiplexed
/// consumer skips what all its consumers skip; the PCH writer skips all).
class PchBuildAction : public clang::GeneratePCHAction {
public:
  explicit PchBuildAction(PchBuildRead &Read) : Read(Read) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI,
                    llvm::StringRef InFile) override {
    std::unique_ptr<clang::ASTConsumer> Writer =
        GeneratePCHAction::CreateASTConsumer(CI, InFile);
    if (!Writer)
      return nullptr;
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<MacrosDefined>(Read.Macros));
    std::vector<std::unique_ptr<clang::ASTConsumer>> Both;
    Both.push_back(std::move(Writer));
    Both.push_back(std::make_unique<PchBuildConsumer>(Read));
    return std::make_unique<clang::MultiplexConsumer>(std::move(Both));
  }

private:
  PchBuildRead &Read;
};

/// One run of an action on an invocation.
struct Attempt {
  bool Succeeded = false;
  /// Whether the action began to parse.
  bool Began = false;
  /// With a gate, the first error before the parse began.
  std::string FirstError;
};

/// Runs \p Make's action on \p Invocation. With \p Gate, the diagnostics
/// before the parse begins are held back (UntilParse).
Attempt runAttempt(std::shared_ptr<clang::CompilerInvocation> Invocation,
                   clang::FileManager &Files,
                   std::shared_ptr<clang::PCHContainerOperations> Operations,
                   clang::DiagnosticConsumer &Diagnostics,
                   const ParseActionMaker &Make, bool Gate) {
  UntilParse Held(Diagnostics);
  Attempt Result;
  clang::CompilerInstance Compiler(std::move(Invocation),
                                   std::move(Operations));
  Compiler.setVirtualFileSystem(Files.getVirtualFileSystemPtr());
  Compiler.setFileManager(&Files);
  // Deleted before the compiler instance, which it may refer to.
  std::unique_ptr<clang::FrontendAction> Action = Make([&] {
    Result.Began = true;
    Held.open();
  });
  Compiler.createDiagnostics(Gate ? &Held : &Diagnostics,
                             /*ShouldOwnClient=*/false);
  if (!Compiler.hasDiagnostics())
    return Result;
  Compiler.createSourceManager();
  Result.Succeeded = Compiler.ExecuteAction(*Action);
  Files.clearStatCache();
  Result.FirstError = Held.FirstError;
  return Result;
}

/// Keeps the first error; the PCH build's diagnostics decide whether the
/// PCH is kept and are shown to no one (not even counted, or clang would
/// print "N errors generated").
class BuildDiagnostics : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    if (Level >= clang::DiagnosticsEngine::Error && FirstError.empty()) {
      llvm::SmallString<128> Message;
      Info.FormatDiagnostic(Message);
      FirstError = std::string(Message);
    }
  }
  std::string FirstError;
};

std::string seconds(std::chrono::steady_clock::time_point Begin) {
  char Text[32];
  std::snprintf(
      Text, sizeof(Text), "%.2f s",
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Begin)
          .count());
  return Text;
}

std::string megabytes(std::uint64_t Bytes) {
  char Text[32];
  std::snprintf(Text, sizeof(Text), "%.1f MB", Bytes / 1e6);
  return Text;
}

/// The PCH cache of one directory, for one key.
class PchEntry {
public:
  PchEntry(std::string Directory, std::string Key)
      : Directory(std::move(Directory)), Key(std::move(Key)) {}

  std::string manifestPath() const { return Directory + "/" + Key + ".json"; }
  std::string pchPath(const std::string &Name) const {
    return Directory + "/" + Name;
  }

  /// Builds the PCH of \p Invocation's first \p Count force-included
  /// headers and of the system headers \p Headers, and records it (or its
  /// failure); the PCH's path, or empty with \p Why set.
  std::string build(const clang::CompilerInvocation &Invocation, size_t Count,
                    llvm::ArrayRef<std::string> Headers,
                    clang::FileManager &Files,
                    std::shared_ptr<clang::PCHContainerOperations> Operations,
                    std::string &Why);

  /// Removes the PCHs of the flag sets used longest ago, beyond KeptPchs,
  /// files left by compiles that did not finish, and sets seen long ago.
  void evict() const;

  /// Whether a parse saw this key before (markSeen()). A PCH of a set of
  /// system headers costs more to build than a parse without it, and pays
  /// back only in later parses with the same set: it is built the second
  /// time a set is seen, so a set that one source alone has (in a clean
  /// build, where each source is parsed once) costs nothing.
  bool seenBefore() const { return fs::exists(seenPath()); }
  void markSeen() const {
    std::error_code EC;
    fs::create_directories(Directory + "/seen", EC);
    writeAtomically(seenPath(), "");
  }

private:
  std::string seenPath() const { return Directory + "/seen/" + Key; }

  std::string Directory;
  std::string Key;
};

std::string
PchEntry::build(const clang::CompilerInvocation &Invocation, size_t Count,
                llvm::ArrayRef<std::string> Headers, clang::FileManager &Files,
                std::shared_ptr<clang::PCHContainerOperations> Operations,
                std::string &Why) {
  std::error_code EC;
  fs::create_directories(Directory, EC);
  int FD = -1;
  llvm::SmallString<256> Temp;
  if (llvm::sys::fs::createUniqueFile(
          Directory + "/" + Key + "-%%%%%%%%.pch.tmp", FD, Temp)) {
    Why = "cannot write in '" + Directory + "'";
    return "";
  }
  ::close(FD);
  std::string TempPath(Temp);

  auto Build = std::make_shared<clang::CompilerInvocation>(Invocation);
  dropProjectDirectories(*Build);
  clang::PreprocessorOptions &PPOpts = Build->getPreprocessorOpts();
  PPOpts.Includes.resize(Count);
  PPOpts.ImplicitPCHInclude.clear();
  clang::FrontendOptions &FEOpts = Build->getFrontendOpts();
  clang::InputKind Kind = FEOpts.Inputs.empty()
                              ? clang::InputKind(clang::Language::CUDA)
                              : FEOpts.Inputs.front().getKind();
  // The wrapper comes from the force-includes; the main file includes the
  // system headers of the set, as the parse would find them.
  std::string Includes;
  for (const std::string &H : Headers)
    Includes += "#include <" + H + ">\n";
  std::unique_ptr<llvm::MemoryBuffer> Main = llvm::MemoryBuffer::getMemBuffer(
      Includes, "<headroom precompiled headers>");
  FEOpts.Inputs.clear();
  FEOpts.Inputs.emplace_back(Main->getMemBufferRef(), Kind);
  FEOpts.OutputFile = TempPath;
  FEOpts.ProgramAction = clang::frontend::GeneratePCH;
  FEOpts.SkipFunctionBodies = true;

  PchBuildRead Read;
  BuildDiagnostics Diagnostics;
  Attempt Built = runAttempt(
      Build, Files, std::move(Operations), Diagnostics,
      [&Read](std::function<void()>) {
        return std::make_unique<PchBuildAction>(Read);
      },
      /*Gate=*/false);

  Manifest M;
  llvm::vfs::FileSystem &FS = Files.getVirtualFileSystem();
  for (const std::string &Path : Read.Inputs)
    if (std::optional<InputStamp> S = stampOf(FS, Path))
      M.Inputs.push_back(*S);
  std::optional<std::pair<std::uint64_t, std::string>> Hash;
  if (!Built.Succeeded || !Diagnostics.FirstError.empty() ||
      Read.Inputs.empty()) {
    M.Failed = Diagnostics.FirstError.empty()
                   ? "clang could not build it"
                   : "its headers do not compile with these flags (" +
                         Diagnostics.FirstError + ")";
  } else if (!(Hash = hashOf(TempPath)) || Hash->first == 0) {
    Why = "the precompiled header could not be written";
    fs::remove(TempPath, EC);
    return "";
  }
  std::optional<Manifest> Before = readManifest(manifestPath());
  if (!M.Failed.empty()) {
    fs::remove(TempPath, EC);
    Why = M.Failed;
    // A failure is recorded only where its inputs are known, so that a
    // changed header retries.
    if (!M.Inputs.empty())
      writeAtomically(manifestPath(), llvm::formatv("{0}", toJson(M)).str());
    return "";
  }
  std::string Name = llvm::sys::path::filename(TempPath).str();
  Name.resize(Name.size() - std::string_view(".tmp").size());
  fs::rename(TempPath, pchPath(Name), EC);
  if (EC) {
    fs::remove(TempPath, EC);
    Why = "the precompiled header could not be written";
    return "";
  }
  M.Pch = Name;
  M.Size = Hash->first;
  M.Hash = Hash->second;
  // Written whole before the manifest names the PCH: a reader that finds
  // the PCH finds its names.
  if (!Headers.empty()) {
    llvm::sort(Read.Names);
    std::string Names = "\n";
    for (const std::string &N : Read.Names)
      ((Names += UsedPrefix) += N) += '\n';
    for (const std::string &N : Read.Macros)
      ((Names += DefinedPrefix) += N) += '\n';
    if (!writeAtomically(pchPath(Name) + NamesSuffix.str(), Names)) {
      fs::remove(pchPath(Name), EC);
      Why = "the names of its headers could not be written";
      return "";
    }
  }
  if (!writeAtomically(manifestPath(), llvm::formatv("{0}", toJson(M)).str())) {
    fs::remove(pchPath(Name), EC);
    Why = "its manifest could not be written";
    return "";
  }
  if (Before && !Before->Pch.empty() && Before->Pch != Name) {
    fs::remove(pchPath(Before->Pch), EC);
    fs::remove(pchPath(Before->Pch) + NamesSuffix.str(), EC);
  }
  evict();
  return pchPath(Name);
}

void PchEntry::evict() const {
  std::error_code EC;
  struct Kept {
    fs::path Manifest;
    fs::file_time_type Used;
  };
  std::vector<Kept> Manifests;
  std::vector<std::string> Listed;
  std::vector<fs::directory_entry> Others;
  for (const fs::directory_entry &E : fs::directory_iterator(Directory, EC)) {
    std::error_code TimeEC;
    if (E.path().extension() == ".json") {
      fs::file_time_type Used = fs::last_write_time(E.path(), TimeEC);
      if (!TimeEC)
        Manifests.push_back({E.path(), Used});
      if (std::optional<Manifest> M = readManifest(E.path().string()))
        if (!M->Pch.empty())
          Listed.push_back(M->Pch);
    } else {
      Others.push_back(E);
    }
  }
  std::sort(Manifests.begin(), Manifests.end(),
            [](const Kept &A, const Kept &B) { return A.Used > B.Used; });
  for (size_t I = KeptPchs; I < Manifests.size(); ++I) {
    if (std::optional<Manifest> M =
            readManifest(Manifests[I].Manifest.string()))
      if (!M->Pch.empty()) {
        fs::remove(pchPath(M->Pch), EC);
        fs::remove(pchPath(M->Pch) + NamesSuffix.str(), EC);
        llvm::erase(Listed, M->Pch);
      }
    fs::remove(Manifests[I].Manifest, EC);
  }
  // PCHs no manifest names (the loser of two builds at once) and temporary
  // files, once no compile can still be writing or about to read them.
  auto Now = fs::file_time_type::clock::now();
  for (const fs::directory_entry &E : Others) {
    llvm::StringRef Name = E.path().filename().native();
    if (llvm::is_contained(Listed, Name) ||
        (Name.ends_with(NamesSuffix) &&
         llvm::is_contained(Listed, Name.drop_back(NamesSuffix.size()))))
      continue;
    std::error_code TimeEC;
    fs::file_time_type Written = fs::last_write_time(E.path(), TimeEC);
    if (!TimeEC && Now - Written > StaleWork && !E.is_directory(TimeEC))
      fs::remove(E.path(), EC);
  }
  for (const fs::directory_entry &E :
       fs::directory_iterator(Directory + "/seen", EC)) {
    std::error_code TimeEC;
    fs::file_time_type Seen = fs::last_write_time(E.path(), TimeEC);
    if (!TimeEC && Now - Seen > SeenKept)
      fs::remove(E.path(), EC);
  }
}

} // namespace

size_t precompiledIncludeCount(llvm::ArrayRef<std::string> Includes) {
  if (Includes.empty() || Includes.front() != "__clang_cuda_runtime_wrapper.h")
    return 0;
  size_t Count = 1;
  if (Includes.size() > 1 &&
      llvm::sys::path::filename(Includes[1]) == HostOverloadsHeader)
    ++Count;
  return Count;
}

std::string headerPchKey(const clang::CompilerInvocation &Invocation,
                         llvm::StringRef WorkingDirectory,
                         llvm::StringRef Identity,
                         llvm::ArrayRef<std::string> SystemHeaders) {
  clang::CompilerInvocation Copy(Invocation);
  clang::FrontendOptions &FEOpts = Copy.getFrontendOpts();
  // The source, and what is named after it, are the only parts of the
  // invocation that differ between the sources of one flag set.
  for (clang::FrontendInputFile &Input : FEOpts.Inputs)
    Input = clang::FrontendInputFile("<source>", Input.getKind());
  FEOpts.OutputFile.clear();
  Copy.getCodeGenOpts().MainFileName.clear();
  Copy.getPreprocessorOpts().ImplicitPCHInclude.clear();
  // The driver's CUDA compilation unit ID hashes the source's name: it
  // names device variables in code generation, not declarations.
  Copy.getLangOpts().CUID.clear();
  dropProjectDirectories(Copy);
  std::string Text = clang::getClangFullVersion();
  for (llvm::StringRef Part : {Identity, WorkingDirectory})
    (Text += '\0') += Part;
  for (const std::string &Arg : Copy.getCC1CommandLine())
    (Text += '\0') += Arg;
  if (!SystemHeaders.empty())
    Text += "\0<system headers>";
  for (const std::string &H : SystemHeaders)
    (Text += '\0') += H;
  return hex16(llvm::xxh3_64bits(Text));
}

namespace {

/// The PCH of one key, found valid or built.
struct PchFound {
  /// Its path; empty when there is none, with Why set.
  std::string Path;
  std::string Why;
  bool Built = false;
  /// Why it was built again, when it was.
  std::string Changed;
  std::chrono::steady_clock::time_point Begin;
};

PchFound
findOrBuild(PchEntry &Entry, const clang::CompilerInvocation &Invocation,
            size_t Count, llvm::ArrayRef<std::string> Headers,
            clang::FileManager &Files,
            std::shared_ptr<clang::PCHContainerOperations> Operations) {
  PchFound Out;
  Out.Begin = std::chrono::steady_clock::now();
  llvm::vfs::FileSystem &FS = Files.getVirtualFileSystem();
  std::optional<Manifest> Found = readManifest(Entry.manifestPath());
  Out.Changed = Found ? changedInput(*Found, FS) : "";
  if (Found && Out.Changed.empty() && !Found->Failed.empty()) {
    Out.Why = Found->Failed;
    return Out;
  }
  if (Found && Out.Changed.empty()) {
    std::optional<std::pair<std::uint64_t, std::string>> Hash =
        hashOf(Entry.pchPath(Found->Pch));
    if (Hash && Hash->first == Found->Size && Hash->second == Found->Hash) {
      Out.Path = Entry.pchPath(Found->Pch);
      std::error_code EC;
      // Its use renews it (evict()).
      fs::last_write_time(Entry.manifestPath(),
                          fs::file_time_type::clock::now(), EC);
      return Out;
    }
    Out.Changed = "the precompiled header is not the one written";
  }
  Out.Path = Entry.build(Invocation, Count, Headers, Files,
                         std::move(Operations), Out.Why);
  Out.Built = !Out.Path.empty();
  return Out;
}

/// A macro of \p Set that may change a header of the PCH at \p Pch, as a
/// reason not to read them from it; empty when none does.
std::string macroConflict(const std::string &Pch, const SystemHeaderSet &Set) {
  if (Set.MacrosBefore.empty())
    return "";
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Names =
      llvm::MemoryBuffer::getFile(Pch + NamesSuffix.str());
  if (!Names)
    return "the names its system headers use cannot be read";
  llvm::StringRef Text = (*Names)->getBuffer();
  auto Listed = [Text](llvm::StringRef Prefix, llvm::StringRef Name) {
    return Text.contains(("\n" + Prefix + Name + "\n").str());
  };
  std::optional<std::string> Changing = macroChangingHeaders(
      Set, [&](llvm::StringRef N) { return Listed(UsedPrefix, N); },
      [&](llvm::StringRef N) { return Listed(DefinedPrefix, N); });
  return Changing ? "its macro '" + *Changing +
                        "' comes before a system header that uses it"
                  : "";
}

/// A header of \p Inputs (a PCH's) that a project include directory of
/// \p Search would find before its system directory does, under the name
/// it has there (`-Iinc` with an `inc/vector`): the PCH, built without those
/// directories, does not hold what the parse would read. As a reason;
/// empty when there is none.
std::string shadowedHeader(const std::vector<InputStamp> &Inputs,
                           const clang::HeaderSearchOptions &Search,
                           llvm::vfs::FileSystem &FS) {
  std::vector<std::string> Project, System;
  for (const clang::HeaderSearchOptions::Entry &E : Search.UserEntries) {
    llvm::SmallString<256> Path(E.Path), Real;
    if (E.IsFramework || FS.makeAbsolute(Path) || FS.getRealPath(Path, Real))
      continue;
    (isProjectDirectory(E) ? Project : System).push_back(std::string(Real));
  }
  // One that is also a system directory is one, as clang has it.
  llvm::erase_if(Project, [&](const std::string &Dir) {
    return llvm::is_contained(System, Dir);
  });
  if (Project.empty())
    return "";
  for (const InputStamp &Input : Inputs)
    for (const std::string &Dir : System) {
      llvm::StringRef Name(Input.Path);
      if (!Name.consume_front(Dir) || !Name.consume_front("/"))
        continue;
      for (const std::string &Own : Project)
        if (FS.exists(Own + "/" + Name.str()))
          return "its include directory '" + Own + "' has '" + Name.str() +
                 "', a header the precompiled header holds";
    }
  return "";
}

/// The absolute paths of \p Invocation's own files: the force-included
/// headers after the first \p Count, then the main file.
std::vector<std::string> ownFiles(const clang::CompilerInvocation &Invocation,
                                  size_t Count, llvm::vfs::FileSystem &FS) {
  std::vector<std::string> Files;
  auto Add = [&](llvm::StringRef Name) {
    llvm::SmallString<256> Path(Name);
    if (!FS.makeAbsolute(Path))
      Files.push_back(std::string(Path));
  };
  const std::vector<std::string> &Includes =
      Invocation.getPreprocessorOpts().Includes;
  for (size_t I = Count; I < Includes.size(); ++I)
    Add(Includes[I]);
  for (const clang::FrontendInputFile &Input :
       Invocation.getFrontendOpts().Inputs)
    if (Input.isFile())
      Add(Input.getFile());
  return Files;
}

} // namespace

bool runParse(std::shared_ptr<clang::CompilerInvocation> Invocation,
              clang::FileManager &Files,
              std::shared_ptr<clang::PCHContainerOperations> Operations,
              clang::DiagnosticConsumer &Diagnostics,
              const HeaderPchOptions &Options, const ParseActionMaker &Make,
              HeaderPchReport &Report) {
  size_t Count =
      precompiledIncludeCount(Invocation->getPreprocessorOpts().Includes);
  if (Options.Directory.empty() || Count == 0) {
    if (!Options.Directory.empty())
      Report.Note = "parsed without a precompiled header: the parse "
                    "force-includes no CUDA wrapper";
    return runAttempt(std::move(Invocation), Files, std::move(Operations),
                      Diagnostics, Make, /*Gate=*/false)
        .Succeeded;
  }
  llvm::vfs::FileSystem &FS = Files.getVirtualFileSystem();
  llvm::ErrorOr<std::string> Cwd = FS.getCurrentWorkingDirectory();
  std::string WorkingDirectory = Cwd ? *Cwd : "";
  // clang checks the system headers a PCH was built from too, as the
  // parse's headers are almost all system headers (the build's invocation
  // has it as well, so that the two agree).
  auto Plain = std::make_shared<clang::CompilerInvocation>(*Invocation);
  Invocation->getHeaderSearchOpts().ModulesValidateSystemHeaders = true;

  /// One attempt through the PCH \p Found of \p Entry; whether the parse
  /// began (clang took the PCH).
  auto Through = [&](PchEntry &Entry, const PchFound &Found,
                     llvm::StringRef What, bool &Succeeded) {
    std::optional<Manifest> Used = readManifest(Entry.manifestPath());
    std::vector<std::string> Inputs;
    if (!Used || Used->Pch != llvm::sys::path::filename(Found.Path)) {
      Report.Note = "its manifest no longer names " + Found.Path;
      return false;
    }
    for (const InputStamp &S : Used->Inputs)
      Inputs.push_back(S.Path);
    Report.Note =
        shadowedHeader(Used->Inputs, Invocation->getHeaderSearchOpts(),
                       Files.getVirtualFileSystem());
    if (!Report.Note.empty())
      return false;
    auto Attempted = std::make_shared<clang::CompilerInvocation>(*Invocation);
    Attempted->getPreprocessorOpts().ImplicitPCHInclude = Found.Path;
    Attempt WithPch = runAttempt(std::move(Attempted), Files, Operations,
                                 Diagnostics, Make, /*Gate=*/true);
    Succeeded = WithPch.Succeeded;
    if (!WithPch.Began) {
      Report.Note =
          "clang refused " + Found.Path +
          (WithPch.FirstError.empty() ? std::string()
                                      : " (" + WithPch.FirstError + ")");
      return false;
    }
    Report.Inputs = std::move(Inputs);
    if (Found.Built)
      Report.Note = "built the precompiled header of " + What.str() + " (" +
                    megabytes(Used->Size) + ") in " + seconds(Found.Begin) +
                    (Found.Changed.empty() ? "" : ", as " + Found.Changed) +
                    ": " + Found.Path;
    else
      Report.Note =
          "read " + What.str() + " from the precompiled header " + Found.Path;
    return true;
  };

  bool Succeeded = false;
  std::string WithoutSet;
  if (Options.SystemHeaders) {
    SystemHeaderSet Set =
        findSystemHeaders(Invocation->getHeaderSearchOpts(),
                          ownFiles(*Invocation, Count, FS), FS);
    if (!Set.Blocked.empty()) {
      WithoutSet = Set.Blocked;
    } else if (!Set.Headers.empty()) {
      PchEntry Entry(Options.Directory,
                     headerPchKey(*Invocation, WorkingDirectory,
                                  Options.Identity, Set.Headers));
      PchFound Found;
      if (fs::exists(Entry.manifestPath()) || Entry.seenBefore())
        Found = findOrBuild(Entry, *Invocation, Count, Set.Headers, Files,
                            Operations);
      else
        Found.Why = "the first parse with them (their precompiled header is "
                    "built when another parse has them too)";
      Entry.markSeen();
      WithoutSet =
          Found.Path.empty() ? Found.Why : macroConflict(Found.Path, Set);
      std::string What =
          "its headers and the " + std::to_string(Set.Headers.size()) +
          (Set.Headers.size() == 1 ? " system header" : " system headers") +
          " its files include";
      if (WithoutSet.empty() && Through(Entry, Found, What, Succeeded))
        return Succeeded;
      if (WithoutSet.empty())
        WithoutSet = Report.Note;
    }
  }
  std::string Unset =
      WithoutSet.empty() ? "" : "; not its system headers: " + WithoutSet;

  PchEntry Entry(Options.Directory,
                 headerPchKey(*Invocation, WorkingDirectory, Options.Identity));
  PchFound Found =
      findOrBuild(Entry, *Invocation, Count, {}, Files, Operations);
  if (!Found.Path.empty() && Through(Entry, Found, "its headers", Succeeded)) {
    Report.Note += Unset;
    return Succeeded;
  }
  Report.Inputs.clear();
  Report.Note = "parsed without a precompiled header: " +
                (Found.Path.empty() ? Found.Why : Report.Note) + Unset;
  return runAttempt(std::move(Plain), Files, std::move(Operations), Diagnostics,
                    Make, /*Gate=*/false)
      .Succeeded;
}

} // namespace headroom::ast
