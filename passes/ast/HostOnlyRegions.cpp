//===- HostOnlyRegions.cpp - Code that device compilation never sees ------===//

#include "ast/HostOnlyRegions.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Token.h"

namespace headroom::ast {

namespace {

/// What a conditional's test says about __CUDA_ARCH__.
enum class ArchTest { Unrelated, HostOnly, DeviceOnly };

/// Drops comments and whitespace, so that `! defined ( __CUDA_ARCH__ ) //`
/// compares equal to `!defined(__CUDA_ARCH__)`.
std::string squeeze(llvm::StringRef Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text.substr(I).starts_with("//"))
      break;
    if (Text.substr(I).starts_with("/*")) {
      size_t End = Text.find("*/", I + 2);
      if (End == llvm::StringRef::npos)
        break;
      I = End + 1;
      continue;
    }
    if (!llvm::isSpace(Text[I]) && Text[I] != '\\')
      Out.push_back(Text[I]);
  }
  return Out;
}

ArchTest classifyCondition(llvm::StringRef Text) {
  std::string S = squeeze(Text);
  if (S == "!defined(__CUDA_ARCH__)" || S == "!defined__CUDA_ARCH__" ||
      S == "!__CUDA_ARCH__")
    return ArchTest::HostOnly;
  if (S == "defined(__CUDA_ARCH__)" || S == "defined__CUDA_ARCH__" ||
      S == "__CUDA_ARCH__")
    return ArchTest::DeviceOnly;
  return ArchTest::Unrelated;
}

class Callbacks : public clang::PPCallbacks {
public:
  Callbacks(HostOnlyRegions &Regions, const clang::SourceManager &SM)
      : Regions(Regions), SM(SM) {}

  void If(clang::SourceLocation Loc, clang::SourceRange Cond,
          ConditionValueKind) override {
    open(Loc, classifyCondition(text(Cond)));
  }
  void Ifdef(clang::SourceLocation Loc, const clang::Token &Name,
             const clang::MacroDefinition &) override {
    open(Loc, isCudaArch(Name) ? ArchTest::DeviceOnly : ArchTest::Unrelated);
  }
  void Ifndef(clang::SourceLocation Loc, const clang::Token &Name,
              const clang::MacroDefinition &) override {
    open(Loc, isCudaArch(Name) ? ArchTest::HostOnly : ArchTest::Unrelated);
  }
  void Elif(clang::SourceLocation Loc, clang::SourceRange Cond,
            ConditionValueKind, clang::SourceLocation) override {
    branch(Loc, classifyCondition(text(Cond)));
  }
  void Elifdef(clang::SourceLocation Loc, const clang::Token &Name,
               const clang::MacroDefinition &) override {
    branch(Loc, isCudaArch(Name) ? ArchTest::DeviceOnly : ArchTest::Unrelated);
  }
  void Elifdef(clang::SourceLocation Loc, clang::SourceRange Cond,
               clang::SourceLocation) override {
    branch(Loc, squeeze(text(Cond)) == "__CUDA_ARCH__" ? ArchTest::DeviceOnly
                                                       : ArchTest::Unrelated);
  }
  void Elifndef(clang::SourceLocation Loc, const clang::Token &Name,
                const clang::MacroDefinition &) override {
    branch(Loc, isCudaArch(Name) ? ArchTest::HostOnly : ArchTest::Unrelated);
  }
  void Elifndef(clang::SourceLocation Loc, clang::SourceRange Cond,
                clang::SourceLocation) override {
    branch(Loc, squeeze(text(Cond)) == "__CUDA_ARCH__" ? ArchTest::HostOnly
                                                       : ArchTest::Unrelated);
  }
  void Else(clang::SourceLocation Loc, clang::SourceLocation) override {
    branch(Loc, ArchTest::Unrelated);
  }
  void Endif(clang::SourceLocation Loc, clang::SourceLocation) override {
    if (Stack.empty())
      return;
    close(Loc);
    Stack.pop_back();
  }

private:
  /// One open conditional directive, e.g. the `#if` ... `#endif` group.
  struct Group {
    clang::FileID File;
    /// Whether the current branch is host-only, and where it began.
    bool HostOnly = false;
    unsigned BranchBegin = 0;
    /// A branch tested defined(__CUDA_ARCH__): all later ones are host-only.
    bool AfterDeviceBranch = false;
  };

  static bool isCudaArch(const clang::Token &Name) {
    const clang::IdentifierInfo *II = Name.getIdentifierInfo();
    return II && II->getName() == "__CUDA_ARCH__";
  }

  llvm::StringRef text(clang::SourceRange R) const {
    return clang::Lexer::getSourceText(clang::CharSourceRange::getCharRange(R),
                                       SM, clang::LangOptions());
  }

  void open(clang::SourceLocation Loc, ArchTest Test) {
    Group G;
    G.File = SM.getFileID(SM.getFileLoc(Loc));
    Stack.push_back(G);
    begin(Loc, Test);
  }

  void branch(clang::SourceLocation Loc, ArchTest Test) {
    if (Stack.empty())
      return;
    close(Loc);
    begin(Loc, Test);
  }

  void begin(clang::SourceLocation Loc, ArchTest Test) {
    Group &G = Stack.back();
    G.HostOnly = G.AfterDeviceBranch || Test == ArchTest::HostOnly;
    G.AfterDeviceBranch |= Test == ArchTest::DeviceOnly;
    G.BranchBegin = SM.getFileOffset(SM.getFileLoc(Loc));
  }

  void close(clang::SourceLocation Loc) {
    const Group &G = Stack.back();
    if (G.HostOnly)
      Regions.add(G.File, G.BranchBegin, SM.getFileOffset(SM.getFileLoc(Loc)));
  }

  HostOnlyRegions &Regions;
  const clang::SourceManager &SM;
  std::vector<Group> Stack;
};

} // namespace

std::unique_ptr<clang::PPCallbacks>
HostOnlyRegions::makeCallbacks(const clang::SourceManager &SM) {
  return std::make_unique<Callbacks>(*this, SM);
}

bool HostOnlyRegions::contains(clang::FileID File, unsigned Offset) const {
  auto It = Ranges.find(File.getHashValue());
  if (It == Ranges.end())
    return false;
  for (const auto &[Begin, End] : It->second)
    if (Begin <= Offset && Offset < End)
      return true;
  return false;
}

} // namespace headroom::ast
