//===- HeldDiagnostics.cpp - clang's diagnostics of the host parse --------===//

#include "ast/HeldDiagnostics.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

namespace headroom::ast {

namespace {

/// Whether \p ID is one of clang's semantic diagnostics (Sema or AST), as
/// opposed to the driver's, the preprocessor's or the parser's.
bool isSemantic(unsigned ID) {
  namespace diag = clang::diag;
  return (ID >= diag::DIAG_START_AST && ID < diag::DIAG_START_COMMENT) ||
         (ID >= diag::DIAG_START_SEMA && ID < diag::DIAG_START_ANALYSIS);
}

} // namespace

std::string describeDiagnostic(const clang::Diagnostic &Info) {
  llvm::SmallString<256> Message;
  Info.FormatDiagnostic(Message);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  if (Info.hasSourceManager() && Info.getLocation().isValid()) {
    clang::PresumedLoc P =
        Info.getSourceManager().getPresumedLoc(Info.getLocation());
    if (P.isValid())
      OS << P.getFilename() << ':' << P.getLine() << ':' << P.getColumn()
         << ": ";
  }
  OS << Message;
  return Text;
}

void HeldDiagnostics::BeginSourceFile(const clang::LangOptions &LO,
                                      const clang::Preprocessor *PP) {
  InSourceFile = true;
  Engine = PP ? &PP->getDiagnostics() : nullptr;
  Next.BeginSourceFile(LO, PP);
}

void HeldDiagnostics::EndSourceFile() {
  release(/*ErrorsAsWarnings=*/false);
  InSourceFile = false;
  Engine = nullptr;
  Next.EndSourceFile();
}

void HeldDiagnostics::HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                                       const clang::Diagnostic &Info) {
  if (Releasing) {
    forward(Level, Info);
    return;
  }
  bool IsError = Level >= clang::DiagnosticsEngine::Error;
  if (!InSourceFile || !Engine) {
    CommandErrors += IsError;
    forward(Level, Info);
    return;
  }
  if (IsError) {
    Errors.push_back(describeDiagnostic(Info));
    ErrorLocations.push_back(Info.getLocation());
    SyntaxErrors |=
        Level == clang::DiagnosticsEngine::Fatal || !isSemantic(Info.getID());
  }
  Held.emplace_back(Level, Info);
}

void HeldDiagnostics::release(bool ErrorsAsWarnings) {
  if (Held.empty())
    return;
  Releasing = true;
  for (const clang::StoredDiagnostic &D : Held) {
    clang::DiagnosticsEngine::Level Level = D.getLevel();
    if (ErrorsAsWarnings && Level == clang::DiagnosticsEngine::Error)
      Level = clang::DiagnosticsEngine::Warning;
    Engine->Report(clang::StoredDiagnostic(Level, D.getID(), D.getMessage(),
                                           D.getLocation(), D.getRanges(),
                                           D.getFixIts()));
  }
  Releasing = false;
  Held.clear();
}

void HeldDiagnostics::forward(clang::DiagnosticsEngine::Level Level,
                              const clang::Diagnostic &Info) {
  Next.HandleDiagnostic(Level, Info);
  // clang ends a parse with "N errors generated" from these counts: they
  // are what the next consumer showed (none when it shows nothing, errors
  // passed on as warnings as warnings).
  NumErrors = Next.getNumErrors();
  NumWarnings = Next.getNumWarnings();
}

} // namespace headroom::ast
