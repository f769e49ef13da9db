//===- IncludeGraph.cpp - The #include directives of a TU -----------------===//

#include "ast/IncludeGraph.h"

#include "ast/LaunchSiteFinder.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Token.h"
#include "llvm/Support/Path.h"

namespace headroom::ast {

namespace {

class Callbacks : public clang::PPCallbacks {
public:
  Callbacks(IncludeGraph &Graph, const clang::SourceManager &SM)
      : Graph(Graph), SM(SM) {}

  void InclusionDirective(clang::SourceLocation HashLoc,
                          const clang::Token &IncludeTok,
                          llvm::StringRef FileName, bool IsAngled,
                          clang::CharSourceRange FilenameRange,
                          clang::OptionalFileEntryRef File, llvm::StringRef,
                          llvm::StringRef, const clang::Module *, bool,
                          clang::SrcMgr::CharacteristicKind) override {
    IncludeDirective D;
    clang::FileID Includer = SM.getFileID(SM.getFileLoc(HashLoc));
    D.Includer = absoluteFileName(SM, Includer);
    D.IncluderIsMain = Includer == SM.getMainFileID();
    D.IncluderIsSystem = SM.isInSystemHeader(HashLoc);
    D.FromMacro = FilenameRange.getBegin().isMacroID() ||
                  FilenameRange.getEnd().isMacroID();
    if (!D.FromMacro) {
      D.NameBegin = SM.getFileOffset(FilenameRange.getBegin());
      D.NameEnd = SM.getFileOffset(FilenameRange.getEnd());
    }
    D.IsAngled = IsAngled;
    const clang::IdentifierInfo *II = IncludeTok.getIdentifierInfo();
    D.IsIncludeNext = II && II->getPPKeywordID() == clang::tok::pp_include_next;
    D.Spelled = FileName.str();
    if (File) {
      llvm::SmallString<256> Path(File->getName());
      SM.getFileManager().makeAbsolutePath(Path);
      llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
      D.Target = std::string(Path);
    }
    Graph.add(std::move(D));
  }

private:
  IncludeGraph &Graph;
  const clang::SourceManager &SM;
};

} // namespace

std::unique_ptr<clang::PPCallbacks>
IncludeGraph::makeCallbacks(const clang::SourceManager &SM) {
  return std::make_unique<Callbacks>(*this, SM);
}

} // namespace headroom::ast
