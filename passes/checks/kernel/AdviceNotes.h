//===- AdviceNotes.h - Advice with its estimated gain -----------*- C++ -*-===//
///
/// \file
/// The notes that put a kernel's advice (KernelFinding::Advice, the
/// what-ifs of model/WhatIf.h that apply) before what to try: per what-if,
/// the estimated speedup, the kernel's time now and as estimated (the
/// measured time over the speedup), what the change is and the section of
/// docs/advice.md that says how to make it. Each note is at the hot line
/// the change goes to where the stall samples show one
/// (analysis/AdviceLines.h), else at the kernel.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_KERNEL_ADVICENOTES_H
#define HEADROOM_CHECKS_KERNEL_ADVICENOTES_H

#include "analysis/Analysis.h"
#include "analysis/Diagnostic.h"

namespace headroom {

/// At most this many advice notes per kernel.
inline constexpr std::size_t MaxAdviceNotes = 3;

/// Adds \p K's advice notes to \p D, the largest gain first.
void addAdviceNotes(const KernelReport &K, Diagnostic &D);

} // namespace headroom

#endif // HEADROOM_CHECKS_KERNEL_ADVICENOTES_H
