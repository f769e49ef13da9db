//===- Diagnostic.cpp - A compiler-style diagnostic -----------------------===//

#include "analysis/Diagnostic.h"

namespace headroom {

const char *diagnosticLevelName(DiagnosticLevel L) {
  switch (L) {
  case DiagnosticLevel::Note:
    return "note";
  case DiagnosticLevel::Remark:
    return "remark";
  case DiagnosticLevel::Warning:
    return "warning";
  case DiagnosticLevel::Error:
    return "error";
  }
  return "warning";
}

} // namespace headroom
