//===- TextDiagnosticPrinter.cpp - Diagnostics as clang prints them -------===//

#include "views/TextDiagnosticPrinter.h"

#include <string>

namespace headroom {

namespace {

const char *Reset = "\033[0m";
const char *Bold = "\033[1m";

const char *levelColor(DiagnosticLevel L) {
  switch (L) {
  case DiagnosticLevel::Note:
    return "\033[1;30m";
  case DiagnosticLevel::Remark:
    return "\033[1;34m";
  case DiagnosticLevel::Warning:
    return "\033[1;35m";
  case DiagnosticLevel::Error:
    return "\033[1;31m";
  }
  return Bold;
}

void printOne(const Diagnostic &D, std::ostream &OS, bool Color,
              std::string_view Program) {
  if (Color)
    OS << Bold;
  if (D.Location) {
    // As clang: a location without a column (a baseline's) is file:line.
    OS << D.Location->File << ":" << D.Location->Line << ":";
    if (D.Location->Column > 0)
      OS << D.Location->Column << ":";
    OS << " ";
  } else
    OS << Program << ": ";
  if (Color)
    OS << levelColor(D.Level);
  OS << diagnosticLevelName(D.Level) << ":";
  if (Color)
    OS << Reset << (D.Level == DiagnosticLevel::Note ? "" : Bold);
  OS << " " << D.Message;
  if (!D.Check.empty())
    OS << " [" << D.Check << "]";
  if (Color)
    OS << Reset;
  OS << "\n";
}

} // namespace

void printTextDiagnostics(const std::vector<Diagnostic> &Diags,
                          std::ostream &OS, bool Color,
                          std::string_view Program) {
  unsigned Warnings = 0, Errors = 0;
  for (const Diagnostic &D : Diags) {
    printOne(D, OS, Color, Program);
    for (const Diagnostic &N : D.Notes)
      printOne(N, OS, Color, Program);
    Warnings += D.Level == DiagnosticLevel::Warning;
    Errors += D.Level == DiagnosticLevel::Error;
  }
  // Clang's summary: "2 warnings generated.", "1 warning and 1 error
  // generated."
  auto Count = [](unsigned N, const char *What) {
    return std::to_string(N) + " " + What + (N == 1 ? "" : "s");
  };
  if (Warnings && Errors)
    OS << Count(Warnings, "warning") << " and " << Count(Errors, "error")
       << " generated.\n";
  else if (Warnings)
    OS << Count(Warnings, "warning") << " generated.\n";
  else if (Errors)
    OS << Count(Errors, "error") << " generated.\n";
}

} // namespace headroom
