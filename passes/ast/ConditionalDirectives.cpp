//===- ConditionalDirectives.cpp - Where #if ... #endif lines are ---------===//

#include "ast/ConditionalDirectives.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"

namespace headroom::ast {

namespace {

class Callbacks : public clang::PPCallbacks {
public:
  Callbacks(ConditionalDirectives &Directives, const clang::SourceManager &SM)
      : Directives(Directives), SM(SM) {}

  void If(clang::SourceLocation Loc, clang::SourceRange,
          ConditionValueKind) override {
    record(Loc);
  }
  void Ifdef(clang::SourceLocation Loc, const clang::Token &,
             const clang::MacroDefinition &) override {
    record(Loc);
  }
  void Ifndef(clang::SourceLocation Loc, const clang::Token &,
              const clang::MacroDefinition &) override {
    record(Loc);
  }
  void Elif(clang::SourceLocation Loc, clang::SourceRange, ConditionValueKind,
            clang::SourceLocation) override {
    record(Loc);
  }
  void Elifdef(clang::SourceLocation Loc, const clang::Token &,
               const clang::MacroDefinition &) override {
    record(Loc);
  }
  void Elifdef(clang::SourceLocation Loc, clang::SourceRange,
               clang::SourceLocation) override {
    record(Loc);
  }
  void Elifndef(clang::SourceLocation Loc, const clang::Token &,
                const clang::MacroDefinition &) override {
    record(Loc);
  }
  void Elifndef(clang::SourceLocation Loc, clang::SourceRange,
                clang::SourceLocation) override {
    record(Loc);
  }
  void Else(clang::SourceLocation Loc, clang::SourceLocation) override {
    record(Loc);
  }
  void Endif(clang::SourceLocation Loc, clang::SourceLocation) override {
    record(Loc);
  }

private:
  void record(clang::SourceLocation Loc) {
    clang::SourceLocation FileLoc = SM.getFileLoc(Loc);
    Directives.add(SM.getFileID(FileLoc), SM.getFileOffset(FileLoc));
  }

  ConditionalDirectives &Directives;
  const clang::SourceManager &SM;
};

} // namespace

std::unique_ptr<clang::PPCallbacks>
ConditionalDirectives::makeCallbacks(const clang::SourceManager &SM) {
  return std::make_unique<Callbacks>(*this, SM);
}

bool ConditionalDirectives::anyWithin(clang::FileID File, unsigned Begin,
                                      unsigned End) const {
  auto It = Offsets.find(File.getHashValue());
  if (It == Offsets.end())
    return false;
  for (unsigned Offset : It->second)
    if (Begin <= Offset && Offset < End)
      return true;
  return false;
}

} // namespace headroom::ast
