//===- HeldDiagnostics.h - clang's diagnostics, held ------------*- C++ -*-===//
///
/// \file
/// The host parse does not stop at every error clang reports: nvcc, which
/// compiles the result, accepts code that clang's CUDA headers reject
/// (an unqualified host `isfinite(float)`, which nvcc's host side
/// resolves). Whether an error is tolerated is known only once the launches
/// have been checked, so the diagnostics of the parse are held back until
/// then and passed on
/// afterwards: errors as warnings when they are tolerated, unchanged when
/// the translation unit is refused.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_HELDDIAGNOSTICS_H
#define HEADROOM_AST_HELDDIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"

#include <string>
#include <vector>

namespace headroom::ast {

/// \p Info as `file:line:col: message`, at the location the compiler
/// presents (`#line` applied); the message alone without a location.
std::string describeDiagnostic(const clang::Diagnostic &Info);

/// Forwards every diagnostic to another consumer, whose error and warning
/// counts it reports as its own, and keeps its own account of the errors.
/// Diagnostics reported while a source file is parsed are held until
/// release(); whatever is still held when the file ends is passed on
/// unchanged. Diagnostics outside a source file (the driver's, such as an
/// unknown flag) pass at once. Holds a reference to the next consumer, which
/// must outlive it.
class HeldDiagnostics : public clang::DiagnosticConsumer {
public:
  explicit HeldDiagnostics(clang::DiagnosticConsumer &Next) : Next(Next) {}

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override;
  void EndSourceFile() override;
  void finish() override { Next.finish(); }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

  /// Passes the held diagnostics on, errors as warnings when
  /// \p ErrorsAsWarnings. Call while the parse's source manager lives.
  void release(bool ErrorsAsWarnings);

  /// The errors reported outside a source file: the command's.
  unsigned commandErrors() const { return CommandErrors; }
  /// Whether every error of the parse is semantic (clang's Sema and AST
  /// diagnostics), i.e. the preprocessor and the parser read all the text.
  bool onlySemanticErrors() const { return !SyntaxErrors; }
  /// The errors of the parse, as `file:line:col: message`, in order.
  const std::vector<std::string> &parseErrors() const { return Errors; }
  /// Where the errors of the parse are reported, in order (valid while the
  /// parse's source manager lives).
  const std::vector<clang::SourceLocation> &errorLocations() const {
    return ErrorLocations;
  }

private:
  /// Passes one diagnostic on and takes over the next consumer's counts.
  void forward(clang::DiagnosticsEngine::Level Level,
               const clang::Diagnostic &Info);

  clang::DiagnosticConsumer &Next;
  clang::DiagnosticsEngine *Engine = nullptr;
  std::vector<clang::StoredDiagnostic> Held;
  std::vector<std::string> Errors;
  std::vector<clang::SourceLocation> ErrorLocations;
  unsigned CommandErrors = 0;
  bool SyntaxErrors = false;
  bool InSourceFile = false;
  bool Releasing = false;
};

} // namespace headroom::ast

#endif // HEADROOM_AST_HELDDIAGNOSTICS_H
