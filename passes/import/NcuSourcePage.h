//===- NcuSourcePage.h - Nsight Compute's source page -----------*- C++ -*-===//
///
/// \file
/// The source page of one kernel, as `ncu --import R.ncu-rep --csv --page
/// source --print-source sass,cuda -k K -c 1` exports it (the program built
/// with -lineinfo, profiled with --import-source yes): a "File Path" and a
/// "Function Name" row, a header row that starts with "Line No", then the
/// source lines that have code, each "Line No", "Source" (trimmed of its
/// indentation), maybe followed by SASS rows with an empty "Line No". The
/// raw page has no source locations; this page gives the kernel's: the
/// first source line that names the kernel is its definition.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_IMPORT_NCUSOURCEPAGE_H
#define HEADROOM_IMPORT_NCUSOURCEPAGE_H

#include "support/Error.h"

#include <string>
#include <string_view>

namespace headroom::ncu {

/// Where a kernel is defined, as its source page says.
struct KernelSource {
  /// The source file as recorded on the machine that ran the program.
  std::string File;
  /// The kernel's signature as Nsight Compute prints it, as in the raw
  /// page's "Kernel Name".
  std::string Function;
  /// The page's line of the "Function Name" row.
  std::size_t FunctionLine = 0;
  /// The definition's line, and its text as the page prints it (without
  /// its indentation).
  unsigned Line = 0;
  std::string Text;
  /// The 1-based column of the kernel's name in Text, 0 when Text does not
  /// name it (the first line with code does not name the kernel).
  unsigned NameColumn = 0;
};

/// Reads the source page \p Text. Errors name the line and say what was
/// expected ("line 1: expected the source page's \"File Path\" row").
Expected<KernelSource> readSourcePage(std::string_view Text);

/// The 1-based column where \p Line names \p Identifier as a whole word, or
/// 0.
unsigned columnOfIdentifier(std::string_view Line, std::string_view Identifier);

} // namespace headroom::ncu

#endif // HEADROOM_IMPORT_NCUSOURCEPAGE_H
