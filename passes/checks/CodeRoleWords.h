//===- CodeRoleWords.h - The words for what an instruction is ---*- C++ -*-===//
///
/// \file
/// What an instruction is to a stall (analysis/KernelCode.h, CodeRole) in
/// words, to follow "waiting on the": "global load", "barrier", ... The
/// one place where code roles get English.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_CODEROLEWORDS_H
#define HEADROOM_CHECKS_CODEROLEWORDS_H

#include "analysis/KernelCode.h"

#include <string_view>

namespace headroom {

/// "global load", "shared load", "SFU operation", "barrier", ...
std::string_view codeRoleWords(CodeRole R);

} // namespace headroom

#endif // HEADROOM_CHECKS_CODEROLEWORDS_H
