//===- SourceCheck.cpp - A check of CUDA source code ----------------------===//

#include "sourcechecks/SourceCheck.h"

#include "sourcechecks/LaneAnalysis.h"
#include "sourcechecks/NoLintComments.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

namespace headroom::sourcechecks {

CheckContext::CheckContext(clang::ASTContext &Ctx,
                           clang::DiagnosticsEngine &Out,
                           const CheckSettings &Settings)
    : Ctx(Ctx), Out(Out), Settings(Settings),
      HeaderFilter(compiledHeaderFilter(Settings)) {
  WarningID =
      Out.getCustomDiagID(Settings.AsErrors ? clang::DiagnosticsEngine::Error
                                            : clang::DiagnosticsEngine::Warning,
                          "%0");
  NoteID = Out.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
  ErrorID = Out.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
}

CheckContext::~CheckContext() = default;

std::int64_t CheckContext::threshold(const SourceCheck &Check,
                                     const SourceCheckThreshold &T) const {
  auto It = Settings.Thresholds.find(std::string(Check.name()) + "." +
                                     std::string(T.Name));
  return It == Settings.Thresholds.end() ? T.Default : It->second;
}

std::optional<llvm::Regex> compiledHeaderFilter(const CheckSettings &Settings) {
  if (!Settings.HeaderFilter)
    return std::nullopt;
  llvm::Regex Filter(*Settings.HeaderFilter);
  if (!Filter.isValid())
    return std::nullopt;
  return Filter;
}

bool isJudged(const clang::SourceManager &SM, clang::SourceLocation Loc,
              const llvm::Regex *HeaderFilter) {
  clang::SourceLocation At = SM.getExpansionLoc(Loc);
  if (SM.isInMainFile(At))
    return true;
  if (!HeaderFilter || At.isInvalid() || SM.isInSystemHeader(At))
    return false;
  clang::OptionalFileEntryRef File = SM.getFileEntryRefForID(SM.getFileID(At));
  return File && HeaderFilter->match(File->getName());
}

bool CheckContext::judged(clang::SourceLocation Loc) const {
  return isJudged(Ctx.getSourceManager(), Loc,
                  HeaderFilter ? &*HeaderFilter : nullptr);
}

bool CheckContext::canFix(clang::SourceLocation Loc) const {
  return Loc.isValid() && Loc.isFileID() && judged(Loc);
}

void CheckContext::report(const SourceCheck &Check, Finding F) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  F.Where = SM.getFileLoc(F.Where);
  if (!Reported.insert({F.Where.getRawEncoding(), Check.name(), F.Message})
           .second)
    return;
  Kept.emplace_back(&Check, std::move(F));
}

const NoLintComments &CheckContext::noLintComments(clang::FileID File) {
  std::unique_ptr<NoLintComments> &Comments = NoLints[File];
  if (Comments)
    return *Comments;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  Comments = std::make_unique<NoLintComments>(SM.getBufferData(File));
  using Kind = NoLintComments::Kind;
  for (const NoLintComments::Comment &C : Comments->unmatched()) {
    Finding Unmatched;
    Unmatched.Where = SM.getComposedLoc(File, C.Offset);
    Unmatched.Message = C.Type == Kind::Begin
                            ? "unmatched 'NOLINTBEGIN' comment without a "
                              "subsequent 'NOLINTEND' comment"
                            : "unmatched 'NOLINTEND' comment without a "
                              "previous 'NOLINTBEGIN' comment";
    UnmatchedNoLints.push_back(std::move(Unmatched));
  }
  return *Comments;
}

bool CheckContext::leftOut(const SourceCheck &Check, const Finding &F) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  auto [File, Offset] = SM.getDecomposedLoc(F.Where);
  if (File.isInvalid())
    return false;
  llvm::StringRef Name(Check.name().data(), Check.name().size());
  if (noLintComments(File).silences(Offset, Name))
    return true;
  if (!Settings.FindingsSeen)
    return false;
  // By the file's real path: a header's finding is said once per run.
  clang::OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  if (!Entry)
    return false;
  llvm::StringRef Path = Entry->getFileEntry().tryGetRealPathName();
  clang::PresumedLoc P = SM.getPresumedLoc(F.Where);
  std::string Key = (Path.empty() ? Entry->getName() : Path).str() + ":" +
                    std::to_string(P.getLine()) + ":" +
                    std::to_string(P.getColumn()) + ":" + Name.str() + ":" +
                    F.Message;
  return !Settings.FindingsSeen->insert(Key).second;
}

void CheckContext::flush() {
  // The findings said, and the unmatched NOLINT comments of their files
  // (found on the way) among them, in the order of their locations.
  std::vector<std::pair<const SourceCheck *, Finding>> Said;
  for (auto &[Check, F] : Kept)
    if (!leftOut(*Check, F))
      Said.emplace_back(Check, std::move(F));
  for (Finding &Unmatched : UnmatchedNoLints)
    Said.emplace_back(nullptr, std::move(Unmatched));
  Kept.clear();
  UnmatchedNoLints.clear();
  const clang::SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Said.begin(), Said.end(), [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(A.second.Where, B.second.Where);
  });
  for (auto &[Check, F] : Said) {
    if (!Check) {
      emit(F.Where, ErrorID, F.Message, {});
      continue;
    }
    ++Count;
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
