//===- InlinedLines.h - nvdisasm -gi line info per SASS offset --*- C++ -*-===//
///
/// \file
/// The source frames of each instruction as `nvdisasm -gi -c` prints them
/// for a cubin compiled with -lineinfo (CUDA 13.0): before an instruction
/// whose position changes, one comment per frame, innermost first, the line
/// of the function the code was compiled into last:
///
///     //## File "sort.cu", line 31 inlined at "sort.cu", line 48
///     //## File "sort.cu", line 48
///             /*0160*/                   ISETP.GE.U32.AND P2, PT, R9, R0, PT ;
///
/// The frames hold for the instructions that follow until the next such
/// comment. Functions are the `.section .text.<mangled>` sections (a kernel
/// and the device functions compiled into it; offsets are from the
/// section's start, as the profile's), their architecture the `.target`
/// line. `cuobjdump -sass` prints no lines, so this reads nvdisasm's text
/// only.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_INLINEDLINES_H
#define HEADROOM_SASS_INLINEDLINES_H

#include "analysis/KernelCode.h"
#include "support/Error.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace headroom::sass {

/// The frames of one function's instructions.
struct FunctionFrames {
  /// The mangled name (of its `.text.` section) and "sm_90" (of `.target`).
  std::string Name;
  std::string Arch;
  /// Per SASS offset, the instruction's frames, innermost first; offsets
  /// before the first comment have none.
  std::map<std::uint64_t, std::vector<CodeFrame>> At;
};

/// Whether \p Text has nvdisasm's line comments (`//## File`).
bool hasInlinedLines(const std::string &Text);

/// The frames of every function of \p Text (`nvdisasm -gi -c` output, of
/// one cubin or several concatenated); \p Source names the text in errors.
/// A text without a `.text.` section, with an instruction before the first
/// one, with a `//##` comment of another form or with a line longer than
/// MaxListingLineLength is an error.
Expected<std::vector<FunctionFrames>>
parseInlinedLines(const std::string &Text, const std::string &Source);

} // namespace headroom::sass

#endif // HEADROOM_SASS_INLINEDLINES_H
