//===- SourceCheck.cpp - A check of CUDA source code ----------------------===//

#include "sourcechecks/SourceCheck.h"

#include "sourcechecks/LaneAnalysis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

namespace headroom::sourcechecks {

CheckContext::CheckContext(clang::ASTContext &Ctx,
                           clang::DiagnosticsEngine &Out, bool AsErrors)
    : Ctx(Ctx), Out(Out) {
  WarningID = Out.getCustomDiagID(AsErrors ? clang::DiagnosticsEngine::Error
                                           : clang::DiagnosticsEngine::Warning,
                                  "%0");
  NoteID = Out.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
}

CheckContext::~CheckContext() = default;

bool CheckContext::canFix(clang::SourceLocation Loc) const {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  return Loc.isValid() && Loc.isFileID() && SM.isInMainFile(Loc);
}

void CheckContext::report(const SourceCheck &Check, Finding F) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  F.Where = SM.getFileLoc(F.Where);
  if (!Reported.insert({F.Where.getRawEncoding(), Check.name(), F.Message})
           .second)
    return;
  ++Count;
  Kept.emplace_back(&Check, std::move(F));
}

void CheckContext::flush() {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Kept.begin(), Kept.end(), [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(A.second.Where, B.second.Where);
  });
  for (auto &[Check, F] : Kept) {
    emit(F.Where, WarningID,
         F.Message + " [" + std::string(Check->name()) + "]", F.Fixes);
    for (const FindingNote &Note : F.Notes)
      emit(Note.Where, NoteID, Note.Message, Note.Fixes);
    if (!F.ToTry.empty())
      emit(F.Where, NoteID,
           "to try: " + F.ToTry + " (docs/diagnostics.md#" +
               std::string(Check->name()) + ")",
           {});
  }
  Kept.clear();
}

void CheckContext::emit(clang::SourceLocation Where, unsigned ID,
                        const std::string &Text,
                        const std::vector<clang::FixItHint> &Fixes) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::DiagnosticBuilder D = Out.Report(SM.getFileLoc(Where), ID);
  D << Text;
  bool Fixable = true;
  for (const clang::FixItHint &Fix : Fixes)
    Fixable &=
        canFix(Fix.RemoveRange.getBegin()) && canFix(Fix.RemoveRange.getEnd());
  if (Fixable)
    for (const clang::FixItHint &Fix : Fixes)
      D << Fix;
}

LaneAnalysis &CheckContext::lanes(const clang::FunctionDecl &F) {
  std::unique_ptr<LaneAnalysis> &A = Analyses[&F];
  if (!A)
    A = std::make_unique<LaneAnalysis>(F, Ctx);
  return *A;
}

void walkStatements(const clang::Stmt *Root,
                    llvm::function_ref<bool(const clang::Stmt &)> Visit) {
  struct Walker : clang::RecursiveASTVisitor<Walker> {
    llvm::function_ref<bool(const clang::Stmt &)> Visit;
    bool VisitStmt(clang::Stmt *S) { return Visit(*S); }
  };
  Walker W;
  W.Visit = Visit;
  W.TraverseStmt(const_cast<clang::Stmt *>(Root));
}

} // namespace headroom::sourcechecks
