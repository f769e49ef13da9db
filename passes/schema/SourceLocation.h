//===- SourceLocation.h - A position in a source file -----------*- C++ -*-===//
///
/// \file
/// Where something is in the user's sources, as profiles record it (launch
/// sites, kernel definitions, scopes) and diagnostics point at it.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SCHEMA_SOURCELOCATION_H
#define HEADROOM_SCHEMA_SOURCELOCATION_H

#include <string>

namespace headroom {

/// A position in a source file; Line and Column are 1-based. A value type.
struct SourceLocation {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;

  friend bool operator==(const SourceLocation &,
                         const SourceLocation &) = default;
};

} // namespace headroom

#endif // HEADROOM_SCHEMA_SOURCELOCATION_H
